package widgets

import (
	"image"
	"image/color"
	"slices"

	"github.com/ebitenui/ebitenui/widget"
	"github.com/hajimehoshi/ebiten/v2"

	"watchscope/ui/view"
)

// Panel is a dialog the page fills (ui/page: share, open a lesson file):
// a title, lines of text, buttons that send commands and a status line,
// with an optional picture on the left (the share link's QR code). It is
// drawn as the help and why? dialogs are, in the stage's fonts and theme,
// over a dimmed stage; a click beside it sends "close", as Esc does.
type Panel struct {
	Name    string // "share", "open": names the panel for tests and the accessibility layer
	Title   string
	Lines   []PanelLine
	Buttons []PanelButton
	Status  string // under the buttons: what the last button did ("Copied ✓")
	Failed  bool   // the status is a failure (orange)
	// Picture is drawn left of the text on a white square, Modules x
	// Modules cells of it each an equal whole number of pixels (a QR code
	// stays sharp at any scale); nil: a single column of text.
	Picture func(x, y int) bool
	Modules int
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

// PanelButton is a button of a panel and the command it sends.
type PanelButton struct {
	Label   string
	Cmd     string
	Primary bool // the panel's main action: sky blue
}

// Panel geometry on the design canvas.
const (
	panelW       = 1500.0
	panelPad     = 48.0
	pictureSide  = 540.0
	buttonH      = 56.0
	panelButtonW = 16.0 // padding around a button's label
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
	if d.panel != nil && d.shown != nil && samePanel(d.shown, p) {
		return
	}
	d.shown = p
	d.build(p)
}

// samePanel compares what a panel shows (the picture by identity).
func samePanel(a, b *Panel) bool {
	return a.Name == b.Name && a.Title == b.Title && a.Status == b.Status && a.Failed == b.Failed &&
		slices.Equal(a.Lines, b.Lines) && slices.Equal(a.Buttons, b.Buttons) && a.Modules == b.Modules &&
		(a.Picture == nil) == (b.Picture == nil)
}

// lineStyle is a line kind's font, size and colour.
func lineStyle(k LineKind) (view.Font, float64, color.RGBA) {
	switch k {
	case LineMono:
		return view.Mono, 20, view.Ink
	case LineNote:
		return view.Prose, 20, view.Orange
	case LineHint:
		return view.Prose, 18, view.Caption
	}
	return view.Prose, 22, view.Muted
}

// wrapLine breaks a line to width: prose on spaces, mono anywhere.
func wrapLine(ln PanelLine, width float64) []string {
	f, size, _ := lineStyle(ln.Kind)
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

func (d *panelDialog) build(p *Panel) {
	st := d.l.st
	textX, textW := panelPad, panelW-2*panelPad
	if p.Picture != nil {
		textX = panelPad + pictureSide + panelPad
		textW = panelW - textX - panelPad
	}
	type placed struct {
		text string
		kind LineKind
		y    float64
	}
	var body, hints []placed
	y := 0.0
	add := func(to *[]placed, ln PanelLine) {
		_, size, _ := lineStyle(ln.Kind)
		for _, s := range wrapLine(ln, textW-24) { // Measure runs a little short of the hinted glyphs
			*to = append(*to, placed{s, ln.Kind, y})
			y += size * 1.45
		}
		y += 10
	}
	y = 64 // under the title
	for _, ln := range p.Lines {
		if ln.Kind != LineHint {
			add(&body, ln)
		}
	}
	buttonsY := y + 12
	y = buttonsY + buttonH + 20
	statusY := y
	y += 40
	for _, ln := range p.Lines {
		if ln.Kind == LineHint {
			add(&hints, ln)
		}
	}
	h := y + 2*panelPad - 10
	if p.Picture != nil {
		h = max(y, pictureSide) + 2*panelPad - 10
	}
	d.box = view.Region{X: (view.DesignW - panelW) / 2, Y: max(40, (view.DesignH-h)/2), W: panelW, H: h}
	box := d.box
	panel := widget.NewContainer(
		widget.ContainerOpts.WidgetOpts(at(box)),
		widget.ContainerOpts.BackgroundImage(st.panel(view.PanelHi, 16)),
		widget.ContainerOpts.Layout(place{&d.l.fr}),
	)
	top := box.Y + panelPad - 8
	left := box.X + textX
	panel.AddChild(label(st, view.Region{X: left, Y: top, W: textW - 180, H: 52}, p.Title, view.ProseBold, 36, view.Ink, widget.TextPositionStart))
	panel.AddChild(label(st, view.Region{X: box.X + box.W - panelPad - 180, Y: top + 8, W: 180, H: 28}, "Esc closes", view.Prose, 16, view.Caption, widget.TextPositionEnd))
	for _, pl := range append(body, hints...) {
		f, size, c := lineStyle(pl.kind)
		panel.AddChild(label(st, view.Region{X: left, Y: top + pl.y, W: textW, H: size * 1.45}, pl.text, f, size, c, widget.TextPositionStart))
	}
	d.buttons = d.buttons[:0]
	x := left
	for _, b := range p.Buttons {
		w := view.Measure(view.ProseBold, 22, b.Label) + 2*24 + panelButtonW
		r := view.Region{X: x, Y: top + buttonsY, W: w, H: buttonH}
		d.buttons = append(d.buttons, r)
		panel.AddChild(d.button(b, r))
		x += w + 16
	}
	if p.Status != "" {
		c := view.SkyBlue
		if p.Failed {
			c = view.Orange
		}
		panel.AddChild(label(st, view.Region{X: left, Y: top + statusY, W: textW, H: 32}, p.Status, view.ProseBold, 22, c, widget.TextPositionStart))
	}
	if p.Picture != nil {
		d.picture(panel, p, view.Region{X: box.X + panelPad, Y: box.Y + (box.H-pictureSide)/2, W: pictureSide, H: pictureSide})
	}
	d.panel = d.l.swap(d.backdrop, d.panel, panel)
}

// button is a panel's button: a rounded plate, sky blue for the primary.
func (d *panelDialog) button(b PanelButton, r view.Region) *widget.Button {
	st := d.l.st
	fill, ink := view.Rule, view.Ink
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
			Hover:    st.panel(view.Mix(fill, view.Ink, 0.15), radius),
			Pressed:  st.panel(view.Mix(fill, view.Background, 0.4), radius),
			Disabled: idle,
		}),
		widget.ButtonOpts.Text(b.Label, st.face(view.ProseBold, 22), &widget.ButtonTextColor{Idle: color.Color(ink), Disabled: color.Color(ink)}),
		widget.ButtonOpts.DisableDefaultKeys(),
		widget.ButtonOpts.ClickedHandler(func(*widget.ButtonClickedEventArgs) { d.l.send(cmd) }),
	)
}

// picture draws p's picture on a white square: each module the same whole
// number of physical pixels, so the code stays sharp at any frame scale.
func (d *panelDialog) picture(panel *widget.Container, p *Panel, r view.Region) {
	st := d.l.st
	side := st.px(r.W)
	cell := max(1, side/p.Modules)
	img := image.NewRGBA(image.Rect(0, 0, cell*p.Modules, cell*p.Modules))
	for y := range p.Modules {
		for x := range p.Modules {
			c := color.RGBA{0xFF, 0xFF, 0xFF, 0xFF}
			if p.Picture(x, y) {
				c = color.RGBA{0, 0, 0, 0xFF}
			}
			for dy := range cell {
				for dx := range cell {
					img.SetRGBA(x*cell+dx, y*cell+dy, c)
				}
			}
		}
	}
	panel.AddChild(widget.NewContainer(
		widget.ContainerOpts.WidgetOpts(at(r)),
		widget.ContainerOpts.BackgroundImage(st.panel(color.RGBA{0xFF, 0xFF, 0xFF, 0xFF}, 8)),
	))
	panel.AddChild(widget.NewGraphic(
		widget.GraphicOpts.WidgetOpts(at(r)),
		widget.GraphicOpts.Image(ebiten.NewImageFromImage(img)),
	))
	d.cell = cell
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

// SetPanel opens a panel (nil closes it); it is drawn from the next frame.
func (l *Layer) SetPanel(p *Panel) { l.panel = p }
