package view

import (
	"strconv"
	"strings"
)

// compactionLine draws the compaction line at the right edge of the
// compact revision's column, with its label on top: nothing at or left of
// the line can be read at an old revision any more ("required revision has
// been compacted").
func compactionLine(sc *Scene, s Snapshot, a axis) {
	if a.line <= 0 {
		return
	}
	x := a.X(a.line) + Pitch/2
	left := float64(GridRight - Columns*Pitch)
	if x < left || x > GridRight+Pitch/2 {
		return
	}
	bottom := lanesBottom(s) + 8
	sc.line(Line{X0: x, Y0: TapeTop - 8, X1: x, Y1: bottom, Width: 3, Color: sc.Theme.Yellow})
	tag := "compact " + strconv.FormatInt(s.CompactRev, 10)
	w := Measure(Mono, sc.Theme.TextSize(18), tag) + 20
	tx, _ := compactionTagX(s, a, sc.Theme)
	// the tag's plate is the yellow as text would be: its words, in the
	// background's colour, then read on it as text reads on the background
	h := sc.Theme.Pitch(18, 28) // the plate grows upward with the theme's type
	sc.rect(Rect{X: tx, Y: TapeTop - 12 - h, W: w, H: h, Radius: 6, Fill: sc.Theme.Readable(sc.Theme.Yellow)})
	sc.label(tx+w/2, TapeTop-8-h, tag, Mono, 18, Center, sc.Theme.Background)
	compactionCaption(sc, s, x, left, bottom+12)
}

// compactionTagX is the left edge of the compaction line's tag; ok is
// false when the line is not on screen.
func compactionTagX(s Snapshot, a axis, th Theme) (float64, bool) {
	if a.line <= 0 {
		return 0, false
	}
	x := a.X(a.line) + Pitch/2
	left := float64(GridRight - Columns*Pitch)
	if x < left || x > GridRight+Pitch/2 {
		return 0, false
	}
	w := Measure(Mono, th.TextSize(18), "compact "+strconv.FormatInt(s.CompactRev, 10)) + 20
	return min(max(x-w/2, left), GridRight-w), true
}

// compactionCaption says under the line what the line means: reads and
// watches from before the compact revision fail, and each key keeps its
// newest version at or below it. It sits left of the line when it fits.
func compactionCaption(sc *Scene, s Snapshot, x, left, y float64) {
	cap := "reads below " + strconv.FormatInt(s.CompactRev, 10) +
		" fail; each key keeps its newest version"
	w := Measure(Prose, sc.Theme.TextSize(20), cap)
	if x-16-w >= left {
		sc.label(x-16, y, cap, Prose, 20, Right, sc.Theme.Caption)
		return
	}
	sc.label(min(x+16, GridRight-w), y, cap, Prose, 20, Left, sc.Theme.Caption)
}

// clip shortens s to its first line and at most n runes, at a word
// boundary when it has one and saying less (sayLess), never with a
// trailing "…" (a command drawn on the stage ends on a whole word).
func clip(s string, n int) string {
	s, _, _ = strings.Cut(s, "\n")
	r := []rune(s)
	if n <= 1 || len(r) <= n {
		if n <= 1 {
			return ""
		}
		return s
	}
	for i := n; i > 0; i-- {
		if boundary(r[i-1], r[i]) {
			if t := sayLess(string(r[:i])); t != "" {
				return t
			}
		}
	}
	return string(r[:n])
}
