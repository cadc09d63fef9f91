package ui

import (
	"github.com/hajimehoshi/ebiten/v2"
	"github.com/hajimehoshi/ebiten/v2/vector"

	"watchscope/ui/view"
)

// mark draws a Kind's shape. Each shape is built to look about as heavy
// as the circle of the same radius, so no event type shouts louder than
// another by size alone.
//
//	ADDED o   MODIFIED <>   DELETED x   BOOKMARK |>   ERROR /\
func (r *renderer) mark(dst *ebiten.Image, m view.Mark, fr view.Frame) {
	if m.Color.A == 0 {
		return
	}
	img := r.sprite(spriteKey{shape: m.Shape, r: quarter(m.R * fr.Scale)})
	stamp(dst, img, fr.X(m.X), fr.Y(m.Y), m.Color)
}

// shapePath draws shape m.Shape of radius s centred at (cx, cy) with
// vector paths (once per sprite).
func (r *renderer) shapePath(dst *ebiten.Image, m view.Mark, cx, cy, s float32) {
	p := &r.path
	p.Reset()
	switch m.Shape {
	case view.Circle:
		vector.FillCircle(dst, cx, cy, s, m.Color, true)
		return
	case view.Diamond:
		d := s * 1.25
		p.MoveTo(cx, cy-d)
		p.LineTo(cx+d, cy)
		p.LineTo(cx, cy+d)
		p.LineTo(cx-d, cy)
		p.Close()
	case view.Cross:
		d := s * 0.8
		p.MoveTo(cx-d, cy-d)
		p.LineTo(cx+d, cy+d)
		p.MoveTo(cx+d, cy-d)
		p.LineTo(cx-d, cy+d)
		r.stroke(dst, m, s*0.5)
		return
	case view.Flag:
		pole := cx - s*0.7
		p.MoveTo(pole, cy-s*1.05)
		p.LineTo(cx+s*1.05, cy-s*0.45)
		p.LineTo(pole, cy+s*0.15)
		p.Close()
		r.fill(dst, m.Color)
		vector.StrokeLine(dst, pole, cy-s*1.05, pole, cy+s*1.1, max(1, s*0.28), m.Color, true)
		return
	case view.Triangle:
		d := s * 1.2
		p.MoveTo(cx, cy-d)
		p.LineTo(cx+d*1.05, cy+d*0.75)
		p.LineTo(cx-d*1.05, cy+d*0.75)
		p.Close()
	case view.Square:
		d := s * 0.8
		p.MoveTo(cx-d, cy-d)
		p.LineTo(cx+d, cy-d)
		p.LineTo(cx+d, cy+d)
		p.LineTo(cx-d, cy+d)
		p.Close()
	}
	r.fill(dst, m.Color)
}

func (r *renderer) stroke(dst *ebiten.Image, m view.Mark, width float32) {
	op := &vector.DrawPathOptions{AntiAlias: true}
	op.ColorScale.ScaleWithColor(m.Color)
	vector.StrokePath(dst, &r.path, &vector.StrokeOptions{Width: max(1, width), LineCap: vector.LineCapRound}, op)
}
