package watchcache

import am "watchscope/apimachinery"

// storeWalk is a store interval read lazily. The real cacher lists the
// whole store into the interval when the watch starts; for a watch-list
// over 150,000 pods that is 150,000 events made in the step the request
// arrives. Here the interval keeps a copy-on-write clone of the store
// tree (O(1); later writes to the live tree copy the nodes they touch and
// never show in the clone) and makes its ADDED events replayChunk at a
// time, as the watcher's goroutine step asks for them:
//
//	watch arrives:   clone the tree, from = prefix
//	fill:            walk from "from", keep what the filter accepts
//	                 (count what it rejects), stop after replayChunk
//	...              until the prefix ends: the interval is done
//
// The events, their order and the rejected count are exactly those of
// listing the store when the watch arrived.
type storeWalk struct {
	c      *Cacher
	tree   storeTree
	filter *watchFilter
	from   string // the next key to visit
	done   bool
}

// newStoreWalk starts a lazy walk of the store under w's watch key.
func (c *Cacher) newStoreWalk(w *CacheWatcher) *storeWalk {
	return &storeWalk{c: c, tree: c.store.tree.Clone(), filter: &w.filter, from: w.filter.key}
}

// fill appends up to replayChunk events (tagged rv) to buf, adding the
// objects the filter rejects to *skipped.
func (sw *storeWalk) fill(buf []*watchCacheEvent, rv uint64, skipped *int) []*watchCacheEvent {
	if sw.done {
		return buf
	}
	chunk := make([]watchCacheEvent, 0, replayChunk)
	sw.done = true
	sw.c.listResourcePrefix(sw.tree, sw.filter.key, sw.from, func(e storeElement) bool {
		if len(chunk) == replayChunk {
			sw.from, sw.done = e.Key, false // the next fill starts here
			return false
		}
		if !sw.filter.matches(e.Key, e.Object) {
			*skipped++
			return true
		}
		chunk = append(chunk, watchCacheEvent{Type: am.Added, Object: e.Object, Key: e.Key, ResourceVersion: rv})
		buf = append(buf, &chunk[len(chunk)-1])
		return true
	})
	return buf
}
