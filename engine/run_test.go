package engine

import (
	"math/rand/v2"
	"testing"
	"time"
)

// TestRunUntilOrSameTrace cuts a run into random pieces, as a browser
// frame with a wall-clock budget does (stop after a random number of
// events, at random targets), and requires the trace, the clock and the
// event count to match one uninterrupted RunUntil, for the steady and
// restart-storm scenarios.
func TestRunUntilOrSameTrace(t *testing.T) {
	for _, name := range []string{"steady", "restart-storm"} {
		for seed := range uint64(3) {
			cfg := Scenario{Name: name, Nodes: 20, Duration: 30 * time.Second, Seed: seed + 1}.Config()
			end := 30 * time.Second
			whole, err := NewWorld(cfg)
			if err != nil {
				t.Fatal(err)
			}
			whole.RunUntil(end)

			cut, _ := NewWorld(cfg)
			r := rand.New(rand.NewPCG(seed, 99))
			target, stops := time.Duration(0), 0
			for cut.Now() < end {
				target = min(end, max(target, cut.Now())+time.Duration(r.IntN(400))*time.Millisecond)
				budget := r.IntN(40)
				asked := 0
				if !cut.RunUntilOr(target, func() bool { asked++; return asked > budget }) {
					stops++
				}
			}
			if stops == 0 {
				t.Fatalf("%s seed %d: the budget never stopped a run", name, seed)
			}
			if cut.Trace.Hash() != whole.Trace.Hash() || cut.Now() != whole.Now() || cut.Trace.Len() != whole.Trace.Len() {
				t.Errorf("%s seed %d: cut run (%d stops) %s at %v (%d events), whole run %s at %v (%d events)", name, seed, stops,
					cut.Trace.Hash()[:12], cut.Now(), cut.Trace.Len(), whole.Trace.Hash()[:12], whole.Now(), whole.Trace.Len())
			}
		}
	}
}

// TestRunUntilOrProgress: a stop that is always true still runs one event
// per call, and the clock stays at the last event run.
func TestRunUntilOrProgress(t *testing.T) {
	w, err := NewWorld(Scenario{Name: "steady", Nodes: 5, Duration: 10 * time.Second, Seed: 1}.Config())
	if err != nil {
		t.Fatal(err)
	}
	for i := 0; i < 50; i++ {
		before := w.Pending()
		next, _ := w.NextAt()
		if w.RunUntilOr(10*time.Second, func() bool { return true }) {
			t.Fatalf("call %d reached 10s with a stop that is always true", i)
		}
		if w.Now() != next {
			t.Fatalf("call %d: clock %v, want the event's time %v (pending %d)", i, w.Now(), next, before)
		}
	}
	if !w.RunUntilOr(10*time.Second, nil) || w.Now() != 10*time.Second {
		t.Fatalf("nil stop must reach the target, at %v", w.Now())
	}
}
