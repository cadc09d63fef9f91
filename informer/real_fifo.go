package informer

import (
	"time"

	am "watchscope/apimachinery"
)

// RealFIFO is the 1.33+ informer queue: an ordered list of single deltas,
// one per event, never coalesced per key, so handlers see every change in
// the order the watch delivered it.
//
//	items: [Added a@5, Updated a@6, Deleted b@4, Bookmark @7, ...]
//
// In atomic mode (1.36 AtomicFIFO) a Replace is ONE ReplacedAll delta
// (the consumer diffs it against the indexer), a Resync is ONE SyncAll
// delta, and bookmarks become Bookmark deltas; knownObjects is then not
// used. In plain mode Replace is expanded here: tombstones for queued and
// known keys missing from the list, then Replaced for every listed object.
type RealFIFO struct {
	// items is the queue, oldest first.
	items []Delta
	// head indexes the oldest unpopped delta in items; popped slots are
	// cleared and the slice is compacted when half of it is dead.
	head int

	atomic       bool
	knownObjects KeyListerGetter // nil in atomic mode

	populated              bool
	initialPopulationCount int
	synced                 bool
}

// NewRealFIFO returns a RealFIFO. In atomic mode knownObjects must be nil
// (client-go panics otherwise); in plain mode it must be set.
func NewRealFIFO(knownObjects KeyListerGetter, atomic bool) *RealFIFO {
	if atomic && knownObjects != nil {
		panic("coding error: knownObjects must not be provided when AtomicEvents is true")
	}
	if !atomic && knownObjects == nil {
		panic("coding error: knownObjects must be provided when AtomicEvents is false")
	}
	return &RealFIFO{atomic: atomic, knownObjects: knownObjects}
}

func (f *RealFIFO) push(d Delta) { f.items = append(f.items, d) }

func (f *RealFIFO) touch() {
	f.populated = true
	f.checkSynced()
}

// checkSynced latches synced once the first Replace has been drained.
func (f *RealFIFO) checkSynced() {
	if f.populated && f.initialPopulationCount == 0 {
		f.synced = true
	}
}

// Add queues an Added delta.
func (f *RealFIFO) Add(o *am.Object) error {
	f.touch()
	f.push(Delta{Type: Added, Object: o})
	return nil
}

// Update queues an Updated delta.
func (f *RealFIFO) Update(o *am.Object) error {
	f.touch()
	f.push(Delta{Type: Updated, Object: o})
	return nil
}

// Delete queues a Deleted delta (always: RealFIFO does not filter).
func (f *RealFIFO) Delete(o *am.Object) error {
	f.touch()
	f.push(Delta{Type: Deleted, Object: o})
	return nil
}

// Bookmark queues a Bookmark delta in atomic mode; otherwise a no-op.
func (f *RealFIFO) Bookmark(rv string) error {
	if f.atomic {
		f.push(Delta{Type: BookmarkDT, ResourceVersion: rv})
	}
	return nil
}

// Replace queues one ReplacedAll (atomic) or the reconciled expansion.
func (f *RealFIFO) Replace(objs []*am.Object, rv string) error {
	if f.atomic {
		f.push(Delta{Type: ReplacedAll, Objects: objs, ResourceVersion: rv})
	} else {
		reconcileReplacement(f.items[f.head:], f.knownObjects, objs,
			func(t DeletedFinalStateUnknown) { f.push(Delta{Type: Deleted, Tombstone: &t}) },
			func(o *am.Object) { f.push(Delta{Type: Replaced, Object: o}) })
	}
	if !f.populated {
		f.populated = true
		f.initialPopulationCount = f.Len()
		f.checkSynced()
	}
	return nil
}

// reconcileReplacement decides what a Replace means against what is
// queued and what is known: a tombstone for every queued key whose last
// delta is not already a deletion and that the list lacks, a tombstone for
// every known key the list lacks and nothing queued mentions, then one
// replace per listed object, in list order.
func reconcileReplacement(queued []Delta, known KeyListerGetter, objs []*am.Object,
	onDelete func(DeletedFinalStateUnknown), onReplace func(*am.Object)) {
	listed := make(map[string]struct{}, len(objs))
	for _, o := range objs {
		listed[MetaNamespaceKey(o)] = struct{}{}
	}
	var order []string
	last := map[string]Delta{}
	for _, d := range queued {
		k := d.key()
		if k == "" {
			continue // ReplacedAll/SyncAll/Bookmark carry no key
		}
		if _, seen := last[k]; !seen {
			order = append(order, k)
		}
		last[k] = d
	}
	for _, k := range order {
		if _, ok := listed[k]; ok || last[k].Type == Deleted {
			continue
		}
		onDelete(DeletedFinalStateUnknown{Key: k, Obj: last[k].Object})
	}
	if known != nil {
		for _, k := range known.ListKeys() {
			if _, ok := listed[k]; ok {
				continue
			}
			if _, ok := last[k]; ok {
				continue
			}
			o, _ := known.GetByKey(k)
			onDelete(DeletedFinalStateUnknown{Key: k, Obj: o})
		}
	}
	for _, o := range objs {
		onReplace(o)
	}
}

// Resync queues one SyncAll (atomic) or a Sync per known key with
// nothing queued.
func (f *RealFIFO) Resync() error {
	if f.atomic {
		f.push(Delta{Type: SyncAll})
		return nil
	}
	queued := map[string]struct{}{}
	for _, d := range f.items[f.head:] {
		queued[d.key()] = struct{}{}
	}
	for _, k := range f.knownObjects.ListKeys() {
		if _, ok := queued[k]; ok {
			continue
		}
		if o, ok := f.knownObjects.GetByKey(k); ok {
			f.push(Delta{Type: Sync, Object: o})
		}
	}
	return nil
}

// Pop removes the oldest delta and processes it; the initial-population
// count drops only after processing, as in client-go.
func (f *RealFIFO) Pop(process PopProcessFunc) (Deltas, bool) {
	if f.Len() == 0 {
		return nil, false
	}
	isInInitialList := !f.synced
	d := Deltas{f.take()}
	if process != nil {
		process(d, isInInitialList)
	}
	f.popped()
	return d, true
}

// popToIndexer is Pop for the informer's own loop: the delta goes straight
// to processDeltas in a one-element slice on the stack, so a pop allocates
// neither the Deltas nor a closure (one of each per event per informer
// was ~4% of a 5,000-node world's allocations).
func (f *RealFIFO) popToIndexer(now time.Duration, h eventSink, store *Indexer) bool {
	if f.Len() == 0 {
		return false
	}
	isInInitialList := !f.synced
	one := [1]Delta{f.take()}
	processDeltas(now, h, store, one[:], isInInitialList)
	f.popped()
	return true
}

// peekBigReplace returns the oldest delta if it is a ReplacedAll of more
// than slice objects (see replaceJob).
func (f *RealFIFO) peekBigReplace(slice int) (Delta, bool) {
	if f.Len() == 0 || f.items[f.head].Type != ReplacedAll || len(f.items[f.head].Objects) <= slice {
		return Delta{}, false
	}
	return f.items[f.head], true
}

// take removes the oldest delta from the queue.
func (f *RealFIFO) take() Delta {
	d := f.items[f.head]
	f.items[f.head] = Delta{}
	f.head++
	if f.head == len(f.items) {
		f.items, f.head = f.items[:0], 0
	} else if f.head > 1024 && f.head*2 > len(f.items) {
		n := copy(f.items, f.items[f.head:])
		clear(f.items[n:])
		f.items, f.head = f.items[:n], 0
	}
	return d
}

// popped counts a processed delta of the initial population.
func (f *RealFIFO) popped() {
	if f.initialPopulationCount > 0 {
		f.initialPopulationCount--
		f.checkSynced()
	}
}

// Len is the number of queued deltas.
func (f *RealFIFO) Len() int { return len(f.items) - f.head }

// HasSynced reports whether the first Replace has been fully popped.
func (f *RealFIFO) HasSynced() bool { return f.synced }

// Peek returns the queued deltas, oldest first (for views).
func (f *RealFIFO) Peek() []Delta { return f.items[f.head:] }
