package view

import (
	"image/color"
	"math"
	"time"

	"watchscope/ui/scene"
)

// drawFanOut draws one write leaving etcd so that 1 copy and 200 look
// like 1 and 200: above, a line to every direct watcher, each watcher a
// dot in a block; below, one line to the cache and from it a line to
// each of its watchers. The copies go out one after another (fm) and the
// counts grow with them.
func drawFanOut(sc *Scene, r Region, f *scene.Figure, fm *FanMotion) []Region {
	out := make([]Region, len(f.Marks))
	th := sc.Theme
	val := func(label string) (int64, int) {
		for i, m := range f.Marks {
			if m.Label == label {
				return m.Value, i
			}
		}
		return 0, -1
	}
	direct, di := val("direct")
	cached, ci := val("to the cache")
	clients, ki := val("from the cache")
	p := fm.progress(f)
	ex, ey := r.X+70, r.Y+r.H/2
	sc.mark(Mark{X: ex, Y: ey, R: 40, Shape: Circle, Color: Blue})
	sc.label(ex, ey+48, "etcd", ProseBold, FigText, Center, th.Ink)
	half := r.H / 2
	bx := r.X + r.W*0.42 // the watcher blocks' left edge
	bw := r.W * 0.2
	if di >= 0 {
		block := Region{X: bx, Y: r.Y + 8, W: bw, H: half - 40}
		sent := sheaf(sc, ex+40, ey-10, block, direct, p, Vermillion)
		words := copiesWords(sent, direct, "straight from etcd")
		tx, ty := bx+bw+28, block.Y+block.H/2-LineHeight(th.TextSize(FigBig))/2
		sc.label(tx, ty, words, ProseBold, FigBig, Left, th.Ink)
		out[di] = union(Region{X: ex, Y: r.Y, W: bx + bw - ex, H: half}, textBox(sc, tx, ty, words, ProseBold, FigBig, Left))
	}
	cx, cy := r.X+r.W*0.27, r.Y+r.H-half/2
	if ci >= 0 {
		sc.line(Line{X0: ex + 40, Y0: ey + 10, X1: cx - 50, Y1: cy, Width: 4, Color: SkyBlue})
		sc.rect(Rect{X: cx - 50, Y: cy - 30, W: 100, H: 60, Radius: 8, Fill: SkyBlue})
		words := thousands(cached) + " to the cache"
		if cached == 1 {
			words = "1 copy to the cache"
		}
		sc.label(cx, cy+40, words, ProseBold, FigText, Center, th.Ink)
		out[ci] = union(Region{X: cx - 50, Y: cy - 30, W: 100, H: 60}, textBox(sc, cx, cy+40, words, ProseBold, FigText, Center))
	}
	if ki >= 0 && clients > 0 {
		block := Region{X: bx, Y: r.Y + half + 24, W: bw, H: half - 40}
		sent := sheaf(sc, cx+50, cy, block, clients, p, SkyBlue)
		words := copiesWords(sent, clients, "from the cache")
		tx, ty := bx+bw+28, block.Y+block.H/2-LineHeight(th.TextSize(FigText))/2
		sc.label(tx, ty, words, Prose, FigText, Left, th.Ink)
		out[ki] = union(Region{X: cx + 50, Y: block.Y, W: bx + bw - cx - 50, H: block.H}, textBox(sc, tx, ty, words, Prose, FigText, Left))
	}
	return out
}

// maxDots is how many watchers a block draws; past it the count says it.
const maxDots = 400

// sheaf draws n watchers as dots filling block, row by row, and a line
// from (x0, y0) to each of the first p of them (p in 0..1: the copies
// sent so far); it returns how many copies that is.
func sheaf(sc *Scene, x0, y0 float64, block Region, n int64, p float64, c color.RGBA) int64 {
	shown := int(min(n, maxDots))
	if shown == 0 {
		return 0
	}
	cols := max(1, int(math.Ceil(math.Sqrt(float64(shown)*block.W/block.H))))
	rows := (shown + cols - 1) / cols
	dx, dy := block.W/float64(cols), block.H/float64(max(rows, 1))
	rad := max(2, min(dx, dy)*0.32)
	sent := int64(math.Round(p * float64(n)))
	lit := int(math.Round(p * float64(shown)))
	for i := range shown {
		x := block.X + dx*(float64(i%cols)+0.5)
		y := block.Y + dy*(float64(i/cols)+0.5)
		if i < lit {
			sc.line(Line{X0: x0, Y0: y0, X1: x, Y1: y, Width: 1, Color: Fade(c, 0.55)})
			sc.mark(Mark{X: x, Y: y, R: rad, Shape: Circle, Color: c})
		} else {
			sc.mark(Mark{X: x, Y: y, R: rad, Shape: Circle, Color: Fade(c, 0.25)})
		}
	}
	return sent
}

// copiesWords is the count of copies sent so far, in words.
func copiesWords(sent, n int64, from string) string {
	switch {
	case n == 0:
		return "none " + from
	case n == 1 && sent == 1:
		return "1 copy, " + from
	}
	return thousands(sent) + " copies, " + from
}

// FanMotion sends a fan-out figure's copies one after another over
// FanDur when a playing step first shows it or changes its numbers (a
// step that adds the watchers); a step at rest (a deep link, the end of
// its motion) and reduced motion (Still) show them all sent.
type FanMotion struct {
	Still bool
	now   time.Duration
	seen  bool
	sig   [3]int64
	start time.Duration
}

// FanDur is how long the copies of one write take to go out on the screen.
const FanDur = 2 * time.Second

// progress is the share of the copies sent at now (0..1).
func (fm *FanMotion) progress(f *scene.Figure) float64 {
	if fm == nil {
		return 1
	}
	var sig [3]int64
	for i, m := range f.Marks[:min(3, len(f.Marks))] {
		sig[i] = m.Value
	}
	switch {
	case fm.Still:
		fm.seen, fm.sig, fm.start = true, sig, fm.now-FanDur
	case !fm.seen || sig != fm.sig:
		fm.seen, fm.sig, fm.start = true, sig, fm.now
	}
	return Tween{From: 0, To: 1, Start: fm.start, Dur: FanDur}.At(fm.now)
}

// Settled reports whether every copy has gone out by now.
func (fm *FanMotion) Settled(now time.Duration) bool { return !fm.seen || now >= fm.start+FanDur }
