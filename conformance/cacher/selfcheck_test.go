package cacher

import (
	"slices"
	"testing"
)

// TestHarnessDetectsPlantedFaults: faults planted in front of the sim
// side must show up as differences. A sim that lost events must not be
// "matched" by waiting only for as many real events as it has: the
// harness waits a quiet period and sees the real side's extras.
func TestHarnessDetectsPlantedFaults(t *testing.T) {
	p := newPair(t, create("default", "a", nil), create("default", "b", nil), create("default", "c", nil))
	w := p.watch(watchReq{RV: "0"})
	p.tick(settleStep)
	if len(w.sim.got) != 3 {
		t.Fatalf("sim has %d initial events, want 3", len(w.sim.got))
	}
	w.sim.got = w.sim.got[:1] // planted: the sim lost two events
	real, sim := p.events(w, 0)
	if len(real) != 3 || slices.Equal(real, sim) {
		t.Errorf("planted loss not detected: real %q sim %q", real, sim)
	}
	w.sim.got = append(w.sim.got, w.sim.got[0], w.sim.got[0]) // planted: wrong events
	if real, sim := p.events(w, 0); slices.Equal(real, sim) {
		t.Errorf("planted wrong events not detected: %q", sim)
	}
}
