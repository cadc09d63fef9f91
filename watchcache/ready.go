package watchcache

import (
	"math"
	"time"

	am "watchscope/apimachinery"
)

// ReadyState is the cacher's readiness (ready.go).
type ReadyState int

const (
	// Pending: initial, and after every ListAndWatch exit until the next
	// successful Replace.
	Pending ReadyState = iota
	// Ready: serving from the cache.
	Ready
	// Stopped: the cacher was stopped for good.
	Stopped
)

func (s ReadyState) String() string {
	return [...]string{"Pending", "Ready", "Stopped"}[s]
}

// ready tracks the state, the reason of the last Pending, the time of
// the last change and the ready generation (incremented on every Ready).
type ready struct {
	state      ReadyState
	lastErr    string
	since      time.Duration
	generation int
}

func (r *ready) set(now time.Duration, s ReadyState, errText string) {
	if s == Ready && r.state != Ready {
		r.generation++
	}
	if s != r.state {
		r.since = now
	}
	r.state, r.lastErr = s, errText
}

// check returns nil when Ready, else the error a request gets: the 429
// with Retry-After computed from the downtime (C11), or the stopped error.
func (r *ready) check(now time.Duration) error {
	switch r.state {
	case Ready:
		return nil
	case Stopped:
		return am.NewTooManyRequests("apiserver cacher is stopped", retryAfterForUnreadyCache(now-r.since))
	}
	msg := am.MsgStorageInitializing
	if r.lastErr != "" {
		msg += ": " + r.lastErr
	}
	return am.NewTooManyRequests(msg, retryAfterForUnreadyCache(now-r.since))
}

// retryAfterForUnreadyCache is int(clamp(e^(0.06*s), 1, 30)).
func retryAfterForUnreadyCache(downtime time.Duration) int {
	v := math.Exp(0.06 * downtime.Seconds())
	return int(math.Min(30, math.Max(1, v)))
}
