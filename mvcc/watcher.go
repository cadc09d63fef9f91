package mvcc

import (
	"bytes"
	"cmp"
	"maps"
	"slices"
)

// watchBatchMaxRevs caps one catch-up response at this many distinct
// revisions (etcd's watchBatchMaxRevs).
const watchBatchMaxRevs = 1000

// watcher is one watch at the MVCC layer (watcher.go). It lives in exactly
// one place: the synced group, the unsynced group, a victim batch, or
// nowhere once compacted or canceled.
//
//	             startRev 0 or > current            every write: events >= minRev
//	 Watch ───────────────────────────────► synced ──────────────────────────► queue
//	   │  1 <= startRev <= current            ▲ │ queue full
//	   ▼                                      │ ▼
//	unsynced ── 100ms sync pass: replay ──────┘ victim ── retried every 10ms ──► synced
//	   │        history [minRev, current]      (or unsynced if it missed writes)
//	   └── minRev < compact rev: CompactRevision response, watcher dropped
type watcher struct {
	key, end []byte // end nil: the single key; empty non-nil: every key >= key
	startRev int64  // the revision the client asked to start at
	minRev   int64  // the next revision this watcher still needs
	id       int64
	seq      uint64 // creation order in the member, for deterministic iteration
	filters  []WatchFilter
	stream   *WatchStream

	group     *watcherGroup // synced or unsynced group it is in, or nil
	victim    bool          // waiting in a victim batch for room in the queue
	compacted bool          // dropped after its compaction response

	notifyStamp uint64 // the notify call notifyAt belongs to
	notifyAt    int    // index of this watcher's batch in that call
}

// contains reports whether key is in the watcher's range.
func (w *watcher) contains(key []byte) bool {
	if w.end == nil {
		return bytes.Equal(w.key, key)
	}
	if bytes.Compare(key, w.key) < 0 {
		return false
	}
	return len(w.end) == 0 || bytes.Compare(key, w.end) < 0
}

// mvccResponse is what the MVCC layer puts on a stream's channel
// (mvcc.WatchResponse): events of one or more revisions, a progress
// notification (no events), or a compaction notice.
type mvccResponse struct {
	watchID         int64
	events          []Event
	revision        int64
	compactRevision int64
}

// send applies the watcher's filters and offers the response to the
// stream's channel without blocking. A response whose events were all
// filtered away counts as sent; a progress response (no events to begin
// with) is always offered. It returns false only when the channel is full.
func (w *watcher) send(wr mvccResponse) bool {
	progress := len(wr.events) == 0
	if len(w.filters) != 0 {
		kept := make([]Event, 0, len(wr.events))
		for _, ev := range wr.events {
			if !w.filtered(ev) {
				kept = append(kept, ev)
			}
		}
		wr.events = kept
	}
	if !progress && len(wr.events) == 0 {
		return true
	}
	return w.stream.offer(wr)
}

func (w *watcher) filtered(ev Event) bool {
	for _, f := range w.filters {
		if (f == FilterNoPut && ev.Type == PUT) || (f == FilterNoDelete && ev.Type == DELETE) {
			return true
		}
	}
	return false
}

// eventBatch is the events one watcher gets from one pass, capped at
// watchBatchMaxRevs distinct revisions; moreRev is the first revision
// left out (0 if none).
type eventBatch struct {
	evs     []Event
	revs    int
	moreRev int64
}

func (eb *eventBatch) add(ev Event) {
	if eb.revs > watchBatchMaxRevs {
		return
	}
	if len(eb.evs) == 0 {
		eb.revs = 1
		eb.evs = append(eb.evs, ev)
		return
	}
	if ev.Kv.ModRevision > eb.evs[len(eb.evs)-1].Kv.ModRevision {
		eb.revs++
		if eb.revs > watchBatchMaxRevs {
			eb.moreRev = ev.Kv.ModRevision
			return
		}
	}
	eb.evs = append(eb.evs, ev)
}

// watcherBatch maps watchers to their event batches. Iterate with sorted,
// which orders by watcher creation.
type watcherBatch map[*watcher]*eventBatch

func (wb watcherBatch) add(w *watcher, ev Event) {
	eb := wb[w]
	if eb == nil {
		eb = &eventBatch{}
		wb[w] = eb
	}
	eb.add(ev)
}

// sorted returns the batch's watchers in creation order.
func (wb watcherBatch) sorted() []*watcher {
	return slices.SortedFunc(maps.Keys(wb), func(a, b *watcher) int { return cmp.Compare(a.seq, b.seq) })
}

// newWatcherBatch matches events against a group: every watcher whose
// range holds the event's key and whose minRev is <= the event's revision
// gets it (so nothing is delivered twice).
func newWatcherBatch(wg *watcherGroup, evs []Event) watcherBatch {
	if wg.size() == 0 {
		return nil
	}
	wb := make(watcherBatch)
	for _, ev := range evs {
		wg.forKey(ev.Kv.Key, func(w *watcher) {
			if ev.Kv.ModRevision >= w.minRev {
				wb.add(w, ev)
			}
		})
	}
	return wb
}
