package widgets

import (
	"image"
	"image/color"
	"time"

	"github.com/ebitenui/ebitenui/widget"
	"github.com/hajimehoshi/ebiten/v2"

	"watchscope/ui/view"
)

// A panel's picture: a QR code drawn module by module, or the preview of
// a file it made (a PNG, a GIF's frames at their delays).

// Preview is a thumbnail of a file the panel made: one frame (a PNG) or
// the frames of a GIF, played at their delays and looping. With reduced
// motion on (view.Chrome.Reduced) only the first frame is shown.
type Preview struct {
	Frames  []*ebiten.Image
	Delays  []time.Duration
	Caption string // under it, in small print: "GIF · 12 frames · 640×360"
}

// Preview geometry: the box the thumbnail is fitted in (16:9), on the
// design canvas, at the right of the rows.
const (
	PreviewW        = 448
	PreviewH        = 252
	previewCaptionH = 30 // its caption's line under it
)

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

// previewFrame places the preview in box, as large as fits with its
// frames' aspect kept, right-aligned, under a thin rule; Layer.Draw draws
// its frames over the panel.
func (d *panelDialog) previewFrame(panel *widget.Container, p *Preview, box view.Region) {
	b := p.Frames[0].Bounds()
	w, h := box.W, box.W*float64(b.Dy())/float64(b.Dx())
	if h > box.H {
		w, h = box.H*float64(b.Dx())/float64(b.Dy()), box.H
	}
	d.previewBox = view.Region{X: box.X + box.W - w, Y: box.Y + (box.H-h)/2, W: w, H: h}
	r := d.previewBox
	panel.AddChild(widget.NewContainer(
		widget.ContainerOpts.WidgetOpts(at(view.Region{X: r.X - 2, Y: r.Y - 2, W: r.W + 4, H: r.H + 4})),
		widget.ContainerOpts.BackgroundImage(d.l.st.panel(d.l.st.theme.Caption, 2)),
	))
	d.previewCaption = view.Region{X: box.X, Y: box.Y + box.H + 6, W: box.W, H: previewCaptionH - 6}
	if p.Caption != "" {
		f, size, c := lineStyle(d.l.st.theme, LineHint)
		panel.AddChild(label(d.l.st, d.previewCaption, p.Caption, f, size, c, widget.TextPositionEnd))
	}
	d.frame, d.loopStart = 0, time.Now()
}

// previewAt is the frame of p to show at now: the first with reduced
// motion, else the one the GIF's delays put there in a loop from start.
func previewAt(p *Preview, start, now time.Time, reduced bool) int {
	var loop time.Duration
	for _, d := range p.Delays {
		loop += d
	}
	if reduced || len(p.Frames) < 2 || loop <= 0 {
		return 0
	}
	t := now.Sub(start) % loop
	for i, d := range p.Delays {
		if t < d {
			return i
		}
		t -= d
	}
	return 0
}

// animate moves the preview to the frame of now; true if it changed.
func (d *panelDialog) animate(reduced bool) bool {
	if d.shown == nil || d.shown.Preview == nil || len(d.shown.Preview.Frames) == 0 {
		return false
	}
	i := previewAt(d.shown.Preview, d.loopStart, time.Now(), reduced)
	changed := i != d.frame
	d.frame = i
	return changed
}

// drawPreview draws the preview's current frame in its box, scaled to
// the frame's physical size.
func (d *panelDialog) drawPreview(screen *ebiten.Image) {
	if d.shown == nil || d.shown.Preview == nil || d.frame >= len(d.shown.Preview.Frames) {
		return
	}
	img := d.shown.Preview.Frames[d.frame]
	dst := place{&d.l.fr}.rect(d.previewBox)
	b := img.Bounds()
	op := &ebiten.DrawImageOptions{Filter: ebiten.FilterLinear}
	op.GeoM.Scale(float64(dst.Dx())/float64(b.Dx()), float64(dst.Dy())/float64(b.Dy()))
	op.GeoM.Translate(float64(dst.Min.X), float64(dst.Min.Y))
	screen.DrawImage(img, op)
}

// PreviewFrame is the index of the open panel's preview frame on the
// screen, or -1 without one (for the page's tests).
func (l *Layer) PreviewFrame() int {
	if l.dialog == nil || l.dialog.shown == nil || l.dialog.shown.Preview == nil {
		return -1
	}
	return l.dialog.frame
}
