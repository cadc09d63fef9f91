package view

import (
	"strings"

	"watchscope/ui/scene"
)

// CalloutText is the callout's type, in design pixels, in both themes: it
// is what the step is about, read from the back row (issue 26: a step's
// figure and callout text at least 28 px). A long answer's last line says
// less rather than the type shrinking.
const CalloutText = 28

// callout is the step's key answer, large, beside the actor that got it
// (its place is "callout" in the scene's Places).
func callout(sc *Scene, c *scene.Scene, l *CastLayout) {
	r := l.Callout
	co := c.Callout
	col := Orange
	sc.rect(Rect{X: r.X, Y: r.Y, W: r.W, H: r.H, Radius: 12, Fill: Mix(sc.Theme.Panel, col, 0.16)})
	outline(sc, r, col)
	sc.Places = append(sc.Places, Place{ID: "callout", Region: r})
	who := "the answer"
	if co.Client != "" {
		who = co.Client + " got"
	} else if a := c.Find(co.Actor); a != nil {
		who = a.Label + " got"
	}
	size := sc.Theme.TextSize(CalloutText)
	sc.fit(r.X+16, r.Y+8, who, ProseBold, size, Left, sc.Theme.Muted, r.W-32)
	top := 8 + LineHeight(size) + 4 // the answer's first line, below who got it
	lines, cut := wrapHard(co.Text, Mono, size, r.W-32)
	n := max(1, int((r.H-top-8)/(size+8))) // the lines the callout has room for
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
