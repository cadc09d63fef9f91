package view

import (
	"math"
	"time"
)

// RevAt is the revision whose tape cell is under design point (x, y), or
// 0: hovering it highlights that resourceVersion in every layer.
func RevAt(s Snapshot, m *Motion, now time.Duration, x, y float64) int64 {
	var r float64
	switch {
	case full(s) && y >= ETapeTop && y < ETapeTop+ETapeH && x >= ETapeLeft && x < ETapeRight:
		r = m.Origin(now) - (ETapeRight-EPitch/2-x)/EPitch
	case !full(s) && y >= TapeTop && y < TapeTop+TapeH && x >= GridLeft && x < GridRight:
		r = m.Origin(now) - (GridRight-Pitch/2-x)/Pitch
	default:
		return 0
	}
	rev := int64(math.Round(r))
	if rev < 1 || rev > s.Rev {
		return 0
	}
	return rev
}

// Hit is the command a click at design point (x, y) on the scene sends,
// or "". The controls (Buttons, SandboxButtons, ChoiceButtons, the start
// screen's StartButtons) and the dialogs (picker, help, why?) are
// widgets (package ui/widgets) that send their own commands, and so is
// the closer of an overlay the scene paints (the legend): over them, and
// anywhere while the scene is Covered, Hit is "".
func Hit(s Snapshot, x, y float64) string {
	u := s.UI
	if u.Covered() { // a dialog, or an overlay whose widget takes the click
		return ""
	}
	if u.Recording != nil { // the page covers the stage: nothing under it answers
		if u.Recording.Replay != "" && RecordingReplayButton.Contains(x, y) {
			return "recordingReplay"
		}
		if u.Recording.Span > 0 && RecordingStrip(u.Theme, u.Recording).Contains(x, y) {
			return RecordingStripAt(u.Theme, u.Recording, x)
		}
		return ""
	}
	if u.Start { // the start screen covers the stage: its buttons are widgets
		return ""
	}
	for _, b := range ChoiceButtons(s) {
		if b.Contains(x, y) {
			return ""
		}
	}
	for _, b := range Buttons(s) {
		if b.Contains(x, y) {
			return ""
		}
	}
	if Sandbox(s) {
		for _, b := range SandboxButtons(s) {
			if b.Contains(x, y) {
				return ""
			}
		}
	}
	if l := s.Lesson; l != nil {
		for i, r := range l.Refs {
			if RefRegion(u.Theme, l, i).Contains(x, y) {
				return "lesson " + r.ID
			}
		}
	}
	if u.Theme.OrDark().Bar.TopControls { // no time strip
		return ""
	}
	if y >= ScrubY-14 && y <= ScrubY+14 && x >= ScrubLeft-8 && x <= ScrubRight+8 {
		if cmd := markerAt(s, x); cmd != "" {
			return cmd
		}
		f := clamp01((x - ScrubLeft) / (ScrubRight - ScrubLeft))
		if l := s.Lesson; l != nil {
			return "goto " + itoa(int(math.Round(f*float64(l.Steps))))
		}
		return "seek " + formatFloat(f*s.Now.Seconds(), 1) + "s"
	}
	return ""
}

// Sandbox reports whether the stage shows the sandbox's fault and knob
// buttons: free play in a world with API servers.
func Sandbox(s Snapshot) bool { return s.Lesson == nil && full(s) }

// markerAt is "why #ID" for the timeline marker nearest x (within 10 px).
func markerAt(s Snapshot, x float64) string {
	best, dist := uint64(0), 10.0
	for _, m := range s.Markers {
		mx := MarkerX(s, m.AtMs)
		if d := math.Abs(mx - x); d < dist {
			best, dist = m.ID, d
		}
	}
	if best == 0 {
		return ""
	}
	return "why " + itoa(int(best))
}
