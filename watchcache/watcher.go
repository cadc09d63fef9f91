package watchcache

import (
	"fmt"
	"time"

	am "watchscope/apimachinery"
	"watchscope/internal/ring"
)

// bookmarkState is the watch-list end-marker state machine of a
// cacheWatcher (C8): waiting for a bookmark at or above
// bookmarkAfterResourceVersion, such a bookmark received into input, and
// the annotated bookmark sent to the client.
type bookmarkState uint8

const (
	waitingForBookmark bookmarkState = iota
	bookmarkReceived
	bookmarkSent
)

// CacheWatcher is one client watch served from the cache
// (cache_watcher.go). The real one has two channels and a goroutine:
//
//	dispatcher --nonblockingAdd--> input (cap N) --goroutine--> result (cap N) --> HTTP
//
// Here input and result are bounded queues and the goroutine's work is
// pump, run whenever something may have changed (an event was added, the
// consumer popped a result). The goroutine first drains the initial
// interval, then the end-of-initial-events bookmark, then forwards input
// events with RV above the start RV.
type CacheWatcher struct {
	id     int
	cacher *Cacher
	input  ring.Ring[*watchCacheEvent]
	result ring.Ring[am.WatchEvent]
	filter watchFilter
	// deadline is the watch request's timeout as virtual time; 0 = none.
	deadline            time.Duration
	allowWatchBookmarks bool

	interval *watchCacheInterval
	// startRV is the resourceVersion process() compares input events with.
	startRV        uint64
	initEventCount int

	state           bookmarkState
	bookmarkAfterRV uint64

	// stopped: removed from the cacher, input "closed". done: the done
	// channel is closed, so nothing more is written to result.
	stopped, done, drainInput, resultClosed bool
	registered                              bool
	// generation is the cacher's ready generation when the watch came in.
	generation int

	scope            namespacedName
	triggerValue     string
	triggerSupported bool
	// fresh is set while a sendInitialEvents watch waits for the cache to
	// reach its RV (not yet registered).
	fresh *freshnessWait
	// notify, when set, is called after every change to result or to
	// the end of the stream (see SetNotify).
	notify func()
}

// SetNotify registers f to be called whenever the watcher may have
// something new for its consumer: an event written to result, or the
// stream closed. The real consumer blocks on the result channel; the API
// server here uses the call to visit only the streams with output
// instead of polling every open watch (thousands of idle kubelets).
func (w *CacheWatcher) SetNotify(f func()) { w.notify = f }

// changed tells the consumer (SetNotify) to look at the watcher again.
func (w *CacheWatcher) changed() {
	if w.notify != nil {
		w.notify()
	}
}

// watchFilter is filterWithAttrsAndPrefixFunction: key prefix on path
// segments (or exact key for a single-object watch) plus selectors.
type watchFilter struct {
	key       string
	recursive bool
	labels    am.LabelSelector
	fields    am.FieldSelector
}

func (f *watchFilter) matches(key string, o *am.Object) bool {
	if f.recursive {
		if !am.HasPathPrefix(key, f.key) {
			return false
		}
	} else if key != f.key {
		return false
	}
	return f.labels.Matches(o.Labels) && f.fields.Matches(o.Field)
}

// ID is the watcher's index in the cacher (registration order).
func (w *CacheWatcher) ID() int { return w.id }

// Identifier is the text the termination log line uses.
func (w *CacheWatcher) Identifier() string {
	return fmt.Sprintf("key: %q, labels: %q, fields: %q", w.filter.key, w.filter.labels.String(), w.filter.fields.String())
}

// ChanSize is the capacity of input and of result.
func (w *CacheWatcher) ChanSize() int { return w.input.Cap() }

// InputLen and ResultLen are len(c.input) and len(c.result).
func (w *CacheWatcher) InputLen() int  { return w.input.Len() }
func (w *CacheWatcher) ResultLen() int { return w.result.Len() }

// Next pops the next event the client would read; ok is false when none
// is buffered right now (check Closed for end of stream). Popping frees
// room, so the watcher's goroutine step runs again.
func (w *CacheWatcher) Next() (am.WatchEvent, bool) {
	e, ok := w.result.Pop()
	if ok {
		w.pump()
	}
	return e, ok
}

// InitialEventsSent reports that the watcher's goroutine has moved every
// initial event (and a watch-list's end bookmark) into result, or that the
// stream ended: the moment the real watcher signals APF that the watch is
// initialized and its seats can be released (C9).
func (w *CacheWatcher) InitialEventsSent() bool {
	return w.resultClosed || (w.registered && w.interval == nil && w.fresh == nil)
}

// Closed reports the end of the stream: result closed and drained.
func (w *CacheWatcher) Closed() bool { return w.resultClosed && w.result.Empty() }

// Stop is the client closing the watch.
func (w *CacheWatcher) Stop() {
	if w.fresh != nil {
		w.cacher.dropFreshnessWait(w.fresh)
		w.fresh = nil
	}
	w.cacher.forgetWatcher(w, false)
}

// nonblockingAdd offers an event to input; bookmarks below the
// bookmark-after RV are refused.
func (w *CacheWatcher) nonblockingAdd(e *watchCacheEvent) bool {
	if w.stopped {
		return false
	}
	if e.Type == am.Bookmark && e.ResourceVersion < w.bookmarkAfterRV {
		return false
	}
	if !w.input.Push(e) {
		return false
	}
	if e.Type == am.Bookmark && w.state == waitingForBookmark {
		w.state = bookmarkReceived
	}
	w.pump()
	return true
}

// pump is one run of the watcher goroutine until it would block.
func (w *CacheWatcher) pump() {
	w.run()
	w.changed()
}

func (w *CacheWatcher) run() {
	for !w.resultClosed && !w.result.Full() {
		if w.interval != nil {
			w.stepInterval()
			continue
		}
		e, ok := w.input.Pop()
		if !ok {
			if w.stopped {
				w.resultClosed = true
			}
			return
		}
		if e.ResourceVersion > w.startRV ||
			(e.Type == am.Bookmark && e.ResourceVersion == w.startRV && w.state != bookmarkSent) {
			w.send(e)
		}
	}
}

// stepInterval moves one initial event to result, or finishes the
// interval (init metric, end bookmark), or closes on invalidation.
func (w *CacheWatcher) stepInterval() {
	e, err := w.interval.next()
	if err != nil {
		w.interval = nil
		w.resultClosed = true
		w.cacher.forgetWatcher(w, false)
		return
	}
	if e == nil {
		if w.interval.skipped > 0 { // as if each had been sent and filtered out
			w.initEventCount += w.interval.skipped
			w.startRV = max(w.startRV, w.interval.resourceVersion)
		}
		w.cacher.metrics.InitEventsTotal += int64(w.initEventCount)
		end := w.interval.initialEventsEndBookmark
		w.interval = nil
		if end != nil {
			w.send(end)
		}
		return
	}
	w.send(e)
	w.startRV = max(w.startRV, e.ResourceVersion)
	w.initEventCount++
}

// send converts and writes one event to result (sendWatchCacheEvent).
func (w *CacheWatcher) send(e *watchCacheEvent) {
	we, ok := w.convertToWatchEvent(e)
	if !ok || w.done {
		return
	}
	w.result.Push(we)
	if e.Type == am.Bookmark && w.state != bookmarkSent {
		w.state = bookmarkSent
	}
}

// convertToWatchEvent applies C5: filter old and new object and rewrite
// MODIFIED into ADDED or DELETED; the first bookmark sent while the
// end-marker is owed gets the initial-events-end annotation.
func (w *CacheWatcher) convertToWatchEvent(e *watchCacheEvent) (am.WatchEvent, bool) {
	if e.Type == am.Bookmark {
		obj := e.Object
		if w.state != bookmarkSent {
			obj = am.AnnotateInitialEventsEnd(obj)
		}
		return am.WatchEvent{Type: am.Bookmark, Object: obj}, true
	}
	cur := e.Type != am.Deleted && w.filter.matches(e.Key, e.Object)
	old := e.PrevObject != nil && w.filter.matches(e.Key, e.PrevObject)
	switch {
	case cur && !old:
		return am.WatchEvent{Type: am.Added, Object: e.Object}, true
	case cur && old:
		return am.WatchEvent{Type: am.Modified, Object: e.Object}, true
	case old:
		return am.WatchEvent{Type: am.Deleted, Object: w.cacher.deletedObject(e)}, true
	}
	return am.WatchEvent{}, false
}

// deletedCopy remembers the DELETED object last built, and for which event.
type deletedCopy struct {
	event *watchCacheEvent
	obj   *am.Object
}

// deletedObject is e.PrevObject at e's resourceVersion: the object of the
// DELETED event that every watcher which saw the old state gets. Watchers
// convert the same event one after another, so it is built once per event
// and shared, like the objects of ADDED and MODIFIED events (objects handed
// out are immutable), instead of once per watcher.
func (c *Cacher) deletedObject(e *watchCacheEvent) *am.Object {
	if c.deleted.event != e {
		c.deleted = deletedCopy{e, e.PrevObject.WithResourceVersion(e.ResourceVersion)}
	}
	return c.deleted.obj
}

// stop is stopLocked: input closes; without drain the done channel
// closes too, so buffered input is dropped (result keeps what it has).
func (w *CacheWatcher) stop(graceful bool) {
	if w.stopped {
		return
	}
	w.stopped, w.drainInput = true, graceful
	if !graceful {
		w.done = true
		w.input.Reset()
		w.interval = nil
	}
	w.pump()
}

// nextBookmarkTime is C7: immediately while the bookmark-after RV has not
// been received; else min(now+1m, deadline-2s); none once that is past.
//
// "Past" includes "now": the real cacher asks heartbeatTime.Before(now)
// of a clock that has always moved on since the request handler fixed the
// deadline (context.WithTimeout) and since the tick fired, so a
// deadline-2s equal to now is one already behind it. In virtual time they
// are the same instant; a watch with timeoutSeconds=2 is bucketed at
// deadline-2s exactly and, counted as due, would get a bookmark the real
// API server never sends it.
func (w *CacheWatcher) nextBookmarkTime(now time.Duration) (time.Duration, bool, bool) {
	if w.state == waitingForBookmark {
		return 0, true, true
	}
	next := now + bookmarkFrequency
	if w.deadline == 0 {
		return next, false, true
	}
	if pre := w.deadline - 2*time.Second; pre < next {
		next = pre
	}
	if next <= now {
		return 0, false, false
	}
	return next, false, true
}
