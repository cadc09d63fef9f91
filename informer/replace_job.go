package informer

import (
	"strings"
	"time"

	am "watchscope/apimachinery"
	"watchscope/internal/order"
)

// replaceSlice is how many objects of a ReplacedAll one step works
// through. A relist of 150,000 pods is one ReplacedAll delta; handled in
// one step (diff against the indexer, swap, 150,000 notifications) it was
// a long task of half a second natively and over a second in a browser.
// A bigger one is worked through by a replaceJob instead, the informer's
// Step continuing it at the same virtual instant until it is done:
//
//	diff:    per slice, each listed object's old version (if any) from the
//	         indexer, and the new contents built beside it
//	scan:    if the indexer has keys the list lacks (deleted while the
//	         informer was away), per slice of the indexer's entries, those
//	         keys become tombstones, put in key order at the end
//	swap:    the new contents replace the old in one assignment
//	notify:  per slice, OnDelete for the tombstones, then OnUpdate/OnAdd
//	         in list order
//
// Listers see the old contents until the swap and the new ones after;
// deltas queued behind the ReplacedAll wait; HasSynced latches at the
// end. So every handler gets exactly the notifications, and the indexer
// exactly the contents, that processReplacedAll gives in one step. A
// ReplacedAll of at most replaceSlice objects (a kubelet's pods, most
// lesson worlds) is still handled in one step by it. A slice of 250
// notifications is about 1.3 ms in wasm.
const replaceSlice = 250

type replaceJob struct {
	d       Delta
	initial bool
	fifo    *RealFIFO // told the delta is done at the end (HasSynced)
	slice   int       // objects per step

	pos       int          // next object of the current phase
	olds      []*am.Object // each listed object's old version, or nil
	found     int          // listed objects whose key the indexer had
	dup       bool         // the list names a key twice
	next      itemStore    // the new contents
	scanning  bool         // looking for the keys the list lacks
	swapped   bool
	deletions []DeletedFinalStateUnknown
	// listeners is how many handlers were registered at the swap: one
	// added later got the new contents as its initial list instead.
	listeners int
}

func newReplaceJob(d Delta, initial bool, fifo *RealFIFO, slice int) *replaceJob {
	j := &replaceJob{d: d, initial: initial, fifo: fifo, slice: slice, olds: make([]*am.Object, len(d.Objects))}
	// The new contents start small and grow slice by slice: a map sized
	// for 150,000 keys at once is megabytes cleared in one step.
	j.next.reset(0)
	return j
}

// step works through one slice and reports whether the job is done.
func (j *replaceJob) step(now time.Duration, s *SharedIndexInformer) bool {
	switch {
	case j.pos < len(j.d.Objects) && !j.scanning && !j.swapped:
		j.diff(s.indexer)
		if j.pos == len(j.d.Objects) {
			j.startScan(s)
		}
		return false
	case j.scanning:
		j.scan(s)
		return false
	}
	return j.notify(now, s)
}

// diff reads the old versions of the next slice and builds their place
// in the new contents.
func (j *replaceJob) diff(store *Indexer) {
	objs := j.d.Objects
	end := min(j.pos+j.slice, len(objs))
	for i := j.pos; i < end; i++ {
		key := MetaNamespaceKey(objs[i])
		if old, ok := store.items.get(key); ok {
			j.olds[i] = old
			j.found++
		}
		if _, again := j.next.put(key, objs[i]); again {
			j.dup = true
		}
	}
	j.pos = end
}

// startScan begins the search for the keys the list lacks, or swaps at
// once when every key the indexer has was listed (the usual relist).
func (j *replaceJob) startScan(s *SharedIndexInformer) {
	j.pos = 0
	if j.dup || j.found != s.indexer.items.len() {
		j.scanning = true
		return
	}
	j.swap(s)
}

// scan looks at the next slice of the indexer's entries (their order is
// fixed: nothing changes the indexer before the swap) for keys the list
// lacks; after the last one the tombstones are put in key order and the
// new contents swapped in.
func (j *replaceJob) scan(s *SharedIndexInformer) {
	items := &s.indexer.items
	end := min(j.pos+j.slice, items.len())
	for ; j.pos < end; j.pos++ {
		e := items.entry(j.pos)
		if _, listed := j.next.get(e.key); !listed {
			j.deletions = append(j.deletions, DeletedFinalStateUnknown{Key: e.key, Obj: e.obj})
		}
	}
	if j.pos < items.len() {
		return
	}
	order.SortFunc(j.deletions, func(a, b DeletedFinalStateUnknown) int { return strings.Compare(a.Key, b.Key) })
	j.scanning = false
	j.swap(s)
}

// swap puts the new contents in place.
func (j *replaceJob) swap(s *SharedIndexInformer) {
	s.indexer.replaceItems(j.next, j.d.ResourceVersion)
	j.next = itemStore{}
	j.swapped, j.pos, j.listeners = true, 0, len(s.listeners)
}

// notify sends the next slice of notifications; true once all are sent.
func (j *replaceJob) notify(now time.Duration, s *SharedIndexInformer) bool {
	n := len(j.deletions) + len(j.d.Objects)
	end := min(j.pos+j.slice, n)
	for ; j.pos < end; j.pos++ {
		if j.pos < len(j.deletions) {
			s.distributeTo(j.listeners, now, Notification{Type: NotifyDelete, Tombstone: &j.deletions[j.pos]}, false)
			continue
		}
		i := j.pos - len(j.deletions)
		if old := j.olds[i]; old != nil {
			n := Notification{Type: NotifyUpdate, Old: old, Object: j.d.Objects[i]}
			s.distributeTo(j.listeners, now, n, n.IsSync())
		} else {
			s.distributeTo(j.listeners, now, Notification{Type: NotifyAdd, Object: j.d.Objects[i], IsInInitialList: j.initial}, false)
		}
	}
	if j.pos < n {
		return false
	}
	j.fifo.popped()
	return true
}
