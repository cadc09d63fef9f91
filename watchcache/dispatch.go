package watchcache

import (
	"fmt"
	"time"

	am "watchscope/apimachinery"
)

// blockedDispatch is the dispatcher stuck in dispatchEvent: some
// watchers' inputs were full, so it waits for them one after another
// until the budget timer fires at until (C9).
type blockedDispatch struct {
	event    *watchCacheEvent
	watchers []*CacheWatcher
	start    time.Duration
	timeout  time.Duration
	until    time.Duration
}

// TerminationLog records "Forcing <gr> watcher close due to
// unresponsiveness" lines for the trace, oldest first.
type TerminationLog struct {
	At   time.Duration
	Line string
	// Watcher is the terminated watcher's ID, so the server can name the
	// watch request (and client) it closed.
	Watcher int
}

// runDispatcher is the dispatchEvents loop: finish a blocked dispatch if
// possible, fire the bookmark timer when due, then take events off
// incoming until one blocks.
func (c *Cacher) runDispatcher(now time.Duration) {
	if c.blocked != nil && !c.continueBlocked(now) {
		return
	}
	if c.lastProcessedRV != 0 && now >= c.nextBookmarkAt {
		c.nextBookmarkAt = now + jitteredBookmarkInterval(c.rand)
		c.dispatchBookmark(now)
	}
	for c.blocked == nil {
		e, ok := c.incoming.Pop()
		if !ok {
			return
		}
		if e.Type != am.Bookmark {
			c.dispatchEvent(now, e)
		}
		c.lastProcessedRV = e.ResourceVersion
		c.metrics.EventsDispatchedTotal++
	}
}

// dispatchEvent offers a real event to every candidate watcher without
// blocking; the refusers are waited for within the budget.
func (c *Cacher) dispatchEvent(now time.Duration, e *watchCacheEvent) {
	var blocked []*CacheWatcher
	c.dispatchBuf = c.candidatesFor(e)
	c.dispatchStats.Events++
	c.dispatchStats.Offers += int64(len(c.dispatchBuf))
	c.dispatchStats.LastOffers = int64(len(c.dispatchBuf))
	for _, w := range c.dispatchBuf {
		if !w.nonblockingAdd(e) {
			blocked = append(blocked, w)
		}
	}
	if len(blocked) == 0 {
		return
	}
	c.dispatchStats.BlockedEvents++
	c.dispatchStats.BlockedWatchers += int64(len(blocked))
	timeout := c.budget.takeAvailable(now)
	c.blocked = &blockedDispatch{event: e, watchers: blocked, start: now, timeout: timeout, until: now + timeout}
	c.continueBlocked(now)
}

// continueBlocked advances a blocked dispatch; true when it is finished.
// Watchers are waited for in order; once the timer has fired, each
// remaining one gets one more non-blocking try and is otherwise
// terminated.
func (c *Cacher) continueBlocked(now time.Duration) bool {
	b := c.blocked
	for len(b.watchers) > 0 {
		w := b.watchers[0]
		if w.stopped || w.nonblockingAdd(b.event) {
			b.watchers = b.watchers[1:]
			continue
		}
		if now < b.until {
			return false
		}
		c.terminateSlow(now, w)
		for _, rest := range b.watchers[1:] {
			if !rest.stopped && !rest.nonblockingAdd(b.event) {
				c.terminateSlow(now, rest)
			}
		}
		b.watchers = nil
	}
	spent := min(now, b.until) - b.start
	c.dispatchStats.noteBlockedWait(spent)
	c.budget.returnUnused(b.timeout - spent)
	c.blocked = nil
	return true
}

// terminateSlow is the closeFunc of cacheWatcher.add: count, log, and
// forget the watcher, gracefully only if it holds the watch-list end
// bookmark not yet sent. No ERROR event is sent.
func (c *Cacher) terminateSlow(now time.Duration, w *CacheWatcher) {
	c.metrics.TerminatedWatchersTotal++
	graceful := w.state == bookmarkReceived
	c.terminations = append(c.terminations, TerminationLog{At: now, Watcher: w.id, Line: fmt.Sprintf(
		"Forcing %s watcher close due to unresponsiveness: %s. len(c.input) = %d, len(c.result) = %d, graceful = %v",
		c.resource.GroupResource(), w.Identifier(), w.input.Len(), w.result.Len(), graceful)})
	c.forgetWatcher(w, graceful)
}

// Terminations returns and clears the termination log lines.
func (c *Cacher) Terminations() []TerminationLog {
	out := c.terminations
	c.terminations = nil
	return out
}

// candidatesFor picks watchers by scope and trigger value (startDispatching).
func (c *Cacher) candidatesFor(e *watchCacheEvent) []*CacheWatcher {
	var values []string
	if c.resource.IndexedTrigger != "" {
		v, _ := e.Object.Field(c.resource.IndexedTrigger)
		values = []string{v}
		if e.PrevObject != nil {
			if pv, _ := e.PrevObject.Field(c.resource.IndexedTrigger); pv != v {
				values = append(values, pv)
			}
		}
	}
	return c.watchers.candidates(c.dispatchBuf[:0], e.Object.Namespace, e.Object.Name, values)
}

// dispatchBookmark sends one BOOKMARK at lastProcessedResourceVersion to
// every watcher whose bucket expired (dropped if its input is full), then
// re-buckets them.
func (c *Cacher) dispatchBookmark(now time.Duration) {
	e := &watchCacheEvent{Type: am.Bookmark, ResourceVersion: c.lastProcessedRV,
		Object: am.NewBookmarkObject(c.resource.Kind, c.lastProcessedRV)}
	for _, ws := range c.bookmarks.popExpired(now) {
		for _, w := range ws {
			if w.stopped {
				continue
			}
			w.nonblockingAdd(e)
			if !w.stopped {
				c.bookmarks.add(w, now)
			}
		}
	}
}

// forgetWatcher removes w from the index and stops it.
func (c *Cacher) forgetWatcher(w *CacheWatcher, graceful bool) {
	if w.stopped {
		return
	}
	w.stop(graceful)
	if w.registered {
		w.registered = false
		c.watchers.remove(w)
	}
}

// terminateAllWatchers stops every watcher (cache restart), without the
// terminated-watchers metric.
func (c *Cacher) terminateAllWatchers() {
	for _, w := range c.watchers.all() {
		c.forgetWatcher(w, false)
	}
	c.blocked = nil
}
