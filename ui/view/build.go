package view

import "time"

// The stage's layout on the design canvas (all multiples of the 8 px grid):
//
//	80                464                                     1840
//	+-----------------------------------------------------------+  48
//	| WatchScope                       REVISION COMPACTED ...   |
//	| subtitle                              42       30         |
//	+-----------------------------------------------------------+ 192
//	| REVISION TAPE  caption                                    |
//	| row labels  | [41][42][43] ... one cell per revision      | 232
//	+-----------------------------------------------------------+ 360
//	| KEY INDEX  caption                      |compaction line  |
//	| /registry/pods/default/  o---<>---x   o-|--<>             | 400
//	| web-0                                   |                 |
//	|  ... one lane per key                   |                 |
//	+-----------------------------------------------------------+
//
// (BuildStage draws it for a world without API servers, with the step's
// commands below and the lesson panel, timeline and overlays around it.)
const (
	Margin    = 80
	GridLeft  = 464 // where the revision columns may start
	GridRight = 1840
	Pitch     = 64 // one revision column
	Columns   = (GridRight - GridLeft) / Pitch

	TapeTop    = 232
	TapeH      = 96
	LanesLabel = 360
	LanesTop   = 400
	LaneH      = 64
	MaxLanes   = 6
)

// axis maps revisions to x on the design canvas at one instant.
type axis struct {
	origin float64 // revision at the rightmost column
	line   float64 // revision the compaction line stands at
}

func newAxis(m *Motion, now time.Duration) axis {
	return axis{origin: m.Origin(now), line: m.CompactLine(now)}
}

// X is the centre of revision rev's column.
func (a axis) X(rev float64) float64 {
	return GridRight - Pitch/2 - (a.origin-rev)*Pitch
}

// Alpha fades columns in at the right edge and out at the left edge, so
// revisions slide on and off the tape instead of popping.
func (a axis) Alpha(x float64) float64 {
	in := (GridRight + Pitch/2 - x) / Pitch
	out := (x - (GridRight - Columns*Pitch - Pitch/2)) / Pitch
	return clamp01(min(in, out))
}

// Visible is the range of revisions that may be on screen, oldest first.
func (a axis) Visible() (from, to int64) {
	to = int64(a.origin) + 1
	from = max(1, to-int64(Columns)-1)
	return from, to
}

// section draws a small-caps section title with a caption after it.
func section(sc *Scene, y float64, title, caption string) {
	sc.label(Margin, y, title, ProseBold, 18, Left, sc.Theme.Muted)
	if !sc.Theme.Detail {
		return
	}
	x := Margin + Measure(ProseBold, sc.Theme.TextSize(18), title) + 24
	sc.label(x, y-1, caption, Prose, 20, Left, sc.Theme.Caption)
}
