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
