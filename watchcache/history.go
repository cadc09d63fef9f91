package watchcache

import (
	"math"
	"sort"
	"time"

	am "watchscope/apimachinery"
)

// Ring-buffer constants (C2, C3).
const (
	// DefaultEventFreshDuration is defaultBookmarkFrequency (1m) + 15s: the
	// history the cache tries to keep.
	DefaultEventFreshDuration = 75 * time.Second
	lowerBoundCapacity        = 100
	defaultUpperBoundCapacity = 100 * 1024
	initialCapacity           = 100
)

// MaxCapacity is the most events a ring holds at the default event fresh
// duration (defaultUpperBoundCapacity).
const MaxCapacity = defaultUpperBoundCapacity

// watchCacheHistory is the cyclic buffer of recent events (the ring of
// watch_cache.go, watch_cache_history.go on master).
//
// Indices only grow. Live events are [startIndex, endIndex), stored at
// index % capacity:
//
//	capacity 8, startIndex 13, endIndex 19 (6 events):
//
//	slot:   0    1    2    3    4    5    6    7
//	      [e16][e17][e18][ -- ][ -- ][e13][e14][e15]
//	                 end%8=3 ^        ^ start%8=5
//
// Full when endIndex == startIndex+capacity. Before each insert into a
// full buffer it may double (oldest event younger than the fresh window),
// halve (the newest quarter already older than it), or evict the oldest.
type watchCacheHistory struct {
	cache                   []*watchCacheEvent
	startIndex, endIndex    int
	capacity                int
	lowerBoundCapacity      int
	upperBoundCapacity      int
	eventFreshDuration      time.Duration
	removedEventSinceRelist bool
	// fixed disables resizing: the pre-1.19 --watch-cache-sizes model.
	fixed   bool
	metrics *Metrics
}

func newWatchCacheHistory(fresh time.Duration, fixedCapacity int, m *Metrics) *watchCacheHistory {
	h := &watchCacheHistory{
		capacity:           initialCapacity,
		lowerBoundCapacity: lowerBoundCapacity,
		upperBoundCapacity: capacityUpperBound(fresh),
		eventFreshDuration: fresh,
		metrics:            m,
	}
	if fixedCapacity > 0 {
		h.capacity, h.fixed = fixedCapacity, true
	}
	h.cache = make([]*watchCacheEvent, h.capacity)
	m.Capacity = int64(h.capacity)
	return h
}

// capacityUpperBound is 102400 for a window <= 75s, else 102400 shifted
// left by ceil(log2(d/75s)), capped to fit int32.
func capacityUpperBound(fresh time.Duration) int {
	if fresh <= DefaultEventFreshDuration {
		return defaultUpperBoundCapacity
	}
	exp := int(math.Ceil(math.Log2(fresh.Seconds() / DefaultEventFreshDuration.Seconds())))
	exp = min(exp, 14) // 102400<<14 < 2^31
	return defaultUpperBoundCapacity << exp
}

func (w *watchCacheHistory) size() int                 { return w.endIndex - w.startIndex }
func (w *watchCacheHistory) isFull() bool              { return w.endIndex == w.startIndex+w.capacity }
func (w *watchCacheHistory) at(i int) *watchCacheEvent { return w.cache[i%w.capacity] }

// updateCache inserts one event: resize check, evict the oldest if still
// full, append.
func (w *watchCacheHistory) updateCache(e *watchCacheEvent) {
	w.resize(e.RecordTime)
	if w.isFull() {
		w.startIndex++
		w.removedEventSinceRelist = true
	}
	w.cache[w.endIndex%w.capacity] = e
	w.endIndex++
}

// resize applies C3: grow x2 if the oldest event is strictly younger than
// the fresh window; else shrink /2 if the oldest event of the newest
// quarter is strictly older than it.
func (w *watchCacheHistory) resize(now time.Duration) {
	if w.fixed || !w.isFull() {
		return
	}
	if now-w.at(w.startIndex).RecordTime < w.eventFreshDuration {
		if c := min(w.capacity*2, w.upperBoundCapacity); c > w.capacity {
			w.doResize(c)
		}
		return
	}
	if now-w.at(w.endIndex-w.capacity/4).RecordTime > w.eventFreshDuration {
		if c := max(w.capacity/2, w.lowerBoundCapacity); c < w.capacity {
			w.doResize(c)
		}
	}
}

// doResize copies the live events into a new slice, keeping the newest
// `capacity` of them when shrinking.
func (w *watchCacheHistory) doResize(capacity int) {
	next := make([]*watchCacheEvent, capacity)
	if capacity < w.capacity {
		w.startIndex = w.endIndex - capacity
	}
	for i := w.startIndex; i < w.endIndex; i++ {
		next[i%capacity] = w.cache[i%w.capacity]
	}
	if capacity > w.capacity {
		w.metrics.CapacityIncreaseTotal++
	} else {
		w.metrics.CapacityDecreaseTotal++
	}
	w.cache, w.capacity = next, capacity
	w.metrics.Capacity = int64(capacity)
}

// reset empties the buffer on relist; startIndex jumps to endIndex so
// every interval still reading the old events becomes invalid.
func (w *watchCacheHistory) reset() {
	w.startIndex = w.endIndex
	w.removedEventSinceRelist = false
	clear(w.cache)
}

func (w *watchCacheHistory) isIndexValid(i int) bool { return i >= w.startIndex }

// oldestWatchable returns the oldest RV a watch can start from plus one
// ("oldest" in GetIntervalLocked): listRV+1 if nothing was evicted since
// the relist, else the RV of the oldest buffered event.
func (w *watchCacheHistory) oldest(listRV uint64) (uint64, bool) {
	switch {
	case listRV > 0 && !w.removedEventSinceRelist:
		return listRV + 1, true
	case w.size() > 0:
		return w.at(w.startIndex).ResourceVersion, true
	}
	return 0, false
}

// getInterval returns the events with RV > rv, or the 410 when rv is
// older than oldest-1 (C4). rv == oldest-1 is accepted.
func (w *watchCacheHistory) getInterval(rv, listRV uint64) (*watchCacheInterval, error) {
	oldest, ok := w.oldest(listRV)
	if !ok {
		return nil, errNotInitialized
	}
	if rv < oldest-1 {
		return nil, am.NewTooOldResourceVersion(rv, oldest-1)
	}
	first := sort.Search(w.size(), func(i int) bool {
		return w.at(w.startIndex+i).ResourceVersion > rv
	})
	return newHistoryInterval(w, w.startIndex+first, w.endIndex, rv), nil
}

// suggestedChanSize is clamp(ceil(capacity/75), 10, max) with max 10 for
// a watch using the trigger index, 1000 for a watch of an indexed
// resource not using it, 100 for a resource without index (C9).
func (w *watchCacheHistory) suggestedChanSize(indexExists, triggerUsed bool) int {
	size := int(math.Ceil(float64(w.capacity) / w.eventFreshDuration.Seconds()))
	size = max(size, 10)
	switch {
	case indexExists && triggerUsed:
		return min(size, 10)
	case indexExists:
		return min(size, 1000)
	}
	return min(size, 100)
}
