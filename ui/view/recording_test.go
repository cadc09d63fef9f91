package view

import "testing"

// The recording's page covers the stage: a click on the timeline under it
// seeks nothing.
func TestRecordingPageTakesTheClicks(t *testing.T) {
	s := Snapshot{}
	x, y := float64(ScrubLeft+(ScrubRight-ScrubLeft)/2), float64(ScrubY)
	if Hit(s, x, y) == "" {
		t.Fatal("the timeline answers no click without the page: the test would prove nothing")
	}
	s.UI.Recording = &RecordingView{}
	if got := Hit(s, x, y); got != "" {
		t.Errorf("a click under the recording's page sent %q", got)
	}
}

// Its replay button sends recordingReplay when it has one.
func TestRecordingReplayButton(t *testing.T) {
	s := Snapshot{}
	b := RecordingReplayButton
	s.UI.Recording = &RecordingView{}
	if got := Hit(s, b.X+b.W/2, b.Y+b.H/2); got != "" {
		t.Errorf("no button, a click sent %q", got)
	}
	s.UI.Recording.Replay = "replay it"
	if got := Hit(s, b.X+b.W/2, b.Y+b.H/2); got != "recordingReplay" {
		t.Errorf("the button sent %q", got)
	}
}
