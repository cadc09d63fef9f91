package view

import (
	"image/color"
	"slices"
	"strconv"

	"watchscope/ui/scene"
)

// RVAxis is the revision axis as plain data: the revisions it spans, the
// cache window [oldest, newest] (nil: none), the compacted revision (0:
// none), the RVs it marks and the RVs it ticks (a recording's events, a
// thin line each on the tape). The stage's figure draws one; the
// recording view draws its own from the same fields.
type RVAxis struct {
	From, To  uint64
	Window    []uint64
	Compacted uint64
	Marks     []RVMark
	Ticks     []uint64
}

// RVMark is one labelled revision on the axis; Outside marks an RV left
// of the window (too old: 410).
type RVMark struct {
	Label   string
	RV      uint64
	Outside bool
}

// rvAxisOf is the figure's axis.
func rvAxisOf(f *scene.Figure) RVAxis {
	a := RVAxis{From: f.From, To: f.To, Window: f.Window, Compacted: f.Compacted}
	for _, m := range f.Marks {
		a.Marks = append(a.Marks, RVMark{Label: m.Label, RV: m.RV, Outside: m.Outside})
	}
	return a
}

// DrawRVAxis draws a revision axis in r: etcd's revisions as a tape, the
// compacted history left of a wall, the cache window as a bracket over
// the tape with its two ends written on it, and each mark as a pin under
// the tape with its label and RV. It returns each mark's box, in order.
func DrawRVAxis(sc *Scene, r Region, a RVAxis) []Region {
	x0, x1 := r.X+24, r.X+r.W-24
	x := axisScale(a, x0, x1)
	th := sc.Theme
	ty := r.Y + max(2*LineHeight(th.TextSize(FigText))+36, r.H*0.36) // room above for the window's words
	const tapeH = 40
	sc.rect(Rect{X: x0, Y: ty, W: x1 - x0, H: tapeH, Radius: 6, Fill: th.PanelHi})
	if a.Compacted > 0 {
		cx := x(a.Compacted)
		sc.rect(Rect{X: x0, Y: ty, W: cx - x0, H: tapeH, Radius: 6, Fill: th.Faint})
		sc.rect(Rect{X: cx - 5, Y: ty - 16, W: 10, H: tapeH + 32, Fill: th.Yellow})
		words := "compacted " + u64(a.Compacted)
		if a.Compacted < a.From {
			words = "← compacted at " + u64(a.Compacted)
		}
		sc.label(min(max(cx+12, x0), x1-Measure(Prose, th.TextSize(FigText), words)), ty+tapeH+20, words, Prose, FigText, Left, th.Ink)
	}
	if len(a.Window) == 2 {
		wx0, wx1 := x(a.Window[0]), x(a.Window[1])
		sc.rect(Rect{X: wx0, Y: ty + 4, W: max(wx1-wx0, 4), H: tapeH - 8, Radius: 4, Fill: SkyBlue})
		by := ty - 14
		sc.line(Line{X0: wx0, Y0: by, X1: wx1, Y1: by, Width: 4, Color: SkyBlue})
		sc.line(Line{X0: wx0, Y0: by, X1: wx0, Y1: ty + tapeH, Width: 4, Color: SkyBlue})
		sc.line(Line{X0: wx1, Y0: by, X1: wx1, Y1: ty + tapeH, Width: 4, Color: SkyBlue})
		windowWords(sc, wx0, wx1, by, a.Window, x0, x1)
	}
	for _, rv := range a.Ticks {
		sc.rect(Rect{X: x(rv) - 1, Y: ty + 8, W: 3, H: tapeH - 16, Fill: th.Ink})
	}
	pins := make([]Pin, len(a.Marks))
	for i, m := range a.Marks {
		label := m.Label + " " + u64(m.RV)
		if m.Outside {
			label += ": too old"
		}
		pins[i] = Pin{X: x(m.RV), Label: label, Color: markColor(m), Shape: markShape(m)}
	}
	top := ty + tapeH + 8
	if a.Compacted > 0 {
		top += LineHeight(th.TextSize(FigText)) + 16 // under the wall's words
	}
	rowH := LineHeight(th.TextSize(FigText)) + 8
	rows := max(1, int((r.Y+r.H-top-24)/rowH))
	return drawPins(sc, ty+tapeH/2, top, pins, rows, rowH, r.X, r.X+r.W)
}

// windowWords writes the window's ends over its bracket ("oldest 601",
// "newest 901"), and "cache window" above them where it fits.
func windowWords(sc *Scene, wx0, wx1, by float64, w []uint64, left, right float64) {
	th := sc.Theme
	size := th.TextSize(FigText)
	lh := LineHeight(size)
	old, new := "oldest "+u64(w[0]), "newest "+u64(w[1])
	ow, nw := Measure(Mono, size, old), Measure(Mono, size, new)
	ox := min(max(wx0-ow/2, left), right-ow-nw-24)
	nx := max(min(wx1-nw/2, right-nw), ox+ow+24)
	sc.label(ox, by-lh-6, old, Mono, FigText, Left, th.Ink)
	sc.label(nx, by-lh-6, new, Mono, FigText, Left, th.Ink)
	title := "the cache's window"
	tw := Measure(ProseBold, size, title)
	cx := min(max((wx0+wx1)/2-tw/2, left), right-tw)
	sc.label(cx, by-2*lh-14, title, ProseBold, FigText, Left, th.Ink)
}

func markColor(m RVMark) color.RGBA {
	switch {
	case m.Outside:
		return Vermillion
	case m.Label == "etcd now":
		return Blue
	case m.Label == scene.FactBookmark:
		return ReddishPurple
	case m.Label == "token":
		return Orange
	}
	return BluishGreen
}

func markShape(m RVMark) Shape {
	switch {
	case m.Outside:
		return Triangle
	case m.Label == scene.FactBookmark:
		return Flag
	case m.Label == "etcd now":
		return Square
	}
	return Circle
}

// axisScale maps a revision to x between x0 and x1. It is linear
// between the revisions the axis names (its ends, the window's, the
// wall, every mark), except that two named revisions are never closer
// than minGap: 600 stands visibly left of a window opening at 601 on an
// axis 300 revisions wide. The order is exact; distances are to scale
// where there is room.
func axisScale(a RVAxis, x0, x1 float64) func(uint64) float64 {
	const minGap = 64
	pad := max((a.To-a.From)/10, 2)
	keys := []uint64{a.From - min(pad, a.From), a.To + pad}
	keys = append(keys, a.Window...)
	if a.Compacted >= a.From {
		keys = append(keys, a.Compacted)
	}
	for _, m := range a.Marks {
		keys = append(keys, m.RV)
	}
	slices.Sort(keys)
	keys = slices.Compact(keys)
	n := len(keys) - 1
	total := float64(keys[n] - keys[0])
	free := max(x1-x0-float64(n)*minGap, 0)
	xs := make([]float64, len(keys))
	xs[0] = x0
	for i := 1; i <= n; i++ {
		xs[i] = xs[i-1] + minGap + free*float64(keys[i]-keys[i-1])/max(total, 1)
	}
	return func(rv uint64) float64 {
		i, found := slices.BinarySearch(keys, rv)
		switch {
		case found:
			return xs[i]
		case i == 0:
			return x0
		case i > n:
			return x1
		}
		f := float64(rv-keys[i-1]) / float64(keys[i]-keys[i-1])
		return xs[i-1] + f*(xs[i]-xs[i-1])
	}
}

func u64(n uint64) string { return strconv.FormatUint(n, 10) }
