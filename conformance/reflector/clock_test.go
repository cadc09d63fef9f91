package reflector

import (
	"runtime"
	"strings"
	"sync"
	"time"

	"k8s.io/utils/clock"
)

// vclock is the real Reflector's clock (ReflectorOptions.Clock): it reads
// the world's virtual time and tells the driver what the reflector is
// doing with it. Two of its calls are progress signals the driver relies
// on:
//
//	Now() called from handleAnyWatch    one watch event was fully handled
//	                                    (store updated, RV propagated)
//	Now() called from (*Reflector).watch the watch loop starts an iteration
//	                                    (after a watch-list it keeps the
//	                                    stream: the reflector now waits on it)
//	After / NewTimer                    the reflector waits on a timer of
//	                                    this clock (429 retries); the driver
//	                                    fires it when virtual time gets there
//
// The run loop's backoff between ListAndWatch calls is not on this clock:
// wait.DelayFunc.Until uses the real clock (apimachinery's internalClock),
// so those waits happen in real time (see driver.awaitIdle).
//
// vclock deliberately does not implement clock.WithTicker: the watch-list
// "no end bookmark yet" ticker is then a no-op, which changes no request.
type vclock struct {
	mu     sync.Mutex
	now    time.Time
	timers []*vtimer
	hooks  chan<- hook
}

var epoch = time.Date(2026, time.January, 1, 0, 0, 0, 0, time.UTC)

// vtimer is one timer of the virtual clock.
type vtimer struct {
	clk *vclock
	at  time.Time
	c   chan time.Time
}

var _ clock.Clock = (*vclock)(nil)

func newVClock(hooks chan<- hook) *vclock { return &vclock{now: epoch, hooks: hooks} }

// set moves the clock to virtual time d (driver goroutine only).
func (c *vclock) set(d time.Duration) {
	c.mu.Lock()
	c.now = epoch.Add(d)
	c.mu.Unlock()
}

// Now reads the virtual time and reports the progress signals above.
func (c *vclock) Now() time.Time {
	c.mu.Lock()
	now := c.now
	c.mu.Unlock()
	switch fn := callerName(); {
	case strings.HasSuffix(fn, "tools/cache.handleAnyWatch"):
		c.hooks <- hook{kind: hookEventHandled}
	case strings.HasSuffix(fn, "tools/cache.(*Reflector).watch"):
		c.hooks <- hook{kind: hookWatchLoop}
	}
	return now
}

// callerName is the function that called the caller of Now (inlined
// frames included).
func callerName() string {
	pc := make([]uintptr, 4)
	n := runtime.Callers(3, pc)
	frames := runtime.CallersFrames(pc[:n])
	f, _ := frames.Next()
	return f.Function
}

func (c *vclock) Since(t time.Time) time.Duration {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.now.Sub(t)
}

func (c *vclock) After(d time.Duration) <-chan time.Time { return c.NewTimer(d).C() }

func (c *vclock) NewTimer(d time.Duration) clock.Timer {
	c.mu.Lock()
	t := &vtimer{clk: c, at: c.now.Add(d), c: make(chan time.Time, 1)}
	c.timers = append(c.timers, t)
	c.mu.Unlock()
	c.hooks <- hook{kind: hookTimer, wait: d}
	return t
}

func (c *vclock) Sleep(d time.Duration) { <-c.After(d) }

func (c *vclock) Tick(d time.Duration) <-chan time.Time {
	panic("reflector test: Tick is not used by the Reflector")
}

// next is the earliest pending timer's virtual time.
func (c *vclock) next() (time.Duration, bool) {
	c.mu.Lock()
	defer c.mu.Unlock()
	var best time.Time
	for _, t := range c.timers {
		if best.IsZero() || t.at.Before(best) {
			best = t.at
		}
	}
	return best.Sub(epoch), !best.IsZero()
}

// fireDue fires every timer due at the current virtual time and reports
// how many fired.
func (c *vclock) fireDue() int {
	c.mu.Lock()
	defer c.mu.Unlock()
	n := 0
	kept := c.timers[:0]
	for _, t := range c.timers {
		if t.at.After(c.now) {
			kept = append(kept, t)
			continue
		}
		t.c <- c.now
		n++
	}
	c.timers = kept
	return n
}

func (t *vtimer) C() <-chan time.Time { return t.c }

func (t *vtimer) Stop() bool {
	c := t.clk
	c.mu.Lock()
	defer c.mu.Unlock()
	for i, x := range c.timers {
		if x == t {
			c.timers = append(c.timers[:i], c.timers[i+1:]...)
			return true
		}
	}
	return false
}

func (t *vtimer) Reset(d time.Duration) bool {
	active := t.Stop()
	c := t.clk
	c.mu.Lock()
	t.at = c.now.Add(d)
	c.timers = append(c.timers, t)
	c.mu.Unlock()
	c.hooks <- hook{kind: hookTimer, wait: d}
	return active
}
