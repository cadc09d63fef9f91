package view

import "time"

// The timeline row: the step controls, the speed, and a bar of simulated
// time with a marker for every 410, relist, compaction, restart and OOM
// kill so far. Controls have one fixed place (top of the row, left), as
// presenters ask of every stepper.
const (
	ScrubLeft  = 688
	ScrubRight = 1640
	ScrubY     = TimelineTop + 28
)

// Button is a clickable control with the command it sends.
type Button struct {
	Region
	Label string
	Cmd   string
}

// Buttons are the timeline's controls, left to right; where the theme
// puts the transport in the top bar (Bar.TopControls) they are fewer and
// larger there (topButtons).
func Buttons(s Snapshot) []Button {
	play, playCmd := "play", "toggle"
	if !s.Paused {
		play = "pause"
	}
	if th := s.UI.Theme.OrDark(); th.Bar.TopControls {
		return topButtons(s, th, play)
	}
	if s.Lesson != nil { // a lesson's world moves only by its steps
		play, playCmd = "« start", "goto 0"
	}
	bs := []Button{
		{Region{StageLeft, TimelineTop + 8, 112, 40}, "← back", "back"},
		{Region{StageLeft + 120, TimelineTop + 8, 112, 40}, play, playCmd},
		{Region{StageLeft + 240, TimelineTop + 8, 112, 40}, "next →", "next"},
		{Region{StageLeft + 368, TimelineTop + 8, 72, 40}, "−", "slower"},
		{Region{StageLeft + 520, TimelineTop + 8, 72, 40}, "+", "faster"},
		{Region{StageEnd - 208, TimelineTop + 8, 64, 40}, "key", "legend"},
		{Region{StageEnd - 136, TimelineTop + 8, 64, 40}, "?", "help"},
		{Region{StageEnd - 64, TimelineTop + 8, 64, 40}, "why", "why"},
	}
	return bs
}

// topButtons are the transport in the top bar, left of the counters:
// back, play or pause (the sandbox's; a lesson moves by its steps), next
// and help, each a short label at the frame's type. The speed, the
// legend and why? stay on their keys.
func topButtons(s Snapshot, th Theme, play string) []Button {
	right, y, h := StageEnd-float64(len(topStats(th, s)))*statPitch(th)-8, 20.0, 56.0
	if !full(s) { // the etcd stage: under the counters, right of the subtitle
		right, y, h = GridRight, 116, 44
	}
	type b struct {
		label, cmd string
		w          float64
	}
	want := []b{{"←", "back", 72}}
	if s.Lesson == nil {
		want = append(want, b{play, "toggle", 112})
	}
	want = append(want, b{"→", "next", 72}, b{"?", "help", 64})
	x := right
	for _, w := range want {
		x -= w.w + 8
	}
	var out []Button
	for _, w := range want {
		x += 8
		out = append(out, Button{Region{x, y, w.w, h}, w.label, w.cmd})
		x += w.w
	}
	return out
}

// timeline draws the speed and the marker bar; the controls (Buttons)
// are widgets drawn over the scene (ui/widgets).
func timeline(sc *Scene, s Snapshot, now time.Duration) {
	if sc.Theme.Bar.TopControls { // the lesson panel has the strip's row
		return
	}
	sc.label(StageLeft+480, TimelineTop+16, speedText(s.Speed), Mono, 20, Center, sc.Theme.Ink)
	sc.rect(Rect{X: ScrubLeft, Y: ScrubY - 2, W: ScrubRight - ScrubLeft, H: 4, Radius: 2, Fill: sc.Theme.Rule})
	if l := s.Lesson; l != nil && l.Steps > 0 {
		stepTicks(sc, l)
	}
	// A storm puts hundreds of markers on a few pixels: one per kind per
	// 6 px is all the eye can see, and all the frame should pay for.
	seen := map[[2]int]bool{}
	for _, m := range s.Markers {
		x := MarkerX(s, m.AtMs)
		k := [2]int{int(x / 6), int(m.Mark)}
		if seen[k] {
			continue
		}
		seen[k] = true
		shape, c := markerStyle(sc.Theme, m.Mark)
		sc.mark(Mark{X: x, Y: ScrubY, R: 7, Shape: shape, Color: c})
	}
	if s.Lesson == nil {
		sc.mark(Mark{X: ScrubRight, Y: ScrubY, R: 8, Shape: Circle, Color: sc.Theme.Ink})
		sc.label(ScrubLeft, ScrubY+10, "0 s", Mono, 16, Left, sc.Theme.Caption)
		sc.label(ScrubRight, ScrubY+10, SimTime(s.Now)+" · click to rewind", Mono, 16, Right, sc.Theme.Caption)
	}
}

// stepTicks marks the lesson's steps along the bar, the played ones
// filled: a presenter can click one to jump there.
func stepTicks(sc *Scene, l *LessonView) {
	for i := 0; i <= l.Steps; i++ {
		x := ScrubLeft + (ScrubRight-ScrubLeft)*float64(i)/float64(l.Steps)
		c, r := sc.Theme.Faint, 5.0
		if i <= l.Step {
			c = SkyBlue
		}
		if i == l.Step {
			c, r = sc.Theme.Ink, 8
		}
		sc.mark(Mark{X: x, Y: ScrubY, R: r, Shape: Circle, Color: c})
	}
	sc.label(ScrubLeft, ScrubY+10, "start", Prose, 16, Left, sc.Theme.Caption)
	sc.label(ScrubRight, ScrubY+10, "step "+itoa(l.Step)+" of "+itoa(l.Steps), Prose, 16, Right, sc.Theme.Caption)
}

// MarkerX places an event at time atMs on the bar: by time in the
// sandbox, by step in a lesson (within the step that produced it), so
// markers line up with the step ticks.
func MarkerX(s Snapshot, atMs int64) float64 {
	w := float64(ScrubRight - ScrubLeft)
	l := s.Lesson
	if l == nil || l.Steps == 0 {
		end := max(s.Now, time.Second)
		return ScrubLeft + w*float64(atMs)/float64(end.Milliseconds())
	}
	prev := int64(0)
	for i, e := range l.StepEndsMs {
		if atMs <= e {
			f := 1.0
			if e > prev {
				f = float64(atMs-prev) / float64(e-prev)
			}
			return ScrubLeft + w*(float64(i)+f)/float64(l.Steps)
		}
		prev = e
	}
	return ScrubLeft + w*float64(len(l.StepEndsMs))/float64(l.Steps)
}

// markerStyle is the shape and colour of a timeline marker.
func markerStyle(th Theme, m Marker) (Shape, colorRGBA) {
	switch m {
	case MarkGone:
		return Triangle, Orange
	case MarkRelist:
		return Square, Blue
	case MarkCompact:
		return Diamond, th.Yellow
	case MarkRestart:
		return Circle, ReddishPurple
	case MarkOOM:
		return Cross, Vermillion
	case MarkBookmark:
		return Flag, ReddishPurple
	case MarkFault:
		return Diamond, th.Muted
	case MarkList: // the same square as a relist, in the quiet colour: expected, not alarming
		return Square, th.Muted
	}
	return Circle, th.Muted
}

// speedText is the speed as presenters say it: "0.1x", "1x", "100x".
func speedText(v float64) string {
	if v <= 0 {
		v = 1
	}
	return trimFloat(v) + "x"
}

// Speeds are the steps the speed control moves through.
var Speeds = []float64{0.1, 0.25, 0.5, 1, 2, 5, 10, 25, 50, 100}

// NextSpeed is the speed one step faster (dir > 0) or slower.
func NextSpeed(cur float64, dir int) float64 {
	i := 0
	for i < len(Speeds)-1 && Speeds[i] < cur-1e-9 {
		i++
	}
	i = min(max(i+dir, 0), len(Speeds)-1)
	return Speeds[i]
}
