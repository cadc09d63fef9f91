package watchcache

import (
	"slices"
	"time"

	am "watchscope/apimachinery"
)

// Freshness constants (C6).
const (
	// blockTimeout bounds waitUntilFreshAndBlock.
	blockTimeout = 3 * time.Second
	// resourceVersionTooHighRetrySeconds is the 504's retryAfterSeconds.
	resourceVersionTooHighRetrySeconds = 1
	// progressRequestPeriod is how often etcd progress is requested while
	// someone waits.
	progressRequestPeriod = 100 * time.Millisecond
)

// freshnessWait is one request blocked in waitUntilFreshAndBlock: it
// resumes when the cache RV reaches rv, or fails with the 504 at
// deadline. The real code blocks a goroutine on a condition variable;
// here the wait is a record the cacher resolves on every RV advance and
// every Step.
type freshnessWait struct {
	rv       uint64
	start    time.Duration
	deadline time.Duration
	done     func(now time.Duration, err error)
}

// waitUntilFresh calls done at once when the cache is at rv, else
// registers and returns a wait.
func (c *Cacher) waitUntilFresh(now time.Duration, rv uint64, done func(time.Duration, error)) *freshnessWait {
	if rv <= c.resourceVersion {
		if rv > 0 { // the real wait observes every RV > 0 request, fresh ones as 0s
			c.observeReadWait(0)
		}
		done(now, nil)
		return nil
	}
	f := &freshnessWait{rv: rv, start: now, deadline: now + blockTimeout, done: done}
	c.freshWaits = append(c.freshWaits, f)
	return f
}

// resolveFreshnessWaits completes the waits that are fresh or timed out,
// in registration order.
func (c *Cacher) resolveFreshnessWaits(now time.Duration) {
	if len(c.freshWaits) == 0 {
		return
	}
	// Waits still pending are kept in place in the same array (it is
	// called for every event while reads wait: a new slice each time was
	// one allocation per event). Callbacks that start new waits append
	// them to a fresh c.freshWaits, which goes after the kept ones.
	waits := c.freshWaits
	c.freshWaits = nil
	keep := waits[:0]
	for _, f := range waits {
		switch {
		case c.resourceVersion >= f.rv:
			c.observeReadWait(now - f.start)
			f.done(now, nil)
		case now >= f.deadline:
			c.observeReadWait(now - f.start)
			f.done(now, am.NewTooLargeResourceVersion(f.rv, c.resourceVersion, resourceVersionTooHighRetrySeconds))
		default:
			keep = append(keep, f)
		}
	}
	clear(waits[len(keep):]) // no stale pointers past the kept ones
	c.freshWaits = append(keep, c.freshWaits...)
}

func (c *Cacher) dropFreshnessWait(f *freshnessWait) {
	c.freshWaits = slices.DeleteFunc(c.freshWaits, func(x *freshnessWait) bool { return x == f })
}

func (c *Cacher) observeReadWait(d time.Duration) { c.metrics.observeReadWait(d.Seconds()) }

// ProgressRequestDue reports whether the driver should call etcd
// RequestProgress now: someone waits for freshness and 100ms passed
// since the last request (the progress requester, C6).
func (c *Cacher) ProgressRequestDue(now time.Duration) bool {
	if len(c.freshWaits) == 0 || (c.progressRequested && now < c.lastProgressRequest+progressRequestPeriod) {
		return false
	}
	c.progressRequested, c.lastProgressRequest = true, now
	return true
}

// PendingReads is the number of requests waiting for freshness.
func (c *Cacher) PendingReads() int { return len(c.freshWaits) }
