package view

import (
	"image/color"
	"time"

	"watchscope/ui/scene"
)

// The step's figure (issue 26): the one relation the step is about,
// drawn large over the API server and etcd bands. The diagram's words
// under it are not drawn (they would be hidden, and a hidden word is not
// on the screen: TextBoxes must not report it); the clients band, where
// the callout of the step's answer sits, stays in view above it.
//
//   - CLIENTS ---------------------------------------+ callout +
//   - figure: title ----------------------------------------------+
//     |   the figure, text 28 px and up                             |
//     +-------------------------------------------------------------+
var FigureRegion = Region{X: StageLeft, Y: CastAPITop, W: StageRight - StageLeft, H: CastEtcdBot - CastAPITop}

// figureRegion is where the figure goes in s: FigureRegion, or the whole
// diagram when the clients band would hold nothing of the lesson (no
// client, no LIST, no callout): an empty box is not drawn, its room goes
// to the figure.
func figureRegion(s Snapshot) Region {
	if !Clientless(&s.Cast) || s.Cast.Callout != nil {
		return FigureRegion
	}
	r := FigureRegion
	r.H += r.Y - CastClientsTop
	r.Y = CastClientsTop
	return r
}

// Figure sizes: nothing in a figure is under FigText, what the eye should
// read first is FigBig.
const (
	FigText  = 28
	FigBig   = 36
	figPad   = 32
	figTitle = 30
)

// Place is where the stage drew an actor or a figure's mark: its id in
// state().scene and its box on the design canvas.
type Place struct {
	ID string
	Region
}

// figure draws the step's figure over the diagram, if the step has one,
// and records where it drew the figure and its marks.
func figure(sc *Scene, s Snapshot, m *Motion, now time.Duration) {
	f := s.Cast.Figure
	if f == nil || !full(s) {
		return
	}
	r := figureRegion(s)
	hideTextsIn(sc, r)
	o := sc.over()
	o.rect(Rect{X: r.X, Y: r.Y, W: r.W, H: r.H, Radius: 12, Fill: o.Theme.Panel})
	o.rect(Rect{X: r.X, Y: r.Y, W: 6, H: r.H, Radius: 3, Fill: o.Theme.Yellow})
	o.label(r.X+figPad, r.Y+16, f.Title, ProseBold, figTitle, Left, o.Theme.Ink)
	body := Region{X: r.X + figPad, Y: r.Y + 16 + LineHeight(figTitle) + 16, W: r.W - 2*figPad}
	body.H = r.Y + r.H - figPad/2 - body.Y
	var marks []Region
	if d := figureOf(f.Kind); d != nil {
		marks = d.paint(figureCanvas{o: o, body: body, f: f, s: s, m: m, now: now})
	}
	sc.Places = append(sc.Places, Place{ID: "figure", Region: r})
	for i, m := range marks {
		if i < len(f.Marks) && m.W > 0 {
			sc.Places = append(sc.Places, Place{ID: f.Marks[i].ID, Region: m})
		}
	}
}

// hideTextsIn drops the words drawn so far that the figure covers.
func hideTextsIn(sc *Scene, r Region) {
	for s := sc; s != nil; s = s.Over {
		kept := s.Texts[:0]
		for _, t := range s.Texts {
			if !textIn(sc, t, r) {
				kept = append(kept, t)
			}
		}
		s.Texts = kept
	}
}

func textIn(sc *Scene, t Text, r Region) bool {
	return meets(textBox(sc, t.X, t.Y, t.S, t.Font, t.Size, t.Align), r)
}

// castPlaces are the diagram's actor boxes, less those the figure covers.
func castPlaces(l *CastLayout, s Snapshot) []Place {
	var out []Place
	covered := s.Cast.Figure != nil
	for _, b := range l.Boxes {
		if b.W <= 0 || covered && meets(b.Region, figureRegion(s)) {
			continue
		}
		out = append(out, Place{ID: b.ID, Region: b.Region})
	}
	// a client with informers is drawn as its informers
	for _, c := range s.Cast.Of(scene.KindClient) {
		if _, ok := l.Box(c.ID); ok {
			continue
		}
		var r Region
		for _, p := range out {
			if a := s.Cast.Find(p.ID); a != nil && a.Parent == c.ID {
				r = union(r, p.Region)
			}
		}
		if r.W > 0 {
			out = append(out, Place{ID: c.ID, Region: r})
		}
	}
	for i, a := range shownCharts(&s.Cast, l.theme) {
		out = append(out, Place{ID: a.ID, Region: chartRegion(l.theme, i)})
	}
	return out
}

// meets reports whether two regions share any area.
func meets(a, b Region) bool {
	return a.X < b.X+b.W && b.X < a.X+a.W && a.Y < b.Y+b.H && b.Y < a.Y+a.H
}

// textBox is a label's box as drawn (align applied).
func textBox(sc *Scene, x, y float64, s string, f Font, size float64, a Align) Region {
	size = sc.Theme.TextSize(size)
	w := Measure(f, size, s)
	switch a {
	case Center:
		x -= w / 2
	case Right:
		x -= w
	}
	return Region{X: x, Y: y, W: w, H: LineHeight(size)}
}

// union is the smallest region holding both (a zero region holds nothing).
func union(a, b Region) Region {
	if a.W == 0 && a.H == 0 {
		return b
	}
	x0, y0 := min(a.X, b.X), min(a.Y, b.Y)
	x1, y1 := max(a.X+a.W, b.X+b.W), max(a.Y+a.H, b.Y+b.H)
	return Region{X: x0, Y: y0, W: x1 - x0, H: y1 - y0}
}

// Pin is one labelled mark on an axis: a stem down from the axis to its
// label, a glyph at the axis.
type Pin struct {
	X     float64
	Label string
	Color color.RGBA
	Shape Shape
}

// drawPins puts each pin's glyph on the axis at y and its label in the
// first row (the first at first, rows rowH apart, at most rows of them)
// where it covers no other label, a stem joining them; it returns each
// pin's box (glyph, stem and label). A pin with no free row keeps its
// glyph alone.
func drawPins(sc *Scene, y, first float64, pins []Pin, rows int, rowH float64, left, right float64) []Region {
	out := make([]Region, len(pins))
	taken := make([][]Region, rows)
	size := sc.Theme.TextSize(FigText)
	for i, p := range pins {
		w := Measure(Prose, size, p.Label)
		x := min(max(p.X-w/2, left), right-w)
		row := 0
		for ; row < rows; row++ {
			box := Region{X: x - 16, Y: first + float64(row)*rowH, W: w + 32, H: rowH}
			free := true
			for _, t := range taken[row] {
				free = free && !meets(box, t)
			}
			if free {
				taken[row] = append(taken[row], box)
				break
			}
		}
		sc.mark(Mark{X: p.X, Y: y, R: 12, Shape: p.Shape, Color: p.Color})
		if row == rows {
			out[i] = Region{X: p.X - 12, Y: y - 12, W: 24, H: 24}
			continue
		}
		ly := first + float64(row)*rowH
		sc.line(Line{X0: p.X, Y0: y, X1: p.X, Y1: ly + 2, Width: 3, Color: p.Color})
		sc.label(x, ly+4, p.Label, Prose, FigText, Left, sc.Theme.Ink)
		out[i] = union(Region{X: p.X - 12, Y: y - 12, W: 24, H: ly - y + 12}, textBox(sc, x, ly+4, p.Label, Prose, FigText, Left))
	}
	return out
}
