package informer

import (
	"testing"
	"time"
)

// Over many seeds every step of the ladder stays inside its band and the
// bands are actually explored (both halves hit).
func TestBackoffDistribution(t *testing.T) {
	bands := []time.Duration{800, 1600, 3200, 6400, 12800, 25600, 30000, 30000}
	lowHalf := make([]int, len(bands))
	for seed := range uint64(500) {
		r := newTestRand(seed)
		b := DefaultReflectorBackoff()
		for i, lo := range bands {
			lo *= time.Millisecond
			d := b.Step(r)
			between(t, "step", d, lo, 2*lo)
			if d < lo+lo/2 {
				lowHalf[i]++
			}
		}
	}
	for i, n := range lowHalf {
		if n < 150 || n > 350 {
			t.Errorf("step %d: %d/500 draws in the lower half of the band", i, n)
		}
	}
}

func TestBackoffManagerReset(t *testing.T) {
	r := newTestRand(7)
	m := newBackoffManager(DefaultReflectorBackoff(), DefaultBackoffReset, 0)
	tests := []struct {
		now    time.Duration
		lo, hi time.Duration
	}{
		{0, 800 * time.Millisecond, 1600 * time.Millisecond},
		{time.Second, 1600 * time.Millisecond, 3200 * time.Millisecond},
		{2 * time.Minute, 3200 * time.Millisecond, 6400 * time.Millisecond}, // exactly 2m: no reset
		{2*time.Minute + 1, 800 * time.Millisecond, 1600 * time.Millisecond},
		{2*time.Minute + 2, 1600 * time.Millisecond, 3200 * time.Millisecond},
	}
	for i, tt := range tests {
		d := m.delay(tt.now, r)
		if d < tt.lo || d >= tt.hi {
			t.Errorf("#%d at %v: %v not in [%v,%v)", i, tt.now, d, tt.lo, tt.hi)
		}
	}
}
