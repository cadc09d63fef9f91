package engine

import (
	"slices"
	"testing"
	"time"
)

// countingTicker is a fakeTicker with a clock of its own (a clockTicker,
// as an API server replica is) that counts the NextWake questions, and
// logs its firings to a log shared with other tickers.
type countingTicker struct {
	fakeTicker
	name  string
	log   *[]string
	asked int
	clock time.Duration
	// poke, when set, gets a timer at now whenever this ticker fires
	// (etcd streaming an event to a replica).
	poke *countingTicker
}

func (c *countingTicker) Advance(now time.Duration) {
	fired := len(c.fired)
	c.fakeTicker.Advance(now)
	for range len(c.fired) - fired {
		*c.log = append(*c.log, c.name)
		if c.poke != nil {
			c.poke.add(now)
		}
	}
	c.clock = now
}

func (c *countingTicker) AdvanceClock(now time.Duration) { c.clock = now }

func (c *countingTicker) NextWake() (time.Duration, bool) {
	c.asked++
	return c.fakeTicker.NextWake()
}

// TestTickerAskedOncePerEvent: a ticker with nothing due is asked
// NextWake once per event (by syncWake), not again by advanceTickers,
// and its clock still moves with every event.
func TestTickerAskedOncePerEvent(t *testing.T) {
	w := newTestWorld(t, Config{})
	var log []string
	ct := &countingTicker{name: "b", log: &log}
	ct.add(time.Hour)
	w.AddTicker("n", ct)
	for i := 1; i <= 10; i++ {
		w.Schedule(ms(float64(i)), 0, func() {})
	}
	ct.asked = 0
	w.RunUntil(ms(10))
	if ct.asked != 11 || ct.clock != ms(10) { // runUntil's sync + one per event
		t.Fatalf("asked %d times, clock %v; want 11, 10ms", ct.asked, ct.clock)
	}
}

// TestTickerAskedAfreshAfterAnotherWorks: when an earlier ticker fires
// and gives a later one work due now (etcd streaming to a replica), the
// later one is advanced in the same round, before the event runs.
func TestTickerAskedAfreshAfterAnotherWorks(t *testing.T) {
	w := newTestWorld(t, Config{})
	var log []string
	b := &countingTicker{name: "b", log: &log}
	a := &countingTicker{name: "a", log: &log, poke: b}
	a.add(ms(5))
	// The event is queued first, so it is the first popped at 5ms and
	// both tickers are advanced before it runs. The one at 1ms takes the
	// metrics sample due at 0 (after a sample every answer is asked
	// afresh anyway).
	w.Schedule(ms(1), 0, func() {})
	w.Schedule(ms(5), 0, func() { log = append(log, "event") })
	w.AddTicker("a", a)
	w.AddTicker("b", b)
	w.RunUntil(ms(10))
	if want := []string{"a", "b", "event"}; !slices.Equal(log, want) {
		t.Fatalf("log %v, want %v", log, want)
	}
}
