package view

import (
	"strings"

	"watchscope/ui/scene"
)

// callout is the step's key answer, large, beside the actor that got it.
func callout(sc *Scene, c *scene.Scene, l *CastLayout) {
	r := l.Callout
	co := c.Callout
	col := Orange
	sc.rect(Rect{X: r.X, Y: r.Y, W: r.W, H: r.H, Radius: 12, Fill: Mix(sc.Theme.Panel, col, 0.16)})
	outline(sc, r, col)
	who := "the answer"
	if co.Client != "" {
		who = co.Client + " got"
	} else if a := c.Find(co.Actor); a != nil {
		who = a.Label + " got"
	}
	sc.fit(r.X+16, r.Y+10, who, ProseBold, 16, Left, sc.Theme.Muted, r.W-32)
	top := 10 + sc.Theme.Pitch(16, 28) // the answer's first line, below who got it
	size := sc.Theme.TextSize(28)
	room := func() int { return max(1, int((r.H-top-8)/(size+8))) } // the lines the callout has room for
	lines, cut := wrapHard(co.Text, Mono, size, r.W-32)
	if len(lines) > room() && sc.Theme.TextSize(22) < size {
		size = sc.Theme.TextSize(22)
		lines, cut = wrapHard(co.Text, Mono, size, r.W-32)
	}
	n := room()
	for i, line := range lines {
		if i == n {
			break
		}
		if i == n-1 && len(lines) > n { // the last line says less
			gap := " " // a token wrapHard broke mid-word joins up again, to be shortened in its middle
			if cut[i] {
				gap = ""
			}
			line = sc.Theme.fitText(Mono, size, line+gap+strings.Join(lines[n:], " "), r.W-32)
		}
		sc.label(r.X+16, r.Y+top+float64(i)*(size+8), line, Mono, size, Left, sc.Theme.Ink)
	}
	if x, y, ok := l.Anchor(co.Actor, ""); ok {
		sc.line(Line{X0: r.X, Y0: r.Y + r.H/2, X1: x, Y1: y, Width: 3, Color: col})
	}
}
