package view

import (
	"math"
	"strconv"
	"strings"
	"time"
)

// Wire is a lesson step's packet on screen (package packets): a message
// from one actor of the scene to another, labelled in the trace's words,
// Count of them when it is a stream, how far it has come (0..1).
type Wire struct {
	From, To string
	Label    string
	Count    int
	Error    bool
	Progress float64
	// Event: the packet carries a watch event (or an etcd write) of Kind,
	// drawn in its glyph; a request or an answer is a blue circle.
	Event bool
	Kind  Kind
	RV    int64 // the revision the label names (0: none)
}

// maxWireLabels bounds the labels one frame writes: the newest packets
// are labelled, older ones keep only their glyph.
const maxWireLabels = 24

// wires draws the step's packets along the lines between their actors:
// a glyph eased along the wire with its label beside it, a stream as a
// thick band with its count ("×200"), an error larger, in orange, resting
// where it landed. With reduced motion every packet is a highlight at
// its destination.
func wires(base *Scene, s Snapshot, l *CastLayout, m *Motion, now time.Duration) {
	if len(s.Wires) == 0 {
		return
	}
	sc := base.over()                // over the focus's dimming, under the overlays drawn after
	labelled := map[[2]string]bool{} // one label per wire: its newest packet's
	placed := stageTexts(base)       // the stage's words, then the plates written so far: a label goes where it hides none
	for i := len(s.Wires) - 1; i >= 0; i-- {
		w := s.Wires[i]
		a, b := actorAt(s, l, w.From), actorAt(s, l, w.To)
		if full(s) { // on the diagram a packet travels between the boxes' edges, never across what they say
			a, b = edgeOf(l, w.From, a, b), edgeOf(l, w.To, b, a)
		}
		if w.RV > 0 && w.To == "etcd-0" && !full(s) { // a write lands on its revision's column
			b.x = min(max(newAxis(m, now).X(float64(w.RV)), GridLeft), GridRight)
		}
		kind, color := wireKind(w)
		if w.Count > 1 && w.Progress < 1 { // a stream: the band it fills
			width := 2 + math.Min(8, 1.5*math.Log2(float64(w.Count)))
			sc.line(Line{X0: a.x, Y0: a.y, X1: b.x, Y1: b.y, Width: width, Color: Fade(color, 0.3)})
		} else if w.Progress < 1 {
			sc.line(Line{X0: a.x, Y0: a.y, X1: b.x, Y1: b.y, Width: 2, Color: Fade(color, 0.2)})
		}
		f := InOutCubic(w.Progress)
		if s.UI.Reduced {
			f = 1
		}
		p := pt{a.x + (b.x-a.x)*f, a.y + (b.y-a.y)*f}
		r := 10.0
		if w.Error {
			r = 16
		}
		sc.mark(Mark{X: p.x, Y: p.y, R: r, Shape: kind.Shape(), Color: color})
		key := [2]string{w.From, w.To}
		if w.Error || !labelled[key] && len(labelled) < maxWireLabels { // an error always says what it is
			labelled[key] = true
			placed = wireLabel(sc, p, w, color, placed)
		}
	}
}

// edgeOf is where the line from p (the centre of actor id's box) to q
// leaves that box: a packet leaves and reaches an actor at its edge, so
// the ring's numbers and a watcher's words stay readable under a stream.
// An actor without a box of its own keeps its point.
func edgeOf(l *CastLayout, id string, p, q pt) pt {
	b, ok := l.Box(id)
	if !ok {
		return p
	}
	dx, dy := q.x-p.x, q.y-p.y
	f := 1.0
	if dx != 0 {
		f = min(f, b.W/2/math.Abs(dx))
	}
	if dy != 0 {
		f = min(f, b.H/2/math.Abs(dy))
	}
	return pt{p.x + dx*f, p.y + dy*f}
}

// wireLabel writes a packet's label beside it on a plate that keeps it
// legible over whatever it crosses, below any plate already written
// there (packets leaving one actor start at the same point), and
// returns the plates with its own.
func wireLabel(sc *Scene, p pt, w Wire, c colorRGBA, placed []Region) []Region {
	text := w.Label
	if w.Count > 1 {
		text += "  ×" + strconv.Itoa(w.Count)
	}
	font, size := Mono, 16.0
	if w.Error {
		font, size = ProseBold, 26
	} else {
		c = sc.Theme.Ink // the glyph carries the kind's colour; the words must read on any theme
	}
	width := Measure(font, sc.Theme.TextSize(size), text)
	plate := Region{X: p.x + 10, Y: p.y - sc.Theme.TextSize(size) - 15, W: width + 12, H: sc.Theme.TextSize(size)*1.3 + 6}
	// Above and right of the glyph, else below it, else to its left;
	// when every side hides something, an error goes down past the
	// plates and any other packet keeps only its glyph.
	free := false
	for _, at := range [][2]float64{{p.x + 10, plate.Y}, {p.x + 10, p.y + 12}, {p.x - 10 - plate.W, plate.Y}, {p.x - 10 - plate.W, p.y + 12}} {
		r := Region{X: at[0], Y: at[1], W: plate.W, H: plate.H}
		if r.X >= 0 && r.X+r.W <= DesignW && r.Y >= 0 && r.Y+r.H <= DesignH && !overlapsAny(r, placed) {
			plate, free = r, true
			break
		}
	}
	if !free && !w.Error {
		return placed
	}
	for tries := 0; !free && tries < 6 && overlapsAny(plate, placed); tries++ {
		plate.Y += plate.H + 2
	}
	sc.rect(Rect{X: plate.X, Y: plate.Y, W: plate.W, H: plate.H, Radius: 6, Fill: Fade(sc.Theme.PanelHi, 0.9)})
	sc.label(plate.X+6, plate.Y+3, text, font, size, Left, c)
	sc.Texts[len(sc.Texts)-1].Plate = true // over the stage on its own plate, not part of its layout
	return append(placed, plate)
}

// stageTexts are the boxes of the words drawn on the stage so far.
func stageTexts(base *Scene) []Region {
	var out []Region
	for _, t := range TextBoxes(base) {
		out = append(out, Region{X: t.X, Y: t.Y, W: t.W, H: t.H})
	}
	return out
}

// overlapsAny reports whether r overlaps one of rs.
func overlapsAny(r Region, rs []Region) bool {
	for _, o := range rs {
		if r.X < o.X+o.W && o.X < r.X+r.W && r.Y < o.Y+o.H && o.Y < r.Y+r.H {
			return true
		}
	}
	return false
}

// wireKind is the glyph of a packet: the watch event it carries (ADDED
// a circle, MODIFIED a diamond, DELETED a cross, BOOKMARK a flag), an
// error's triangle, a request's or an answer's blue circle.
func wireKind(w Wire) (Kind, colorRGBA) {
	switch {
	case w.Error:
		return Error, Orange
	case w.Event:
		return w.Kind, w.Kind.Color()
	}
	return Added, Blue
}

// pt is a point on the design canvas.
type pt struct{ x, y float64 }

// actorAt is where an actor of the scene stands: on the etcd stage the
// tape, the step's commands or the watches; on the diagram its box
// (cast_layout.go), or the box of the nearest actor it belongs to.
func actorAt(s Snapshot, l *CastLayout, id string) pt {
	if !full(s) { // the etcd stage: the tape, the step's commands, the watches
		switch {
		case strings.HasPrefix(id, "client/"):
			return pt{Margin + 240, PanelTop - 120}
		case strings.HasSuffix(id, "/watches") || strings.Contains(id, "/watch/"):
			return pt{Margin + 120, TapeTop + TapeH + 40}
		}
		return pt{GridRight - 40, TapeTop + TapeH/2}
	}
	if x, y, ok := l.Near(id); ok { // the diagram (cast_layout.go)
		return pt{x, y}
	}
	return unplacedAt(s, id)
}

// unplacedAt is where a packet's actor stands when neither it nor an
// actor it belongs to has a box on the diagram: the band its replica or
// client would be drawn in.
func unplacedAt(s Snapshot, id string) pt {
	replica, rest, _ := strings.Cut(id, "/")
	switch {
	case replica == "etcd-0" && rest == "":
		return pt{1352, 664}
	case replica == "etcd-0":
		return pt{304, 764}
	case strings.HasPrefix(replica, "apiserver-"):
		n, _ := strconv.Atoi(strings.TrimPrefix(replica, "apiserver-"))
		switch {
		case strings.Contains(rest, "/watcher"):
			return pt{696, 496}
		case strings.HasPrefix(rest, "cache/"):
			return pt{176 + float64(n)*12, 424}
		case rest == "memory":
			return pt{StageRight - 96, 552}
		}
		return pt{StageRight - 120 - float64(n)*150, 396}
	case id == "kubelets":
		return pt{1200, 250}
	case replica == "client" || replica == "informer":
		name, _, _ := strings.Cut(rest, "/")
		for i, c := range s.ClientRows {
			if i < MaxClientRows && c == name {
				return pt{328, 186 + float64(i)*44}
			}
		}
	}
	return pt{StageRight - 160, 148}
}
