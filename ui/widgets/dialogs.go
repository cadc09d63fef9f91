package widgets

import (
	"image/color"
	"slices"
	"strconv"
	"strings"

	eimage "github.com/ebitenui/ebitenui/image"
	"github.com/ebitenui/ebitenui/widget"
	"github.com/hajimehoshi/ebiten/v2"
	"github.com/hajimehoshi/ebiten/v2/inpututil"

	"watchscope/ui/view"
)

// row is one line of a dialog: its text, font, size, colour and indent.
type row struct {
	text  string
	font  view.Font
	size  float64
	color color.RGBA
	dx    float64
}

// rowH is the design height a row takes.
func (r row) h() float64 { return view.DialogRowH(r.size) }

// dialog is a modal panel over a dimmed stage (help, why?): it shows
// rows of text, and a click anywhere closes it, as Esc does.
type dialog struct {
	l        *Layer
	backdrop *widget.Container
	panel    *widget.Container
	title    string
	rows     []row
}

func newDialog(l *Layer) *dialog {
	d := &dialog{l: l}
	d.backdrop = l.newBackdrop(0.65, func(float64, float64) bool { return false })
	return d
}

// sync shows the dialog with a title and rows (made only while it is
// open: this runs every tick), or hides it.
func (d *dialog) sync(open bool, title string, makeRows func() []row) {
	show(d.backdrop, open)
	if !open {
		return
	}
	rows := makeRows()
	if title == d.title && slices.Equal(rows, d.rows) && d.panel != nil {
		return
	}
	d.title, d.rows = title, rows
	st := d.l.st
	w := 1280.0
	h := float64(view.DialogChromeH)
	for _, r := range rows {
		h += r.h()
	}
	for _, r := range rows {
		w = max(w, view.Measure(r.font, r.size, r.text)+r.dx+96)
	}
	w = min(w, view.DialogMaxW)
	box := view.Region{X: (view.DesignW - w) / 2, Y: view.DialogTop, W: w, H: h}
	panel := widget.NewContainer(
		widget.ContainerOpts.WidgetOpts(at(box)),
		widget.ContainerOpts.BackgroundImage(st.panel(st.theme.PanelHi, 16)),
		widget.ContainerOpts.Layout(place{&d.l.fr}),
	)
	small := max(16, st.theme.Bar.Text) // the frame's type: a projector's 27
	panel.AddChild(label(st, view.Region{X: box.X + 40, Y: box.Y + 24, W: box.W - 200, H: 40}, title, view.ProseBold, max(26, st.theme.Bar.Text), st.theme.Ink, widget.TextPositionStart))
	panel.AddChild(label(st, view.Region{X: box.X + box.W - 200, Y: box.Y + 28 - (small-16)/2, W: 168, H: 24 + (small - 16)}, "Esc closes", view.Prose, small, st.theme.Caption, widget.TextPositionEnd))
	y := box.Y + 84
	for _, r := range rows {
		panel.AddChild(label(st, view.Region{X: box.X + 40 + r.dx, Y: y, W: box.W - 80 - r.dx, H: r.h()}, r.text, r.font, r.size, r.color, widget.TextPositionStart))
		y += r.h()
	}
	d.panel = d.l.swap(d.backdrop, d.panel, panel)
}

// newBackdrop is a hidden modal layer that dims the stage by alpha; a
// click on it outside the dialog (inside reports whether a design point
// is on the dialog) sends "close", as Esc does.
func (l *Layer) newBackdrop(alpha float64, inside func(x, y float64) bool) *widget.Container {
	b := widget.NewContainer(
		widget.ContainerOpts.BackgroundImage(eimage.NewNineSliceColor(view.Fade(l.st.theme.Background, alpha))),
		widget.ContainerOpts.Layout(place{&l.fr}),
		widget.ContainerOpts.WidgetOpts(widget.WidgetOpts.MouseButtonReleasedHandler(func(a *widget.WidgetMouseButtonReleasedEventArgs) {
			x, y := l.fr.Design(float64(a.Widget.Rect.Min.X+a.OffsetX), float64(a.Widget.Rect.Min.Y+a.OffsetY))
			if a.Inside && a.Button == ebiten.MouseButtonLeft && !inside(x, y) {
				l.send("close")
			}
		})),
	)
	show(b, false)
	return b
}

// swap puts panel in parent in place of old (if any) and returns it.
func (l *Layer) swap(parent, old, panel *widget.Container) *widget.Container {
	if old != nil {
		parent.ReplaceChild(old, panel)
	} else {
		parent.AddChild(panel)
	}
	l.moved = true
	return panel
}

// label is a line of text at a design region, vertically centred.
func label(st *style, r view.Region, s string, f view.Font, size float64, c color.RGBA, h widget.TextPosition) *widget.Text {
	return widget.NewText(
		widget.TextOpts.WidgetOpts(at(r)),
		widget.TextOpts.Text(s, st.face(f, size), c),
		widget.TextOpts.Position(h, widget.TextPositionCenter),
	)
}

// rowsOf are an overlay's dialog lines (view.Overlay.Rows) as rows.
func rowsOf(in []view.DialogRow) []row {
	out := make([]row, len(in))
	for i, r := range in {
		out[i] = row{text: r.Text, font: r.Font, size: r.Size, color: r.Color, dx: r.DX}
	}
	return out
}

// whyRows is the causal chain, root first, each link with the rule that
// made it happen under it; the newest link in ink. Each is wrapped to the
// dialog's width at the theme's type, never cut (issue 26: no "…"), on at
// most two lines whose second says less; the oldest links are left out
// ("3 earlier links not shown") when they would not fit in whyRowsMax rows.
func whyRows(th view.Theme, u view.Chrome) []row {
	ev, rule, note := max(18, th.Bar.Text), max(17, th.Bar.Text), max(16, th.Bar.Text)
	var links [][]row
	for i, link := range u.Why {
		e, r, _ := strings.Cut(link, "\t")
		c := th.Muted
		if i == len(u.Why)-1 {
			c = th.Ink
		}
		rs := wrapRows(e, view.Mono, ev, c, 0)
		if r != "" {
			rs = append(rs, wrapRows("because: "+r, view.Prose, rule, view.BluishGreen, 40)...)
		}
		links = append(links, rs)
	}
	n, rows := 0, 1 // the newest links that fit, with the note's row
	for n < len(links) && n < 9 && rows+len(links[len(links)-1-n]) <= whyRowsMax {
		rows += len(links[len(links)-1-n])
		n++
	}
	var out []row
	if len(links) > n {
		out = append(out, row{text: strconv.Itoa(len(links)-n) + " earlier links not shown", font: view.Prose, size: note, color: th.Caption})
	}
	for _, rs := range links[len(links)-n:] {
		out = append(out, rs...)
	}
	return out
}

// whyRowsMax is how many rows the why? dialog has room for at the
// projector's type.
const whyRowsMax = 18

// wrapRows is text as the dialog's rows, wrapped to its widest line at
// size: at most two, the second saying less when more would follow.
func wrapRows(text string, f view.Font, size float64, c color.RGBA, dx float64) []row {
	width := 1760 - 96 - dx - 24
	lines := view.Wrap(text, f, size, width)
	if len(lines) > 2 { // the second line says less: it ends on a whole word before the rest
		lines = []string{lines[0], view.Clip(lines[1], len([]rune(lines[1]))-1)}
	}
	rs := make([]row, len(lines))
	for i, l := range lines {
		rs[i] = row{text: l, font: f, size: size, color: c, dx: dx}
		if i > 0 {
			rs[i].dx += 24 // a wrapped line, indented under its first
		}
	}
	return rs
}

// picker is the lesson picker: an ebitenui List of the lessons (and free
// play) in a panel; a click opens one, ↑ ↓ move the session's selection
// (PickerAt), which the list shows.
type picker struct {
	l        *Layer
	backdrop *widget.Container
	panel    *widget.Container
	list     *widget.List
	rows     []string
	at       int
	echo     int // the selection the list was told, whose event is not a click
}

const pickerTitle = "Lessons  (click one, press its number, or ↑ ↓ and Enter; Esc closes)"

func newPicker(l *Layer) *picker {
	p := &picker{l: l, at: -1, echo: -1}
	p.backdrop = l.newBackdrop(0.7, func(x, y float64) bool { return p.panel != nil && p.box().Contains(x, y) })
	return p
}

// released reports whether a click or a tap ended this tick: the only
// way a learner picks a row with the pointer (ebitenui selects on release).
func released() bool {
	return inpututil.IsMouseButtonJustReleased(ebiten.MouseButtonLeft) || len(inpututil.AppendJustReleasedTouchIDs(nil)) > 0
}

// box is the panel's design region for the current rows.
func (p *picker) box() view.Region {
	return view.PickerBox(p.l.st.theme, len(p.rows))
}

func (p *picker) sync(u view.Chrome) {
	show(p.backdrop, u.Picker)
	if !u.Picker {
		return
	}
	if p.panel == nil || !slices.Equal(u.Lessons, p.rows) {
		p.build(u.Lessons)
	}
	if u.PickerAt != p.at && u.PickerAt >= 0 && u.PickerAt < len(p.rows) {
		p.at, p.echo = u.PickerAt, u.PickerAt
		p.list.SetSelectedEntry(u.PickerAt)
		p.l.moved = true
	}
}

func (p *picker) build(rows []string) {
	st := p.l.st
	p.rows, p.at, p.echo = slices.Clone(rows), -1, -1
	box := p.box()
	panel := widget.NewContainer(
		widget.ContainerOpts.WidgetOpts(at(box)),
		widget.ContainerOpts.BackgroundImage(st.panel(st.theme.PanelHi, 16)),
		widget.ContainerOpts.Layout(place{&p.l.fr}),
	)
	panel.AddChild(label(st, view.Region{X: box.X + 40, Y: box.Y + 16, W: box.W - 80, H: 40}, pickerTitle, view.ProseBold, max(24, st.theme.Bar.Text), st.theme.Ink, widget.TextPositionStart))
	entries := make([]any, len(rows))
	for i := range rows {
		entries[i] = i
	}
	plain := st.panel(st.theme.PanelHi, 0)
	listBox := view.Region{X: box.X + 24, Y: box.Y + 72, W: box.W - 48, H: box.H - 96}
	opts := []widget.ListOpt{widget.ListOpts.HideHorizontalSlider()}
	if float64(len(rows))*view.PickerPitch(st.theme) <= listBox.H { // all rows fit: no scroll bar
		opts = append(opts, widget.ListOpts.HideVerticalSlider())
	}
	p.list = widget.NewList(append(opts,
		widget.ListOpts.ContainerOpts(widget.ContainerOpts.WidgetOpts(at(listBox))),
		widget.ListOpts.Entries(entries),
		widget.ListOpts.EntryLabelFunc(func(e any) string { return p.rows[e.(int)] }),
		widget.ListOpts.EntryFontFace(st.face(view.Mono, view.PickerText(st.theme))),
		widget.ListOpts.EntryColor(&widget.ListEntryColor{
			Unselected: st.theme.Muted, Selected: st.theme.Ink, DisabledUnselected: st.theme.Caption, DisabledSelected: st.theme.Muted,
			SelectingBackground: st.theme.Rule, SelectedBackground: st.theme.Rule, FocusedBackground: st.theme.Rule,
			SelectingFocusedBackground: st.theme.Rule, SelectedFocusedBackground: st.theme.Rule, DisabledSelectedBackground: st.theme.Rule,
		}),
		widget.ListOpts.EntryTextPadding(&widget.Insets{Left: st.px(16), Right: st.px(16), Top: st.px(6), Bottom: st.px(6)}),
		widget.ListOpts.EntryTextPosition(widget.TextPositionStart, widget.TextPositionCenter),
		widget.ListOpts.ScrollContainerImage(&widget.ScrollContainerImage{Idle: plain, Disabled: plain, Mask: plain}),
		widget.ListOpts.SliderParams(&widget.SliderParams{
			TrackImage:  &widget.SliderTrackImage{Idle: st.panel(st.theme.Panel, 4), Hover: st.panel(st.theme.Panel, 4)},
			HandleImage: &widget.ButtonImage{Idle: st.panel(st.theme.Faint, 4), Hover: st.panel(st.theme.Caption, 4), Pressed: st.panel(st.theme.Caption, 4)},
		}),
		widget.ListOpts.DisableDefaultKeys(true), // ↑ ↓ Enter are the page's keys (PickerAt)
		widget.ListOpts.AllowReselect(),
		widget.ListOpts.EntrySelectedHandler(func(a *widget.ListEntrySelectedEventArgs) {
			i := a.Entry.(int)
			if i == p.echo {
				p.echo = -1 // the list repeating the selection it was given
				return
			}
			if !released() {
				return // a selection the list made itself (rebuilt for a theme or a size), not a click
			}
			p.l.send("pickLesson " + strconv.Itoa(i))
		}),
	)...)
	panel.AddChild(p.list)
	p.panel = p.l.swap(p.backdrop, p.panel, panel)
}
