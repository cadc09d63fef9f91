package view

import (
	"strings"

	"watchscope/ui/scene"
)

func apfBox(sc *Scene, a *scene.Actor, r Region) {
	sc.rect(Rect{X: r.X, Y: r.Y, W: r.W, H: r.H, Radius: 10, Fill: sc.Theme.PanelHi})
	sc.label(r.X+10, r.Y+6, sc.Theme.fitAny(ProseBold, 16, r.W-20, "Priority & Fairness", "APF"), ProseBold, 16, Left, sc.Theme.Muted)
	level, rest, named := strings.Cut(a.Detail, ": ")
	if !named {
		level, rest = "", a.Detail
	}
	parts := strings.Split(rest, " · ")
	seats := parts[0]
	used, limit, _ := strings.Cut(strings.TrimSuffix(seats, " seats"), " of ")
	st := sc.stack(r.X+10, r.Y+6+sc.Theme.rowH(16), r.Y+r.H-2, Left)
	if lines := levelLines(sc.Theme, level, r.W-20); level != "" && st.y+float64(len(lines)+1)*sc.Theme.rowH(16) <= st.end {
		for _, line := range lines {
			st.add(line, Mono, 16, sc.Theme.Ink)
		}
	}
	st.add(sc.Theme.fitAny(Mono, 16, r.W-20, seats, used+"/"+limit+" seats", used+"/"+limit), Mono, 16, sc.Theme.Ink)
	for _, p := range parts[1:] {
		color := sc.Theme.Muted
		if strings.HasSuffix(p, "(429)") {
			color = sc.Theme.Yellow
		}
		st.add(sc.Theme.fitText(Mono, 16, p, r.W-20), Mono, 16, color)
	}
}

// levelLines is a priority level's name in lines of width w: whole when
// it fits, else broken after its hyphens ("workload-" over "low") rather
// than cut to "workload-…", which hides the level it names.
func levelLines(th Theme, name string, w float64) []string {
	size := th.TextSize(16)
	var lines []string
	cur := ""
	for _, part := range strings.SplitAfter(name, "-") {
		if cur != "" && Measure(Mono, size, cur+part) > w {
			lines, cur = append(lines, cur), ""
		}
		cur += part
	}
	lines = append(lines, cur)
	for i := range lines { // a part wider than w alone is still cut
		lines[i] = th.fitText(Mono, 16, lines[i], w)
	}
	return lines
}
