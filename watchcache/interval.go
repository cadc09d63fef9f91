package watchcache

import "fmt"

// replayChunk is bufferSize of watchCacheInterval: events are copied out
// of the ring 100 at a time (C4).
const replayChunk = 100

// watchCacheInterval is the initial part of a watch: either a window
// [startIndex, endIndex) of the ring, copied lazily in chunks of 100, or a
// list of the store's objects as ADDED events (RV unset/"0", or
// sendInitialEvents).
//
// The real interval copies a chunk under the cache's read lock; if the
// ring has meanwhile wrapped past startIndex the interval is invalidated
// and the watcher closes without an ERROR event. Here a chunk is copied
// whenever the watcher's goroutine step needs one, so a watcher whose
// consumer is slow to drain a long replay can be invalidated the same way.
type watchCacheInterval struct {
	startIndex, endIndex int
	history              *watchCacheHistory // nil for store intervals
	buffer               []*watchCacheEvent
	pos                  int
	// resourceVersion is the RV the interval was built at; the watcher
	// forwards live events only above max(it, the requested RV).
	resourceVersion uint64
	// initialEventsEndBookmark is sent after the interval for watch-list
	// requests (C8).
	initialEventsEndBookmark *watchCacheEvent
	// skipped counts store objects left out because the watcher's filter
	// rejects them (store intervals only).
	skipped int
	// walk, if set, makes a store interval's events lazily (storeWalk).
	walk *storeWalk
}

func newHistoryInterval(h *watchCacheHistory, start, end int, rv uint64) *watchCacheInterval {
	return &watchCacheInterval{startIndex: start, endIndex: end, history: h, resourceVersion: rv}
}

func newStoreInterval(events []*watchCacheEvent, rv uint64) *watchCacheInterval {
	return &watchCacheInterval{buffer: events, resourceVersion: rv}
}

// errIntervalInvalidated is the internal error of an invalidated replay.
type errIntervalInvalidated struct{ startIndex int }

func (e errIntervalInvalidated) Error() string {
	return fmt.Sprintf("cache interval invalidated, interval startIndex: %d", e.startIndex)
}

// next returns the next event, nil at the end, or the invalidation error.
func (wi *watchCacheInterval) next() (*watchCacheEvent, error) {
	if wi.pos >= len(wi.buffer) {
		if err := wi.fill(); err != nil {
			return nil, err
		}
		if len(wi.buffer) == 0 {
			return nil, nil
		}
	}
	e := wi.buffer[wi.pos]
	wi.pos++
	return e, nil
}

func (wi *watchCacheInterval) fill() error {
	wi.buffer, wi.pos = wi.buffer[:0], 0
	if wi.walk != nil {
		wi.buffer = wi.walk.fill(wi.buffer, wi.resourceVersion, &wi.skipped)
		return nil
	}
	if wi.history == nil || wi.startIndex >= wi.endIndex {
		return nil
	}
	if !wi.history.isIndexValid(wi.startIndex) {
		return errIntervalInvalidated{wi.startIndex}
	}
	end := min(wi.startIndex+replayChunk, wi.endIndex)
	for i := wi.startIndex; i < end; i++ {
		wi.buffer = append(wi.buffer, wi.history.at(i))
	}
	wi.startIndex = end
	return nil
}
