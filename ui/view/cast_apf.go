package view

import (
	"strconv"
	"strings"

	"watchscope/ui/scene"
)

func apfBox(sc *Scene, a *scene.Actor, r Region) {
	sc.rect(Rect{X: r.X, Y: r.Y, W: r.W, H: r.H, Radius: 10, Fill: sc.Theme.PanelHi})
	sc.label(r.X+10, r.Y+6, sc.Theme.fitAny(ProseBold, 16, r.W-20, "Priority & Fairness", "APF"), ProseBold, 16, Left, sc.Theme.Muted)
	if a.APF == nil {
		return
	}
	l := *a.APF
	used, limit := strconv.Itoa(l.InUse), strconv.Itoa(l.Limit)
	st := sc.stack(r.X+10, r.Y+6+sc.Theme.rowH(16), r.Y+r.H-2, Left)
	if lines := levelLines(sc.Theme, l.Level, r.W-20); l.Level != "" && st.y+float64(len(lines)+1)*sc.Theme.rowH(16) <= st.end {
		for _, line := range lines {
			st.add(line, Mono, 16, sc.Theme.Ink)
		}
	}
	st.add(sc.Theme.fitAny(Mono, 16, r.W-20, l.Seats(), used+"/"+limit+" seats", used+"/"+limit), Mono, 16, sc.Theme.Ink)
	st.add(sc.Theme.fitText(Mono, 16, strconv.Itoa(l.Waiting)+" waiting", r.W-20), Mono, 16, sc.Theme.Muted)
	if l.Rejected > 0 {
		st.add(sc.Theme.fitText(Mono, 16, scene.Thousands(l.Rejected)+" refused (429)", r.W-20), Mono, 16, sc.Theme.Yellow)
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
