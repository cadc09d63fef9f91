package view

import (
	"fmt"
	"strconv"
	"time"
)

// header draws the title block and the live counters. Counters are in Go
// Mono, right-aligned, so a growing revision does not shift its digits.
func header(sc *Scene, s Snapshot) {
	title, sub := "WatchScope", "etcd keeps every change as a revision. Compaction forgets the past."
	if l := s.Lesson; l != nil {
		title = l.Title
		sub = "WatchScope  ·  step " + strconv.Itoa(l.Step) + " of " + strconv.Itoa(l.Steps)
	}
	sc.label(Margin, 48, clip(title, 40), ProseBold, 44, Left, sc.Theme.Ink)
	sc.label(Margin, 112, sub, Prose, 24, Left, sc.Theme.Muted)

	stats := []struct{ label, value string }{
		{"SIM TIME", SimTime(s.Now)},
		{"LIVE KEYS", strconv.Itoa(s.LiveKeys)},
		{"COMPACTED", revOrDash(s.CompactRev)},
		{"REVISION", strconv.FormatInt(s.Rev, 10)},
	}
	x := float64(GridRight)
	for i := len(stats) - 1; i >= 0; i-- {
		st := stats[i]
		c := sc.Theme.Ink
		if st.label == "COMPACTED" {
			c = sc.Theme.Yellow
		}
		sc.label(x, min(52, 80-LineHeight(sc.Theme.TextSize(18))), st.label, ProseBold, 18, Right, sc.Theme.Muted)
		sc.label(x, 80, st.value, Mono, 44, Right, c)
		x -= 216
	}
	sc.rect(Rect{X: Margin, Y: 168, W: GridRight - Margin, H: 1, Fill: sc.Theme.Rule})
}

// SimTime is the one text form of simulated time on the stage: seconds
// with one decimal ("12.4 s"), minutes past a minute ("3m05.2s").
func SimTime(d time.Duration) string {
	if d < time.Minute {
		return fmt.Sprintf("%.1f s", d.Seconds())
	}
	m := int(d / time.Minute)
	return fmt.Sprintf("%dm%04.1fs", m, (d - time.Duration(m)*time.Minute).Seconds())
}

func revOrDash(r int64) string {
	if r <= 0 {
		return "-"
	}
	return strconv.FormatInt(r, 10)
}
