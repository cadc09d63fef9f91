package watchcache

import (
	"math/rand/v2"
	"time"
)

// Bookmark constants (C7).
const (
	// bookmarkFrequency is defaultBookmarkFrequency: each bookmark-enabled
	// watcher gets one at least every minute.
	bookmarkFrequency = time.Minute
	// bookmarkTimerBase and bookmarkTimerJitter give the dispatcher's
	// bookmark timer wait.Jitter(1s, 0.25): uniform in [1s, 1.25s).
	bookmarkTimerBase   = time.Second
	bookmarkTimerJitter = 0.25
)

// jitteredBookmarkInterval is wait.Jitter(1s, 0.25) from the injected RNG.
func jitteredBookmarkInterval(r *rand.Rand) time.Duration {
	return bookmarkTimerBase + time.Duration(r.Float64()*bookmarkTimerJitter*float64(bookmarkTimerBase))
}

// watcherBookmarkTimeBuckets groups bookmark-enabled watchers by the
// whole second (since the cacher was created) in which they are due:
//
//	startBucketID=61   {61: [w3]  62: [w1 w7]  120: [w2]}
//
// Each bookmark tick pops every bucket up to the current second. A
// watcher due "immediately" goes into startBucketID, i.e. the next tick.
type watcherBookmarkTimeBuckets struct {
	buckets       map[int64][]*CacheWatcher
	createTime    time.Duration
	startBucketID int64
}

func newTimeBuckets(now time.Duration) *watcherBookmarkTimeBuckets {
	return &watcherBookmarkTimeBuckets{buckets: map[int64][]*CacheWatcher{}, createTime: now}
}

// add files w under its next bookmark time; false if it gets no more
// bookmarks (deadline-2s already passed).
func (t *watcherBookmarkTimeBuckets) add(w *CacheWatcher, now time.Duration) bool {
	next, immediate, ok := w.nextBookmarkTime(now)
	if !ok {
		return false
	}
	id := t.startBucketID
	if !immediate {
		id = max(int64((next-t.createTime)/time.Second), t.startBucketID)
	}
	t.buckets[id] = append(t.buckets[id], w)
	return true
}

// popExpired removes and returns the buckets up to the current second,
// oldest first.
func (t *watcherBookmarkTimeBuckets) popExpired(now time.Duration) [][]*CacheWatcher {
	current := int64((now - t.createTime) / time.Second)
	var out [][]*CacheWatcher
	for ; t.startBucketID <= current; t.startBucketID++ {
		if ws, ok := t.buckets[t.startBucketID]; ok {
			delete(t.buckets, t.startBucketID)
			out = append(out, ws)
		}
	}
	return out
}
