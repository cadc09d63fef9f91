package ui

import (
	"image/color"
	"math"

	"github.com/hajimehoshi/ebiten/v2"
	"github.com/hajimehoshi/ebiten/v2/text/v2"
	"github.com/hajimehoshi/ebiten/v2/vector"
	"golang.org/x/image/font"
	"golang.org/x/image/font/opentype"

	"watchscope/ui/view"
)

// renderer draws a view.Scene onto the screen image in physical pixels.
// Fonts are rasterised at their final pixel size (design size times the
// frame's scale, which includes the device scale factor), never scaled
// afterwards; that is what keeps the text crisp on any display.
type renderer struct {
	faces   map[faceKey]*text.GoXFace
	sprites map[spriteKey]*ebiten.Image
	path    vector.Path
}

type faceKey struct {
	font view.Font
	px   float64
}

func newRenderer() *renderer {
	return &renderer{faces: map[faceKey]*text.GoXFace{}, sprites: map[spriteKey]*ebiten.Image{}}
}

// face returns the cached face of a role at a physical pixel size.
func (r *renderer) face(f view.Font, px float64) *text.GoXFace {
	k := faceKey{f, px}
	if fc, ok := r.faces[k]; ok {
		return fc
	}
	if len(r.faces) > 64 { // the window was resized many times: start over
		r.faces = map[faceKey]*text.GoXFace{}
	}
	xf, err := opentype.NewFace(view.Parsed(f), &opentype.FaceOptions{
		Size: px, DPI: 72, Hinting: font.HintingFull,
	})
	if err != nil {
		panic("ui: building a Go font face: " + err.Error())
	}
	fc := text.NewGoXFace(xf)
	r.faces[k] = fc
	return fc
}

// draw paints the scene: rectangles, lines, marks, then text, so each
// kind of drawing batches with its own kind.
func (r *renderer) draw(dst *ebiten.Image, sc view.Scene, fr view.Frame) {
	dst.Fill(sc.Theme.Background)
	for l := &sc; l != nil; l = l.Over { // each layer whole over the one under it
		r.layer(dst, *l, fr)
	}
}

// layer draws one layer of a scene: rectangles, lines, arcs, marks, text.
func (r *renderer) layer(dst *ebiten.Image, sc view.Scene, fr view.Frame) {
	for _, rc := range sc.Rects {
		r.rect(dst, rc, fr)
	}
	for _, l := range sc.Lines {
		vector.StrokeLine(dst, f32(fr.X(l.X0)), f32(fr.Y(l.Y0)), f32(fr.X(l.X1)), f32(fr.Y(l.Y1)),
			f32(fr.Px(l.Width)), l.Color, !axisAligned(l))
	}
	for _, a := range sc.Arcs {
		r.arc(dst, a, fr)
	}
	for _, m := range sc.Marks {
		r.mark(dst, m, fr)
	}
	for _, t := range sc.Texts {
		r.text(dst, t, fr)
	}
}

func (r *renderer) rect(dst *ebiten.Image, rc view.Rect, fr view.Frame) {
	if rc.Fill.A == 0 {
		return
	}
	x, y := math.Round(fr.X(rc.X)), math.Round(fr.Y(rc.Y))
	w, h := math.Round(fr.X(rc.X+rc.W))-x, math.Round(fr.Y(rc.Y+rc.H))-y
	if rc.Radius <= 0 {
		vector.FillRect(dst, f32(x), f32(y), f32(max(w, 1)), f32(max(h, 1)), rc.Fill, false)
		return
	}
	r.roundRect(dst, x, y, w, h, min(rc.Radius*fr.Scale, w/2, h/2), rc.Fill)
}

func (r *renderer) fill(dst *ebiten.Image, c color.RGBA) {
	op := &vector.DrawPathOptions{AntiAlias: true}
	op.ColorScale.ScaleWithColor(c)
	vector.FillPath(dst, &r.path, nil, op)
}

func (r *renderer) text(dst *ebiten.Image, t view.Text, fr view.Frame) {
	if t.Color.A == 0 || t.S == "" {
		return
	}
	op := &text.DrawOptions{}
	op.GeoM.Translate(math.Round(fr.X(t.X)), math.Round(fr.Y(t.Y)))
	switch t.Align {
	case view.Center:
		op.PrimaryAlign = text.AlignCenter
	case view.Right:
		op.PrimaryAlign = text.AlignEnd
	}
	op.ColorScale.ScaleWithColor(t.Color)
	text.Draw(dst, t.S, r.face(t.Font, fr.FontPx(t.Size)), op)
}

// axisAligned lines are drawn without anti-aliasing so they stay sharp.
func axisAligned(l view.Line) bool { return l.X0 == l.X1 || l.Y0 == l.Y1 }

func f32(v float64) float32 { return float32(v) }

// arc strokes a circular arc (the watch cache's ring). Arcs are few per
// frame, so they are drawn as anti-aliased paths directly.
func (r *renderer) arc(dst *ebiten.Image, a view.Arc, fr view.Frame) {
	if a.Color.A == 0 || a.To <= a.From {
		return
	}
	p := &r.path
	p.Reset()
	p.Arc(f32(fr.X(a.CX)), f32(fr.Y(a.CY)), f32(a.R*fr.Scale), f32(a.From), f32(a.To), vector.Clockwise)
	op := &vector.DrawPathOptions{AntiAlias: true}
	op.ColorScale.ScaleWithColor(a.Color)
	vector.StrokePath(dst, p, &vector.StrokeOptions{Width: f32(fr.Px(a.Width))}, op)
}
