package view

import (
	"fmt"
	"strconv"
	"time"
)

// header draws the title block and the live counters. Counters are in Go
// Mono, right-aligned, so a growing revision does not shift its digits.
// Where the theme puts the transport in the top bar, its buttons sit
// under the counters (topButtons).
func header(sc *Scene, s Snapshot) {
	th := sc.Theme
	title, sub := "WatchScope", "etcd keeps every change as a revision. Compaction forgets the past."
	if l := s.Lesson; l != nil {
		title = l.Title
		sub = "WatchScope  ·  step " + strconv.Itoa(l.Step) + " of " + strconv.Itoa(l.Steps)
		if !th.Detail {
			sub = "step " + strconv.Itoa(l.Step) + " of " + strconv.Itoa(l.Steps)
		}
	}
	sc.label(Margin, 48, clip(title, 40), ProseBold, 44, Left, th.Ink)
	subSize := max(24, th.Bar.Text)
	right := float64(GridRight)
	if th.Bar.TopControls {
		if bs := Buttons(s); len(bs) > 0 {
			right = bs[0].X - 16
		}
	}
	sc.label(Margin, 112+(LineHeight(th.TextSize(24))-LineHeight(th.TextSize(subSize)))/2, th.fitText(Prose, subSize, sub, right-Margin), Prose, subSize, Left, th.Muted)

	stats := []struct{ label, value string }{
		{"SIM TIME", SimTime(s.Now)},
		{"LIVE KEYS", strconv.Itoa(s.LiveKeys)},
		{"COMPACTED", revOrDash(s.CompactRev)},
		{"REVISION", strconv.FormatInt(s.Rev, 10)},
	}
	if !th.Detail { // the projector's: the revisions
		stats = stats[2:]
	}
	nameSize, valueY := max(18, th.Bar.Text), 80.0
	if th.Bar.TopControls { // the counters move up: the transport's buttons sit under them
		valueY = 48
	}
	x := float64(GridRight)
	for i := len(stats) - 1; i >= 0; i-- {
		st := stats[i]
		c := th.Ink
		if st.label == "COMPACTED" {
			c = th.Yellow
		}
		sc.label(x, min(valueY-28, valueY-LineHeight(th.TextSize(nameSize))), st.label, ProseBold, nameSize, Right, th.Muted)
		sc.label(x, valueY, st.value, Mono, 44, Right, c)
		x -= 216
	}
	sc.rect(Rect{X: Margin, Y: 168, W: GridRight - Margin, H: 1, Fill: th.Rule})
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
