package watchcache

import "time"

// DispatchStats counts the dispatcher's work since the cacher started.
// No real metric counts these; they are what `sim dispatch` prints so a
// lesson can show what a watcher costs the cache:
//
//	Events             real (non-bookmark) events dispatched
//	Offers             watchers an event was offered to: the candidates
//	                   the watcher index picked (by scope and trigger value)
//	LastOffers         the candidates of the latest event alone
//	BlockedEvents      events that found at least one watcher's input full
//	BlockedWatchers    the blockedWatchers entries those events made
//	Waited, LongestWait how long the dispatcher stood blocked in all, and
//	                   in the longest single wait (never above the budget)
type DispatchStats struct {
	Events, Offers, LastOffers     int64
	BlockedEvents, BlockedWatchers int64
	Waited, LongestWait            time.Duration
}

// DispatchStats returns the dispatcher's counts.
func (c *Cacher) DispatchStats() DispatchStats { return c.dispatchStats }

// IndexedWatcherCount is how many watchers the trigger index finds by
// their value (kubelets' spec.nodeName=<node> watches of pods).
func (c *Cacher) IndexedWatcherCount() int {
	n := 0
	for _, s := range c.watchers.valueWatchers { // a count: the order does not matter
		for _, w := range s.ws {
			if !w.stopped {
				n++
			}
		}
	}
	return n
}

// DispatchBudget is the time budget available at now, without taking it
// (reading it changes nothing).
func (c *Cacher) DispatchBudget(now time.Duration) time.Duration {
	t := c.budget
	b := t.budget
	if now > t.last {
		b += time.Duration((now - t.last).Seconds() * float64(refreshPerSecond))
	}
	return min(b, maxBudget)
}

// noteBlockedWait records a finished blocked dispatch that waited d.
func (s *DispatchStats) noteBlockedWait(d time.Duration) {
	s.Waited += d
	s.LongestWait = max(s.LongestWait, d)
}
