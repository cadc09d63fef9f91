package cacher

import (
	"math/rand/v2"
	"sync"
	"time"

	"k8s.io/utils/clock"
	testingclock "k8s.io/utils/clock/testing"
)

// tickClock is the real Cacher's clock: the fake clock, except that the
// bookmark timer (the only timer the Cacher arms for [1s, 1.25s]) waits
// the same jittered intervals the simulated cacher draws from its seeded
// source, in the same order. Both sides then tick at the same cacher
// times, so which watchers a tick finds due, and whether a watcher is
// bucketed again, can be compared tick for tick instead of only on
// average. armed counts how often the timer was (re)armed: the harness
// waits for the dispatcher to re-arm it after a tick before it moves the
// clock on, as the simulated dispatcher re-arms it at the tick's time.
type tickClock struct {
	*testingclock.FakeClock
	mu     sync.Mutex
	jitter *rand.Rand
	armed  int
	due    time.Time
}

// newTickClock follows a simulated cacher whose Config.Rand is
// rand.New(rand.NewPCG(seed1, seed2)).
func newTickClock(fc *testingclock.FakeClock, seed1, seed2 uint64) *tickClock {
	return &tickClock{FakeClock: fc, jitter: rand.New(rand.NewPCG(seed1, seed2))}
}

func isBookmarkTimer(d time.Duration) bool { return d >= time.Second && d <= 1250*time.Millisecond }

// interval is the next simulated jitter: wait.Jitter(1s, 0.25) drawn as
// watchcache's jitteredBookmarkInterval draws it.
func (c *tickClock) interval() time.Duration {
	c.mu.Lock()
	defer c.mu.Unlock()
	d := time.Second + time.Duration(c.jitter.Float64()*0.25*float64(time.Second))
	c.armed++
	c.due = c.Now().Add(d)
	return d
}

func (c *tickClock) NewTimer(d time.Duration) clock.Timer {
	if !isBookmarkTimer(d) {
		return c.FakeClock.NewTimer(d)
	}
	return &tickTimer{Timer: c.FakeClock.NewTimer(c.interval()), c: c}
}

// state is how often the bookmark timer was armed and when it fires next.
func (c *tickClock) state() (int, time.Time) {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.armed, c.due
}

type tickTimer struct {
	clock.Timer
	c *tickClock
}

func (t *tickTimer) Reset(d time.Duration) bool {
	if isBookmarkTimer(d) {
		d = t.c.interval()
	}
	return t.Timer.Reset(d)
}

// waitRearmed waits (at most 2s) until the bookmark timer was armed
// again after armed: the dispatcher has taken the tick.
func (r *realSide) waitRearmed(armed int) {
	deadline := time.Now().Add(2 * time.Second)
	for {
		if n, _ := r.ticks.state(); n > armed || time.Now().After(deadline) {
			return
		}
		time.Sleep(time.Millisecond)
	}
}
