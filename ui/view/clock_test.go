package view

import (
	"testing"
	"time"
)

// TestClockDrop: the clock keeps at most lead (real time, times Speed)
// ahead of the world, and never moves forward by it.
func TestClockDrop(t *testing.T) {
	ms := time.Millisecond
	for _, c := range []struct {
		name         string
		speed        float64
		clock, world time.Duration
		lead, want   time.Duration
	}{
		{"within the lead: kept", 1, 100 * ms, 0, 250 * ms, 100 * ms},
		{"beyond the lead: set back to it", 1, 900 * ms, 100 * ms, 250 * ms, 350 * ms},
		{"no lead: set back to the world", 1, 900 * ms, 100 * ms, 0, 100 * ms},
		{"lead scales with speed", 10, 10 * time.Second, 0, 250 * ms, 2500 * ms},
		{"speed 0 means 1", 0, time.Second, 0, 250 * ms, 250 * ms},
		{"world ahead: never moved forward", 1, 100 * ms, 500 * ms, 250 * ms, 100 * ms},
	} {
		k := Clock{Speed: c.speed, virtual: c.clock}
		k.Drop(c.world, c.lead)
		if k.Virtual() != c.want {
			t.Errorf("%s: clock %v, want %v", c.name, k.Virtual(), c.want)
		}
	}
}
