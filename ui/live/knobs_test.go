package live

import (
	"testing"
	"time"

	"watchscope/ui/view"
)

// TestKnobsFollowTheWorld: a sandbox knob's button is lit by the world's
// setting, not by the text that set it. Typed with two spaces it lights;
// set back, it goes out; rewound to before it was set (the world rebuilt
// from its seed and the earlier commands), it is out. Lit by matching the
// exact command text, the first stayed dark and the other two stayed lit.
func TestKnobsFollowTheWorld(t *testing.T) {
	s, err := Open(Link{Nodes: 3, Seed: 1})
	if err != nil {
		t.Fatal(err)
	}
	lit := func(name string) bool {
		for _, b := range view.SandboxButtons(s.Snapshot()) {
			if b.On && b.Label == name {
				return true
			}
		}
		return false
	}
	send := func(cmd string) {
		t.Helper()
		if !s.Send(cmd) {
			t.Fatalf("Send(%q) refused", cmd)
		}
		s.Tick(time.Second / 60)
	}
	s.Tick(time.Second / 60)
	if lit("WatchList off") || lit("APF off") {
		t.Fatal("a fresh sandbox has knobs lit")
	}
	send("sim set watch-list  false")
	send("sim set client-backoff 100ms")
	if !lit("WatchList off") || !lit("backoff fixed 100ms") {
		t.Errorf("after sim set watch-list  false and client-backoff 100ms: lit %v", s.Snapshot().UI.Knobs)
	}
	send("sim set watch-list true")
	if lit("WatchList off") {
		t.Error("watch-list set back to true: its button is still lit")
	}
	send("sim set priority-and-fairness false")
	if !lit("APF off") {
		t.Fatalf("sim set priority-and-fairness false: lit %v", s.Snapshot().UI.Knobs)
	}
	send("seek 0s")
	if lit("APF off") || lit("backoff fixed 100ms") {
		t.Errorf("rewound to 0s, before any knob was set: lit %v", s.Snapshot().UI.Knobs)
	}
}
