package view

// Overlay is a panel over the stage that one verb toggles (its key's
// command) and "close" shuts: the keyboard help, the legend. Each is one
// line of Overlays, and that line carries all its wiring: the session
// runs its verb (live's stageCommand), the chrome records whether it
// shows (Chrome.Shown), the dialog question (Chrome.DialogOpen), what
// covers the scene's clicks (Chrome.Covered), its painter (overlays) and
// the widget that closes it on a click, or its modal dialog (the
// widgets, ui/widgets), and the command registry's line for its verb
// (keys.Registry, which the tests give OverlayVerbs).
//
// Adding one is its own file (what it shows: a Draw or a dialog's Rows),
// its line here, and its key line (ui/keys' Table) to open it from the
// keyboard; a button in a11y.js's toolbar (keys.Toolbar) is optional.
//
// An overlay is one of two kinds, by what its line gives: Rows, a modal
// dialog the widgets draw, which takes every click and key while it shows
// (DialogOpen); or Draw, a panel painted over the stage that a click
// anywhere closes (a clear widget over the canvas, ui/widgets' closer).
type Overlay struct {
	Verb  string                     // the stage verb that opens and closes it
	Title string                     // a dialog's title
	Rows  func(th Theme) []DialogRow // a dialog's lines: the widgets draw it in a modal panel
	Draw  func(o *Scene)             // a panel painted over the stage
}

// Dialog reports whether the overlay is a modal dialog (it has Rows).
func (o Overlay) Dialog() bool { return o.Rows != nil }

// Overlays is the registry, one line per overlay, in drawing order.
var Overlays = []Overlay{
	{Verb: "legend", Draw: legendPanel},
	{Verb: "help", Title: "Keys", Rows: helpDialog},
}

// DialogRow is one line of a dialog: its text, font, size, colour and
// indent (design pixels).
type DialogRow struct {
	Text  string
	Font  Font
	Size  float64
	Color colorRGBA
	DX    float64
}

// OverlaySet is the overlays that show: bit i is Overlays[i].
type OverlaySet uint32

// OverlayVerbs are the overlays' verbs, in registry order.
func OverlayVerbs() []string {
	out := make([]string, len(Overlays))
	for i, o := range Overlays {
		out[i] = o.Verb
	}
	return out
}

// overlayBit is verb's overlay's bit, or 0 for a verb no overlay has.
func overlayBit(verb string) OverlaySet {
	for i, o := range Overlays {
		if o.Verb == verb {
			return 1 << i
		}
	}
	return 0
}

// Shows reports whether the overlay verb toggles is showing.
func (c Chrome) Shows(verb string) bool { return c.Shown&overlayBit(verb) != 0 }

// ToggleOverlay opens or closes the overlay verb toggles; false: no
// overlay has that verb (the command is someone else's).
func (c *Chrome) ToggleOverlay(verb string) bool {
	b := overlayBit(verb)
	c.Shown ^= b
	return b != 0
}

// Covered reports whether something over the scene takes its clicks: a
// dialog (DialogOpen) or an overlay a click closes (the legend, whose
// click a widget takes). The scene answers no click then (Hit is "").
func (c Chrome) Covered() bool { return c.Shown != 0 || c.DialogOpen() }

// showing reports whether an overlay that dialog describes shows: a
// dialog (true) or a panel any click closes (false).
func (c Chrome) showing(dialog bool) bool {
	for i, o := range Overlays {
		if o.Dialog() == dialog && c.Shown&(1<<i) != 0 {
			return true
		}
	}
	return false
}

// helpDialog is the help dialog's lines: the keys, one per line, in Go
// Mono so the columns align, at the frame's type (a projector's 27).
func helpDialog(th Theme) []DialogRow {
	var rs []DialogRow
	for _, s := range helpRows() {
		rs = append(rs, DialogRow{Text: s, Font: Mono, Size: max(20, th.Bar.Text), Color: th.Muted})
	}
	return rs
}

// DialogMaxW is the widest a dialog grows (design pixels), its 96 px of
// margins included: a row wider than that is cut by the panel's edge.
// DialogTop is where a dialog's panel starts and DialogChromeH the height
// its title and margins take over its rows.
const (
	DialogMaxW    = 1760
	DialogTop     = 120
	DialogChromeH = 100
)

// DialogRowH is the height a dialog's row of type size takes.
func DialogRowH(size float64) float64 { return size + 16 }

// PickerBox is the lesson picker's panel for n rows in theme th: wider
// in the projector, whose rows are at its frame's type (PickerText), and
// as tall as the rows need, up to the screen's foot (then it scrolls).
func PickerBox(th Theme, n int) Region {
	w := 1280.0
	if !th.Detail {
		w = 1680
	}
	return Region{X: (DesignW - w) / 2, Y: 136, W: w, H: min(120+float64(n)*PickerPitch(th), DesignH-136-40)}
}

// PickerRowW is the width a picker's row has in box b: the list's inset
// and each entry's padding taken off.
func PickerRowW(b Region) float64 { return b.W - 48 - 32 }

// PickerText is the size of the lesson picker's rows in theme th: the
// frame's type (a projector's 27), and PickerPitch their pitch.
func PickerText(th Theme) float64 { return max(20, th.Bar.Text) }

// PickerPitch is the height of one of the picker's rows.
func PickerPitch(th Theme) float64 { return max(36, LineHeight(PickerText(th))+12) }
