package view

import (
	"math"
	"strings"

	"watchscope/ui/scene"
)

// castCharts draws the lesson's charts in the right column: what each
// counts in words, the real series name small beneath it.
func castCharts(sc *Scene, c *scene.Scene) {
	cs := c.Of(scene.KindChart)
	if len(cs) == 0 {
		r := ChartRegion(0)
		sc.rect(Rect{X: r.X, Y: r.Y, W: r.W, H: r.H, Radius: 12, Fill: sc.Theme.Panel})
		sc.label(r.X+16, r.Y+16, "live metrics appear here", Prose, 18, Left, sc.Theme.Caption)
		return
	}
	for i, a := range shownCharts(c, sc.Theme) {
		castChart(sc, chartRegion(sc.Theme, i), a)
	}
}

// shownCharts are the charts the column draws, top to bottom: the cast's
// charts in their order, as many as the theme shows (Theme.Charts); where
// there are more, the ones the step focuses are kept first.
func shownCharts(c *scene.Scene, th Theme) []*scene.Actor {
	cs := c.Of(scene.KindChart)
	n := th.Charts
	if n <= 0 || n > MaxCharts {
		n = MaxCharts
	}
	if len(cs) <= n {
		return cs
	}
	return keepFirst(cs, n, func(a *scene.Actor) bool { return c.Focused(a.ID) })
}

func castChart(sc *Scene, r Region, a *scene.Actor) {
	sc.rect(Rect{X: r.X, Y: r.Y, W: r.W, H: r.H, Radius: 12, Fill: sc.Theme.Panel})
	w := r.W - 32
	name, labels := splitSeries(a.Metric)
	value := chartValue(name, a.Value)
	vw := Measure(Mono, sc.Theme.TextSize(24), value) + 16
	y := r.Y + 10
	titles := Wrap(a.Label, ProseBold, sc.Theme.TextSize(18), w-vw)
	if !sc.Theme.Detail { // one line that says less: "WATCH open watches", not "· pods" on a second
		titles = []string{sc.Theme.fitText(ProseBold, 18, a.Label, w-vw)}
	}
	for i, line := range titles {
		if i == 2 {
			break
		}
		sc.fit(r.X+16, y, line, ProseBold, 18, Left, sc.Theme.Ink, w-vw)
		y += sc.Theme.TextSize(18) + 4
	}
	if a.Summed > 1 {
		labels += " sum of " + itoa(a.Summed)
	}
	y = math.Max(y, r.Y+8+LineHeight(sc.Theme.TextSize(24))) // below the value
	var series []string
	if sc.Theme.Detail {
		series = wrapSeries(name+labels, sc.Theme.TextSize(16), w)
	}
	for i, line := range series {
		sc.fit(r.X+16, y+2+float64(i)*(sc.Theme.TextSize(16)+4), line, Mono, 16, Left, sc.Theme.Caption, w)
	}
	sc.label(r.X+r.W-16, r.Y+8, value, Mono, 24, Right, sc.Theme.Ink)
	lines := float64(max(2, len(series)))
	if !sc.Theme.Detail { // no series name: a margin under the title
		lines = 1
	}
	chartLine(sc, r, a.Series, math.Max(16, r.Y+r.H-16-(y+8+lines*(sc.Theme.TextSize(16)+4))))
}

// wrapSeries breaks a raw series name (with its labels) into at most
// three lines of width w, only where Prometheus names break: after an
// underscore, before the label set or a label, before " sum of". A name
// is never cut mid-word, nor a label's value: one that does not fit on
// the second line ("workload-low", a priority level's name) starts a
// third; a third line still too long says less (sc.fit: whole words, no
// ellipsis).
func wrapSeries(s string, size, w float64) []string {
	var parts []string
	start, inLabels := 0, false // a label's name keeps its underscores
	for i := 1; i < len(s); i++ {
		inLabels = inLabels || s[i-1] == '{'
		if s[i-1] == '_' && !inLabels || s[i] == '{' || s[i-1] == ',' || strings.HasPrefix(s[i:], " sum of") {
			parts = append(parts, s[start:i])
			start = i
		}
	}
	parts = append(parts, s[start:])
	var lines []string
	cur := ""
	for _, p := range parts {
		if cur != "" && Measure(Mono, size, cur+p) > w && len(lines) < 2 {
			lines, cur = append(lines, cur), ""
		}
		cur += p
	}
	return append(lines, strings.TrimPrefix(cur, " "))
}
