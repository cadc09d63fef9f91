package widgets

import (
	"image/color"
	"slices"
	"time"

	"github.com/ebitenui/ebitenui/widget"

	"watchscope/ui/view"
)

// Panel is a dialog the page fills (ui/page: share, open a lesson file,
// export): a title, lines of text, rows of choices, buttons that send
// commands and a status line, with an optional picture on the left (the
// share link's QR code). It is drawn as the help and why? dialogs are, in
// the stage's fonts and theme, over a dimmed stage; a click beside it
// sends "close", as Esc does.
//
//	Title                                              Esc closes
//	lines (prose, mono, notes)
//	caption   [choice] [choice] value [choice]          (Rows)
//	[Primary] [button] [button]                         (Buttons)
//	status
//	▬▬▬▬▬▬▬▬▬▬▬▬▬▬▬▬▬▬▬▬▬▬▬▬ progress (while Working)
//	hints
type Panel struct {
	Name    string // "share", "open", "export": names the panel for tests and the accessibility layer
	Title   string
	Lines   []PanelLine
	Rows    []PanelRow // between the lines and the buttons
	Buttons []PanelButton
	Status  string // under the buttons: what the last button did ("Copied ✓")
	Failed  bool   // the status is a failure (orange)
	// Working draws a progress bar under the status, Progress (0 to 1) of
	// it filled: a GIF being encoded.
	Working  bool
	Progress float64
	// Picture is drawn left of the text on a white square, Modules x
	// Modules cells of it each an equal whole number of pixels (a QR code
	// stays sharp at any scale); nil: a single column of text.
	Picture func(x, y int) bool
	Modules int
	// Preview is drawn right of the rows of choices (the export panel's
	// last file); nil: none.
	Preview *Preview
}

// PanelLine is one paragraph of a panel, wrapped to its column.
type PanelLine struct {
	Text string
	Kind LineKind
}

// LineKind is how a panel line is set.
type LineKind uint8

const (
	LineProse LineKind = iota // muted prose, 22 px
	LineMono                  // a link or a file's line: Go Mono 20, ink, broken anywhere
	LineNote                  // a warning: orange prose
	LineHint                  // small print under the buttons
)

// PanelButton is a button of a panel and the command it sends. In a row,
// an entry without a command is the row's value, shown as text between
// its buttons ("12.3 s" between "−1 s" and "+1 s").
type PanelButton struct {
	Label   string
	Cmd     string
	Primary bool // the panel's main action: sky blue
	// Toggle: one of a row's choices (fps 5, 10, 15); Pressed is the one
	// chosen, outlined in sky blue (aria-pressed in the page's mirror).
	Toggle, Pressed bool
}

// PanelRow is a row of choices with its caption on the left.
type PanelRow struct {
	Caption string
	Buttons []PanelButton
}

// Clickable is every button of the panel that sends a command, in the
// order PanelButtons gives their places: the rows', then the buttons.
func (p *Panel) Clickable() []PanelButton {
	var out []PanelButton
	for _, r := range p.Rows {
		for _, b := range r.Buttons {
			if b.Cmd != "" {
				out = append(out, b)
			}
		}
	}
	return append(out, p.Buttons...)
}

// Panel geometry on the design canvas.
const (
	panelW       = 1500.0
	panelPad     = 48.0
	pictureSide  = 540.0
	buttonH      = 56.0
	panelButtonW = 16.0 // padding around a button's label
	rowGap       = 14.0 // between two rows of choices
	valueW       = 150.0
)

// panelDialog is the ebitenui tree of the open Panel.
type panelDialog struct {
	l        *Layer
	backdrop *widget.Container
	panel    *widget.Container
	shown    *Panel
	box      view.Region
	buttons  []view.Region // each button's design region, in order
	cell     int           // physical pixels per picture module
	status   *widget.Text
	fill     *widget.Container // the progress bar's filled part (Working)
	// barRegion is the progress bar's track.
	barRegion view.Region
	// The preview's place (fitted to its frames' aspect), when the panel
	// has one, the frame shown and when its loop started.
	previewBox     view.Region
	previewCaption view.Region
	frame          int
	loopStart      time.Time
}

func newPanelDialog(l *Layer) *panelDialog {
	d := &panelDialog{l: l}
	d.backdrop = l.newBackdrop(0.8, func(x, y float64) bool { return d.box.Contains(x, y) })
	return d
}

// sync shows p (rebuilding it when it changed) or hides the panel (nil).
func (d *panelDialog) sync(p *Panel) {
	show(d.backdrop, p != nil)
	if p == nil {
		d.shown = nil
		return
	}
	if d.panel != nil && d.shown != nil && sameLayout(d.shown, p) {
		if d.shown.Status != p.Status || d.shown.Failed != p.Failed || d.shown.Progress != p.Progress {
			d.update(p)
		}
		d.shown = p
		return
	}
	d.shown = p
	d.build(p)
}

// sameLayout compares what a panel shows but its status and progress
// (the picture by identity): a panel whose progress moves every tick
// keeps its widgets, so a button pressed during one tick and released
// during the next is still clicked.
func sameLayout(a, b *Panel) bool {
	return a.Name == b.Name && a.Title == b.Title &&
		slices.Equal(a.Lines, b.Lines) && slices.Equal(a.Buttons, b.Buttons) && a.Modules == b.Modules &&
		slices.EqualFunc(a.Rows, b.Rows, func(x, y PanelRow) bool { return x.Caption == y.Caption && slices.Equal(x.Buttons, y.Buttons) }) &&
		a.Working == b.Working && (a.Picture == nil) == (b.Picture == nil) && a.Preview == b.Preview
}

// update shows a new status and progress in the panel's widgets.
func (d *panelDialog) update(p *Panel) {
	d.status.Label = p.Status
	d.status.SetColor(statusColor(d.l.st.theme, p.Failed))
	if d.fill != nil {
		show(d.fill, p.Progress > 0)
		if move(d.fill, d.fillRegion(p.Progress)) {
			d.panel.RequestRelayout()
		}
	}
	d.l.moved = true
}

// statusColor is the status line's colour in theme th: orange for a
// failure, sky blue otherwise, made darker (Readable) only where it would
// not read at 4.5:1 on the panel (the projector's light grey).
func statusColor(th view.Theme, failed bool) color.RGBA {
	c := view.SkyBlue
	if failed {
		c = view.Orange
	}
	if view.Contrast(c, th.PanelHi) < view.MinContrast {
		c = th.Readable(c)
	}
	return c
}

// lineFace is a line kind's font and size in theme th: never under the
// frame's type (a projector's 27).
func lineFace(th view.Theme, k LineKind) (view.Font, float64) {
	switch k {
	case LineMono:
		return view.Mono, max(20, th.Bar.Text)
	case LineNote:
		return view.Prose, max(20, th.Bar.Text)
	case LineHint:
		return view.Prose, max(18, th.Bar.Text)
	}
	return view.Prose, panelType(th)
}

// panelType is the type of a panel's captions, values, buttons and
// status in theme th: 22 px, or the frame's type where that is larger.
func panelType(th view.Theme) float64 { return max(22, th.Bar.Text) }

// lineStyle is a line kind's font, size and colour in theme th.
func lineStyle(th view.Theme, k LineKind) (view.Font, float64, color.RGBA) {
	f, size := lineFace(th, k)
	switch k {
	case LineMono:
		return f, size, th.Ink
	case LineNote:
		return f, size, view.Orange
	case LineHint:
		return f, size, th.Caption
	}
	return f, size, th.Muted
}

// wrapLine breaks a line to width: prose on spaces, mono anywhere.
func wrapLine(th view.Theme, ln PanelLine, width float64) []string {
	f, size := lineFace(th, ln.Kind)
	if ln.Kind != LineMono {
		return view.Wrap(ln.Text, f, size, width)
	}
	var out []string
	r := []rune(ln.Text)
	for len(r) > 0 {
		n := len(r)
		for n > 1 && view.Measure(f, size, string(r[:n])) > width {
			n--
		}
		out = append(out, string(r[:n]))
		r = r[n:]
	}
	return out
}

// placedLine is a wrapped line of a panel at its height under the title.
type placedLine struct {
	text string
	kind LineKind
	y    float64
}

// panelLayout is where a panel's parts go, in design pixels under the
// top of its text column.
type panelLayout struct {
	lines            []placedLine // the body's and the hints'
	rowsY            []float64
	preview          float64 // the top of the preview's box (Preview)
	caption          float64 // the width of the rows' caption column
	buttonsY, status float64
	barY             float64 // the progress bar (Working)
	h                float64 // the text column's height
}

// A theme without detail (a projector's) leaves the hints out ("S or
// Esc closes."): at its type they would push the buttons down.
func layoutPanel(th view.Theme, p *Panel, textW float64) panelLayout {
	var lay panelLayout
	y := 64.0 // under the title
	add := func(ln PanelLine) {
		_, size := lineFace(th, ln.Kind)
		for _, s := range wrapLine(th, ln, textW-24) { // Measure runs a little short of the hinted glyphs
			lay.lines = append(lay.lines, placedLine{s, ln.Kind, y})
			y += size * 1.45
		}
		y += 10
	}
	for _, ln := range p.Lines {
		if ln.Kind != LineHint {
			add(ln)
		}
	}
	lay.preview = y + 12
	for _, r := range p.Rows {
		lay.caption = max(lay.caption, view.Measure(view.Prose, panelType(th), r.Caption)+32)
		lay.rowsY = append(lay.rowsY, y+12)
		y += buttonH + rowGap
	}
	if p.Preview != nil { // the rows' band holds the preview and its caption
		y = max(y, lay.preview+PreviewH+previewCaptionH+rowGap)
	}
	lay.buttonsY = y + 12
	y = lay.buttonsY + buttonH + 20
	lay.status = y
	y += 40
	if p.Working {
		lay.barY = y
		y += 30
	}
	for _, ln := range p.Lines {
		if ln.Kind == LineHint && th.Detail {
			add(ln)
		}
	}
	lay.h = y
	return lay
}

func (d *panelDialog) build(p *Panel) {
	st := d.l.st
	textX, textW := panelPad, panelW-2*panelPad
	if p.Picture != nil {
		textX = panelPad + pictureSide + panelPad
		textW = panelW - textX - panelPad
	}
	lay := layoutPanel(st.theme, p, textW)
	h := lay.h + 2*panelPad - 10
	if p.Picture != nil {
		h = max(lay.h, pictureSide) + 2*panelPad - 10
	}
	d.box = view.Region{X: (view.DesignW - panelW) / 2, Y: max(40, (view.DesignH-h)/2), W: panelW, H: h}
	box := d.box
	panel := widget.NewContainer(
		widget.ContainerOpts.WidgetOpts(at(box)),
		widget.ContainerOpts.BackgroundImage(st.panel(st.theme.PanelHi, 16)),
		widget.ContainerOpts.Layout(place{&d.l.fr}),
	)
	top := box.Y + panelPad - 8
	left := box.X + textX
	panel.AddChild(label(st, view.Region{X: left, Y: top, W: textW - 180, H: 52}, p.Title, view.ProseBold, 36, st.theme.Ink, widget.TextPositionStart))
	if st.theme.Detail { // a projector's Esc is the presenter's to know
		panel.AddChild(label(st, view.Region{X: box.X + box.W - panelPad - 180, Y: top + 8, W: 180, H: 28}, "Esc closes", view.Prose, 16, st.theme.Caption, widget.TextPositionEnd))
	}
	for _, pl := range lay.lines {
		f, size, c := lineStyle(d.l.st.theme, pl.kind)
		panel.AddChild(label(st, view.Region{X: left, Y: top + pl.y, W: textW, H: size * 1.45}, pl.text, f, size, c, widget.TextPositionStart))
	}
	d.buttons = d.buttons[:0]
	for i, r := range p.Rows {
		y := top + lay.rowsY[i]
		panel.AddChild(label(st, view.Region{X: left, Y: y, W: lay.caption, H: buttonH}, r.Caption, view.Prose, panelType(st.theme), st.theme.Muted, widget.TextPositionStart))
		d.row(panel, r.Buttons, left+lay.caption, y)
	}
	d.row(panel, p.Buttons, left, top+lay.buttonsY)
	d.status = label(st, view.Region{X: left, Y: top + lay.status, W: textW, H: 32}, p.Status, view.ProseBold, panelType(st.theme), statusColor(st.theme, p.Failed), widget.TextPositionStart)
	panel.AddChild(d.status)
	d.fill = nil
	if p.Working {
		d.bar(panel, view.Region{X: left, Y: top + lay.barY, W: textW, H: 12}, p.Progress)
	}
	if p.Picture != nil {
		d.picture(panel, p, view.Region{X: box.X + panelPad, Y: box.Y + (box.H-pictureSide)/2, W: pictureSide, H: pictureSide})
	}
	if p.Preview != nil && len(p.Preview.Frames) > 0 {
		d.previewFrame(panel, p.Preview, view.Region{X: left + textW - PreviewW, Y: top + lay.preview, W: PreviewW, H: PreviewH})
	}
	d.panel = d.l.swap(d.backdrop, d.panel, panel)
}

// row lays buttons out left to right from x; an entry without a command
// is a value, set in Go Mono between them.
func (d *panelDialog) row(panel *widget.Container, bs []PanelButton, x, y float64) {
	for _, b := range bs {
		if b.Cmd == "" {
			w := max(valueW, view.Measure(view.Mono, panelType(d.l.st.theme), b.Label)+24)
			panel.AddChild(label(d.l.st, view.Region{X: x, Y: y, W: w, H: buttonH}, b.Label, view.Mono, panelType(d.l.st.theme), d.l.st.theme.Ink, widget.TextPositionCenter))
			x += w + 16
			continue
		}
		w := view.Measure(view.ProseBold, panelType(d.l.st.theme), b.Label) + 2*24 + panelButtonW
		r := view.Region{X: x, Y: y, W: w, H: buttonH}
		d.buttons = append(d.buttons, r)
		if b.Pressed { // the chosen one: a sky blue ring around its plate
			panel.AddChild(widget.NewContainer(
				widget.ContainerOpts.WidgetOpts(at(view.Region{X: r.X - 4, Y: r.Y - 4, W: r.W + 8, H: r.H + 8})),
				widget.ContainerOpts.BackgroundImage(d.l.st.panel(view.SkyBlue, 11)),
			))
		}
		panel.AddChild(d.button(b, r))
		x += w + 16
	}
}

// bar is a progress bar: a track of the rule's colour, filled sky blue.
func (d *panelDialog) bar(panel *widget.Container, r view.Region, frac float64) {
	st := d.l.st
	d.barRegion = r
	panel.AddChild(widget.NewContainer(widget.ContainerOpts.WidgetOpts(at(r)), widget.ContainerOpts.BackgroundImage(st.panel(st.theme.Rule, 6))))
	d.fill = widget.NewContainer(widget.ContainerOpts.WidgetOpts(at(d.fillRegion(frac))), widget.ContainerOpts.BackgroundImage(st.panel(view.SkyBlue, 6)))
	show(d.fill, frac > 0)
	panel.AddChild(d.fill)
}

// fillRegion is the filled part of the progress bar at frac.
func (d *panelDialog) fillRegion(frac float64) view.Region {
	r := d.barRegion
	r.W = max(r.H, r.W*min(1, max(0, frac)))
	return r
}

// button is a panel's button: a rounded plate, sky blue for the primary.
func (d *panelDialog) button(b PanelButton, r view.Region) *widget.Button {
	st := d.l.st
	fill, ink := st.theme.Rule, st.theme.Ink
	if b.Pressed {
		fill = view.Mix(st.theme.Rule, view.SkyBlue, 0.3)
	}
	if b.Primary { // dark on sky blue in both themes: the projector's background is light
		fill, ink = view.SkyBlue, color.RGBA{0x0E, 0x11, 0x16, 0xFF}
	}
	const radius = 8
	idle := st.panel(fill, radius)
	cmd := b.Cmd
	return widget.NewButton(
		widget.ButtonOpts.WidgetOpts(at(r)),
		widget.ButtonOpts.Image(&widget.ButtonImage{
			Idle:     idle,
			Hover:    st.panel(view.Mix(fill, st.theme.Ink, 0.15), radius),
			Pressed:  st.panel(view.Mix(fill, st.theme.Background, 0.4), radius),
			Disabled: idle,
		}),
		widget.ButtonOpts.Text(b.Label, st.face(view.ProseBold, panelType(st.theme)), &widget.ButtonTextColor{Idle: color.Color(ink), Disabled: color.Color(ink)}),
		widget.ButtonOpts.DisableDefaultKeys(),
		widget.ButtonOpts.ClickedHandler(func(*widget.ButtonClickedEventArgs) { d.l.send(cmd) }),
	)
}

// PanelButtons is the open panel's buttons' places, in design pixels (for
// the page's tests and its accessibility layer), and the physical pixels
// per picture module.
func (l *Layer) PanelButtons() (buttons []view.Region, cell int) {
	if l.dialog == nil || l.dialog.shown == nil {
		return nil, 0
	}
	return slices.Clone(l.dialog.buttons), l.dialog.cell
}

// SetPanel opens a panel (nil closes it); it is drawn from the next
// frame, and PanelButtons gives its buttons' places at once.
func (l *Layer) SetPanel(p *Panel) {
	l.panel = p
	if l.dialog != nil {
		l.dialog.sync(p)
	}
}
