package view

import "time"

// Motion in the stage is data: a Tween says where a value was, where it is
// going, and when. Draw asks for the value at the animation clock's "now";
// pausing the clock freezes every tween at once.

// Ease maps linear progress 0..1 to eased progress 0..1.
type Ease func(t float64) float64

// OutCubic decelerates into place: things arriving (a new revision
// sliding onto the tape).
func OutCubic(t float64) float64 {
	t = clamp01(t) - 1
	return t*t*t + 1
}

// InOutCubic speeds up then settles: a sweep from one place to another
// (the compaction line).
func InOutCubic(t float64) float64 {
	t = clamp01(t)
	if t < 0.5 {
		return 4 * t * t * t
	}
	u := -2*t + 2
	return 1 - u*u*u/2
}

// Tween animates one number from From to To, starting at Start and taking Dur.
type Tween struct {
	From, To float64
	Start    time.Duration
	Dur      time.Duration
	Ease     Ease
}

// Hold is a tween already at rest at v.
func Hold(v float64) Tween { return Tween{From: v, To: v} }

// At is the tween's value at time now.
func (tw Tween) At(now time.Duration) float64 {
	if tw.Dur <= 0 || now >= tw.Start+tw.Dur {
		return tw.To
	}
	if now <= tw.Start {
		return tw.From
	}
	p := float64(now-tw.Start) / float64(tw.Dur)
	if tw.Ease != nil {
		p = tw.Ease(p)
	}
	return tw.From + (tw.To-tw.From)*p
}

// Retarget starts a new tween towards to from wherever tw is at now, so a
// change that arrives mid-flight continues smoothly instead of jumping.
func (tw Tween) Retarget(to float64, now, dur time.Duration, e Ease) Tween {
	return Tween{From: tw.At(now), To: to, Start: now, Dur: dur, Ease: e}
}

// Done reports whether the tween has come to rest by now.
func (tw Tween) Done(now time.Duration) bool { return now >= tw.Start+tw.Dur }
