package view

import "testing"

// The recording page's replay button reads at WCAG AA in both themes: its
// label against the button's fill.
func TestRecordingReplayButtonReadable(t *testing.T) {
	for _, th := range []Theme{Dark, Projector} {
		sc := &Scene{Theme: th}
		recordingPanel(sc, &RecordingView{Title: "your cluster", Replay: "replay in the simulation"})
		found := false
		for _, x := range sc.Texts {
			if x.S == "replay in the simulation" {
				found = true
				if c := Contrast(Over(SkyBlue, x.Color), SkyBlue); c < MinContrast {
					t.Errorf("%s: the replay button's label at %.2f:1", th.Name, c)
				}
			}
		}
		if !found {
			t.Errorf("%s: no replay button drawn", th.Name)
		}
	}
}
