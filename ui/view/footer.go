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
	sc.line(Line{X0: x, Y0: TapeTop - 8, X1: x, Y1: bottom, Width: 3, Color: Yellow})
	tag := "compact " + strconv.FormatInt(s.CompactRev, 10)
	w := Measure(Mono, 18, tag) + 20
	tx, _ := compactionTagX(s, a)
	sc.rect(Rect{X: tx, Y: TapeTop - 40, W: w, H: 28, Radius: 6, Fill: Yellow})
	sc.label(tx+w/2, TapeTop-36, tag, Mono, 18, Center, Background)
	compactionCaption(sc, s, x, left, bottom+12)
}

// compactionTagX is the left edge of the compaction line's tag; ok is
// false when the line is not on screen.
func compactionTagX(s Snapshot, a axis) (float64, bool) {
	if a.line <= 0 {
		return 0, false
	}
	x := a.X(a.line) + Pitch/2
	left := float64(GridRight - Columns*Pitch)
	if x < left || x > GridRight+Pitch/2 {
		return 0, false
	}
	w := Measure(Mono, 18, "compact "+strconv.FormatInt(s.CompactRev, 10)) + 20
	return min(max(x-w/2, left), GridRight-w), true
}

// compactionCaption says under the line what the line means: reads and
// watches from before the compact revision fail, and each key keeps its
// newest version at or below it. It sits left of the line when it fits.
func compactionCaption(sc *Scene, s Snapshot, x, left, y float64) {
	cap := "reads below " + strconv.FormatInt(s.CompactRev, 10) +
		" fail; each key keeps its newest version"
	w := Measure(Prose, 20, cap)
	if x-16-w >= left {
		sc.label(x-16, y, cap, Prose, 20, Right, Caption)
		return
	}
	sc.label(min(x+16, GridRight-w), y, cap, Prose, 20, Left, Caption)
}

// console shows the last commands the demo (or a test, or the user) typed
// and what the console answered, so every change on the stage has its
// cause written next to it.
func console(sc *Scene, s Snapshot) {
	const rows = 3
	sc.rect(Rect{X: Margin - 16, Y: LogTop, W: GridRight - Margin + 32, H: 128, Radius: 12, Fill: Panel})
	sc.label(Margin+8, LogTop+18, "CONSOLE", ProseBold, 18, Left, Muted)
	lines := s.Log[max(0, len(s.Log)-rows):]
	for i, l := range lines {
		y := float64(LogTop + 16 + (rows-len(lines)+i)*36)
		newest := i == len(lines)-1
		cmdColor, outColor := Muted, Caption
		if newest {
			cmdColor, outColor = Ink, Muted
		}
		sc.label(ConsoleLeft, y, "$", Mono, 20, Left, Caption)
		sc.label(ConsoleLeft+24, y, l.Cmd, Mono, 20, Left, cmdColor)
		room := GridRight - 24 - (ConsoleLeft + 24 + Measure(Mono, 20, l.Cmd) + 56)
		out := clip(l.Out, int(room/Measure(Mono, 20, "0")))
		if l.Failed {
			outColor = Orange
			w := Measure(Mono, 20, out)
			sc.mark(Mark{X: GridRight - 24 - w - 18, Y: y + 12, R: 9, Shape: Triangle, Color: Orange})
		}
		sc.label(GridRight-24, y, out, Mono, 20, Right, outColor)
	}
}

// clip shortens s to n runes, marking the cut with an ellipsis.
func clip(s string, n int) string {
	s, _, _ = strings.Cut(s, "\n")
	r := []rune(s)
	if n <= 1 || len(r) <= n {
		if n <= 1 {
			return ""
		}
		return s
	}
	return string(r[:n-1]) + "…"
}

// legend pairs every shape with its colour and name, and says how to pause.
func legend(sc *Scene, s Snapshot) {
	x := float64(Margin)
	y := float64(LegendY)
	for _, k := range Kinds() {
		sc.mark(Mark{X: x + 10, Y: y + 12, R: 10, Shape: k.Shape(), Color: k.Color()})
		sc.label(x+30, y, k.String(), Prose, 20, Left, Muted)
		x += 30 + Measure(Prose, 20, k.String()) + 40
	}
	sc.line(Line{X0: x + 10, Y0: y, X1: x + 10, Y1: y + 24, Width: 3, Color: Yellow})
	sc.label(x+24, y, "COMPACTION", Prose, 20, Left, Muted)

	hint, c := "F  fullscreen    Space  pause", Caption
	if s.Paused {
		hint, c = "PAUSED    Space  resume", Ink
	}
	if s.Speed > 0 && s.Speed != 1 {
		hint = strconv.FormatFloat(s.Speed, 'g', 3, 64) + "x    " + hint
	}
	sc.label(GridRight, y, hint, ProseBold, 20, Right, c)
}
