package view

import (
	"strings"
	"time"
)

// The etcd stage's focus. A step's highlights (the lessons package's
// target vocabulary, "etcd.tape" or "etcd.key:/registry/...") dim the
// parts of the tape layout they do not point at. The diagram of a world
// with API servers draws its own focus from the scene's actors
// (castFocus), so only the etcd stage maps targets to regions here.

// TargetRegion maps a lesson highlight to the part of the etcd stage
// that shows it. ok is false for targets the etcd stage does not draw
// (they then dim nothing).
func TargetRegion(s Snapshot, target string) (Region, bool) {
	name, _, _ := strings.Cut(target, ":")
	switch name {
	case "etcd.tape", "etcd.revision":
		return Region{Margin - 16, TapeTop - 48, GridRight - Margin + 32, TapeH + 64}, true
	case "etcd.key", "etcd.tombstone", "etcd.watchers", "etcd.watch", "etcd.progress":
		return Region{Margin - 16, LanesLabel - 8, GridRight - Margin + 32, lanesBottom(s) - LanesLabel + 16}, true
	case "etcd.compaction":
		return Region{Margin - 16, TapeTop - 48, GridRight - Margin + 32, lanesBottom(s) - TapeTop + 96}, true
	case "console", "timeline":
		return Region{StageLeft, PanelTop, StageEnd - StageLeft, TimelineBot - PanelTop}, true
	}
	return Region{}, false
}

// blocks are the etcd stage's big parts, the tape and the key lanes; a
// block with no highlighted region in it is dimmed so the eye goes to
// the one that has.
var blocks = [...]Region{
	{0, TapeTop - 56, DesignW, LanesLabel - TapeTop + 48},
	{0, LanesLabel - 8, DesignW, PanelTop - LanesLabel + 4},
}

func overlaps(a, b Region) bool {
	return a.X < b.X+b.W && b.X < a.X+a.W && a.Y < b.Y+b.H && b.Y < a.Y+a.H
}

// focus dims every block the step does not point at and outlines the
// regions it does: one focal point per step.
func focus(sc *Scene, s Snapshot, now time.Duration) {
	if s.Lesson == nil || len(s.Lesson.Highlights) == 0 {
		return
	}
	var rs []Region
	for _, t := range s.Lesson.Highlights {
		if r, ok := TargetRegion(s, t); ok {
			rs = append(rs, r)
		}
	}
	if len(rs) == 0 {
		return
	}
	o := sc.over()
	for _, b := range blocks {
		lit := false
		for _, r := range rs {
			lit = lit || overlaps(b, r)
		}
		if !lit {
			o.rect(Rect{X: b.X - 2, Y: b.Y - 2, W: b.W + 4, H: b.H + 4, Fill: Fade(sc.Theme.Background, sc.Theme.Veil)})
		}
	}
	for _, r := range rs {
		outline(o, r, sc.Theme.Yellow)
	}
}

// outline draws a 2 px frame around r.
func outline(sc *Scene, r Region, c colorRGBA) {
	const w = 2
	sc.rect(Rect{X: r.X, Y: r.Y, W: r.W, H: w, Fill: c})
	sc.rect(Rect{X: r.X, Y: r.Y + r.H - w, W: r.W, H: w, Fill: c})
	sc.rect(Rect{X: r.X, Y: r.Y, W: w, H: r.H, Fill: c})
	sc.rect(Rect{X: r.X + r.W - w, Y: r.Y, W: w, H: r.H, Fill: c})
}
