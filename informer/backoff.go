package informer

import (
	"math"
	"math/rand/v2"
	"time"
)

// The reflector's backoff constants (reflector.go, FIDELITY E1).
const (
	DefaultBackoffInit   = 800 * time.Millisecond
	DefaultBackoffMax    = 30 * time.Second
	DefaultBackoffReset  = 2 * time.Minute
	DefaultBackoffFactor = 2.0
	DefaultBackoffJitter = 1.0
)

// Backoff is wait.Backoff: each Step returns the current duration plus a
// jitter of up to Jitter×duration, then multiplies the duration by Factor.
// When the duration would pass Cap it is clamped to Cap and Steps drops to
// 0; from then on every Step returns Cap plus jitter.
//
//	step:      1          2          3          4           5            6            7...
//	delay: [0.8,1.6)  [1.6,3.2)  [3.2,6.4)  [6.4,12.8)  [12.8,25.6)  [25.6,51.2)   [30,60)
type Backoff struct {
	Duration time.Duration
	Factor   float64
	Jitter   float64
	Steps    int
	Cap      time.Duration
}

// DefaultReflectorBackoff is the backoff NewReflectorWithOptions builds:
// 800ms doubling to 30s, jitter 1.0, Steps = ceil(30s/800ms) = 38.
func DefaultReflectorBackoff() Backoff {
	return Backoff{
		Duration: DefaultBackoffInit,
		Cap:      DefaultBackoffMax,
		Steps:    int(math.Ceil(float64(DefaultBackoffMax) / float64(DefaultBackoffInit))),
		Factor:   DefaultBackoffFactor,
		Jitter:   DefaultBackoffJitter,
	}
}

// Step returns the next delay, drawing jitter from r.
func (b *Backoff) Step(r *rand.Rand) time.Duration {
	if b.Steps < 1 {
		return jitter(b.Duration, b.Jitter, r)
	}
	b.Steps--
	d := b.Duration
	if b.Factor != 0 {
		b.Duration = time.Duration(float64(b.Duration) * b.Factor)
		if b.Cap > 0 && b.Duration > b.Cap {
			b.Duration = b.Cap
			b.Steps = 0
		}
	}
	return jitter(d, b.Jitter, r)
}

// jitter is wait.Jitter: d + rand[0,1)·factor·d.
func jitter(d time.Duration, factor float64, r *rand.Rand) time.Duration {
	if factor <= 0 {
		return d
	}
	return d + time.Duration(r.Float64()*factor*float64(d))
}

// backoffManager is Backoff.DelayWithReset(clock, 2m): the reflector's
// delayHandler. Every call first resets the backoff to its initial state
// if more than resetInterval has passed since the last reset (or since the
// manager was created), then steps it. The run loop and the 429 retry
// waits share this one manager, so 429s also climb the ladder.
type backoffManager struct {
	initial       Backoff
	backoff       Backoff
	resetInterval time.Duration
	lastStart     time.Duration
}

func newBackoffManager(b Backoff, resetInterval, now time.Duration) *backoffManager {
	return &backoffManager{initial: b, backoff: b, resetInterval: resetInterval, lastStart: now}
}

// delay returns the next wait at virtual time now.
func (m *backoffManager) delay(now time.Duration, r *rand.Rand) time.Duration {
	switch {
	case m.resetInterval == 0:
		m.backoff = m.initial
	case now-m.lastStart > m.resetInterval:
		m.backoff = m.initial
		m.lastStart = now
	}
	return m.backoff.Step(r)
}
