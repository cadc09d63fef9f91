package view

import (
	"math"
	"strconv"
)

// PlaybackView is a lesson step being replayed in slow motion (package
// playback): the pace in simulated seconds per screen second, whether the
// key events are still playing one by one, and what went by so far.
type PlaybackView struct {
	Pace    float64
	Slow    bool
	Paused  bool
	Pending int    // the step's events still to be shown
	Counter string // "412 requests · 410 responses"
}

// PaceText is the one text form of a pace: "slow motion ×0.05" below 1,
// "×20" above.
func PaceText(pace float64) string {
	switch {
	case pace <= 0:
		return "slow motion"
	case pace < 0.01:
		return "slow motion ×" + strconv.FormatFloat(pace, 'f', 3, 64)
	case pace < 0.995:
		return "slow motion ×" + strconv.FormatFloat(pace, 'f', 2, 64)
	case pace < 1.05:
		return "real time ×1"
	case pace < 9.95:
		return "×" + strconv.FormatFloat(pace, 'f', 1, 64)
	}
	return "×" + strconv.FormatFloat(pace, 'f', 0, 64)
}

// playbackBadge says that the screen is replaying the step and how fast:
// a pill left of the top bar's clock with the pace (yellow while the key
// events play one by one) over what went by. It is drawn after the focus
// dimming, so it stays legible whatever the step highlights.
func playbackBadge(base *Scene, s Snapshot) {
	pb := s.Playback
	if pb == nil {
		return
	}
	sc := base.over()
	pace := "► " + PaceText(pb.Pace)
	if pb.Paused {
		pace = "paused · " + PaceText(pb.Pace) + " · Space goes on"
	}
	counter := pb.Counter
	if counter == "" {
		counter = "the step begins"
	}
	th := base.Theme
	big, small := max(24, th.Bar.Text), max(18, th.Bar.Text)
	c := base.Theme.Ink
	if pb.Slow {
		c = base.Theme.Yellow
	}
	if !full(s) { // the etcd stage: one line under the counters
		size, right := max(20, th.Bar.Text), float64(GridRight)
		if th.Bar.TopControls { // left of the transport's buttons
			right = Buttons(s)[0].X - 16
		}
		line := th.fitText(ProseBold, size, pace+"  ·  "+counter, min(900, right-Margin-600))
		w := Measure(ProseBold, th.TextSize(size), line) + 32
		h := max(34, math.Ceil(LineHeight(th.TextSize(size))+10))
		top := 130 - (h-34)/2 // centred on the dark theme's 34-high pill
		sc.rect(Rect{X: right - w, Y: top, W: w, H: h, Radius: 8, Fill: th.PanelHi})
		sc.label(right-w+16, top+math.Floor((h-LineHeight(th.TextSize(size)))/2), line, ProseBold, size, Left, c)
		return
	}
	right, top, maxW := topRight(s), 6.0, 420.0
	pace, counter = base.Theme.fitText(ProseBold, big, pace, maxW-32), base.Theme.fitText(Mono, small, counter, maxW-32)
	w := max(Measure(ProseBold, base.Theme.TextSize(big), pace), Measure(Mono, base.Theme.TextSize(small), counter)) + 32
	x := right - w
	y2 := top + max(48, math.Ceil(10+LineHeight(th.TextSize(big))+4)) // the counter's line
	sc.rect(Rect{X: x, Y: top, W: w, H: max(84, y2-top+LineHeight(th.TextSize(small))+6), Radius: 10, Fill: th.PanelHi})
	sc.label(x+16, top+10, pace, ProseBold, big, Left, c)
	sc.label(x+16, y2, counter, Mono, small, Left, th.Muted)
}
