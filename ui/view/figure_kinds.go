package view

import (
	"image/color"
	"slices"
	"strings"

	"watchscope/ui/scene"
)

// drawPages draws a LIST's pages as blocks left to right (what each
// returned, where from, at which revision), and under them the revision
// axis with the token's revision and etcd's now.
func drawPages(sc *Scene, r Region, f *scene.Figure) []Region {
	out := make([]Region, len(f.Marks))
	th := sc.Theme
	lh := LineHeight(th.TextSize(FigText))
	var pages, axis []int
	for i, m := range f.Marks {
		if m.Source != "" && m.Label != "token" {
			pages = append(pages, i)
		} else {
			axis = append(axis, i)
		}
	}
	bw := min(340, (r.W-float64(max(len(pages)-1, 0))*24)/float64(max(len(pages), 1)))
	bh := 3*lh + 28
	for k, i := range pages {
		m := f.Marks[i]
		b := Region{X: r.X + float64(k)*(bw+24), Y: r.Y, W: bw, H: bh}
		sc.rect(Rect{X: b.X, Y: b.Y, W: b.W, H: b.H, Radius: 10, Fill: th.PanelHi})
		sc.rect(Rect{X: b.X, Y: b.Y, W: 8, H: b.H, Radius: 4, Fill: sourceColor(m.Source)})
		items := thousands(m.Value) + " items"
		if m.Value == 1 {
			items = "1 item"
		}
		lines := []string{m.Label, items, "from " + sourceWords(m.Source)}
		for j, line := range lines {
			font := Prose
			if j == 0 {
				font = ProseBold
			}
			sc.label(b.X+24, b.Y+12+float64(j)*(lh+2), th.fitText(font, FigText, line, b.W-36), font, FigText, Left, th.Ink)
		}
		out[i] = b
	}
	a := RVAxis{From: f.From, To: f.To, Compacted: f.Compacted}
	for _, i := range append(pages, axis...) {
		m := f.Marks[i]
		label := m.Label
		if m.Source != "" && m.Label != "token" {
			label = "read at"
		}
		a.Marks = append(a.Marks, RVMark{Label: label, RV: m.RV})
	}
	a.Marks = dedupeRV(a.Marks)
	if i := indexLabel(a.Marks, "token"); i >= 0 { // the token's revision is where its page was read
		if j := indexRV(a.Marks, "read at", a.Marks[i].RV); j >= 0 {
			a.Marks = slices.Delete(a.Marks, j, j+1)
		}
	}
	boxes := DrawRVAxis(sc, Region{X: r.X, Y: r.Y + bh + 8 - 2*lh - 36 + 24, W: r.W, H: r.H - bh + 2*lh}, a)
	for _, i := range axis {
		if k := indexRV(a.Marks, f.Marks[i].Label, f.Marks[i].RV); k >= 0 && k < len(boxes) {
			out[i] = boxes[k]
		}
	}
	return out
}

// dedupeRV keeps the first mark of each label and RV.
func dedupeRV(ms []RVMark) []RVMark {
	var out []RVMark
	for _, m := range ms {
		if indexRV(out, m.Label, m.RV) < 0 {
			out = append(out, m)
		}
	}
	return out
}

func indexLabel(ms []RVMark, label string) int {
	for i, m := range ms {
		if m.Label == label {
			return i
		}
	}
	return -1
}

func indexRV(ms []RVMark, label string, rv uint64) int {
	for i, m := range ms {
		if m.Label == label && m.RV == rv {
			return i
		}
	}
	return -1
}

func sourceWords(src string) string {
	switch src {
	case "cache-snapshot":
		return "a snapshot"
	case "cache":
		return "the cache"
	case "etcd":
		return "etcd"
	}
	return strings.ReplaceAll(src, "-", " ")
}

func sourceColor(src string) color.RGBA {
	switch src {
	case "cache-snapshot":
		return ReddishPurple
	case "cache":
		return SkyBlue
	}
	return Orange
}

// drawFile draws etcd's database file as a bar as long as its quota:
// the file's size as the bar, what is in use inside it filled, the quota
// as a line at the end.
func drawFile(sc *Scene, r Region, f *scene.Figure) []Region {
	th := sc.Theme
	top := max(int64(f.To), 1)
	x0, x1 := r.X+24, r.X+r.W-24
	x := func(v int64) float64 { return x0 + (x1-x0)*float64(v)/float64(top) }
	by, bh := r.Y+24, 72.0
	var pins []Pin
	for _, label := range []string{"size", "in use", "quota"} { // the file, what is in use inside it, the line
		for _, m := range f.Marks {
			if m.Label != label {
				continue
			}
			switch m.Label {
			case "size":
				sc.rect(Rect{X: x0, Y: by, W: x(m.Value) - x0, H: bh, Radius: 6, Fill: th.PanelHi})
				sc.rect(Rect{X: x(m.Value) - 3, Y: by, W: 6, H: bh, Fill: th.Muted})
			case "in use":
				sc.rect(Rect{X: x0, Y: by + 8, W: max(x(m.Value)-x0, 4), H: bh - 16, Radius: 4, Fill: BluishGreen})
			case "quota":
				sc.rect(Rect{X: x(m.Value) - 4, Y: by - 16, W: 8, H: bh + 32, Fill: Vermillion})
			}
		}
	}
	var use, size int64
	for _, m := range f.Marks {
		pins = append(pins, Pin{X: x(m.Value), Label: m.Label + " " + bytesText(m.Value), Color: fileColor(m.Label, th), Shape: Square})
		switch m.Label {
		case "in use":
			use = m.Value
		case "size":
			size = m.Value
		}
	}
	if free := "free pages, inside the file"; x(size)-x(use) > Measure(Prose, th.TextSize(FigText), free)+48 {
		sc.label((x(use)+x(size))/2, by+bh/2-LineHeight(th.TextSize(FigText))/2, free, Prose, FigText, Center, th.Ink)
	}
	rowH := LineHeight(th.TextSize(FigText)) + 8
	return drawPins(sc, by+bh, by+bh+32, pins, 3, rowH, r.X, r.X+r.W)
}

func fileColor(label string, th Theme) color.RGBA {
	switch label {
	case "in use":
		return BluishGreen
	case "quota":
		return Vermillion
	}
	return th.Muted
}

// drawTime draws the lesson's clock as an axis with its moments as pins,
// and the time from the first moment to the last written over them.
func drawTime(sc *Scene, r Region, f *scene.Figure) []Region {
	th := sc.Theme
	if len(f.Marks) == 0 {
		return nil
	}
	from, to := f.Marks[0].AtMs, int64(f.To)
	for _, m := range f.Marks {
		from, to = min(from, m.AtMs), max(to, m.AtMs)
	}
	from = max(0, from-1000)
	x0, x1 := r.X+24, r.X+r.W-24
	x := func(ms int64) float64 { return x0 + (x1-x0)*float64(ms-from)/float64(max(to-from, 1)) }
	ay := r.Y + LineHeight(th.TextSize(FigBig)) + 40
	sc.rect(Rect{X: x0, Y: ay - 4, W: x1 - x0, H: 8, Radius: 4, Fill: th.Muted})
	first, last := f.Marks[0].AtMs, f.Marks[len(f.Marks)-1].AtMs
	took := "took " + secondsText(last-first)
	sc.line(Line{X0: x(first), Y0: ay - 28, X1: x(last), Y1: ay - 28, Width: 4, Color: th.Ink})
	sc.label((x(first)+x(last))/2, ay-32-LineHeight(th.TextSize(FigBig)), took, ProseBold, FigBig, Center, th.Ink)
	pins := make([]Pin, len(f.Marks))
	for i, m := range f.Marks {
		c, sh := BluishGreen, Square
		switch m.Label {
		case scene.MomentRestart:
			c, sh = Vermillion, Triangle
		case scene.MomentOOM:
			c, sh = Vermillion, Cross
		case "whole again":
			c, sh = Blue, Circle
		}
		pins[i] = Pin{X: x(m.AtMs), Label: m.Label + " " + secondsText(m.AtMs), Color: c, Shape: sh}
	}
	rowH := LineHeight(th.TextSize(FigText)) + 8
	return drawPins(sc, ay, ay+32, pins, max(1, int((r.Y+r.H-ay-32)/rowH)), rowH, r.X, r.X+r.W)
}

// secondsText is a duration in milliseconds as seconds: "10.2 s".
func secondsText(ms int64) string { return formatFloat(float64(ms)/1000, 1) + " s" }
