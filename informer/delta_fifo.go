package informer

import (
	am "watchscope/apimachinery"
)

// DeltaFIFO is client-go's pre-1.33 informer queue: a FIFO of keys, each
// with the list of changes (Deltas) not yet processed for that object.
//
//	queue: ["default/a", "default/b"]        (FIFO of keys)
//	items: "default/a" -> [Added a@5, Updated a@6]
//	       "default/b" -> [Deleted b@4]
//
// Pop hands out the whole list of one key, so consecutive changes to an
// object are delivered together. Without the real sync.Cond, Pop returns
// ok=false when the queue is empty.
type DeltaFIFO struct {
	// items holds the pending deltas per key. A key is in queue if and
	// only if it is in items; no items entry is empty.
	items map[string]Deltas
	// queue orders the keys. There are no duplicates in queue.
	queue []string

	// knownObjects is the informer's indexer: Delete of an object that is
	// neither known nor queued is ignored, Replace and Resync consult it.
	knownObjects KeyListerGetter
	// emitDeltaTypeReplaced makes Replace queue Replaced instead of Sync
	// (informers set it).
	emitDeltaTypeReplaced bool

	// populated is true once Replace, Add, Update or Delete was called;
	// initialPopulationCount counts the keys of the first Replace still
	// to be popped.
	populated              bool
	initialPopulationCount int
}

// NewDeltaFIFO returns a DeltaFIFO as informers configure it.
func NewDeltaFIFO(knownObjects KeyListerGetter, emitDeltaTypeReplaced bool) *DeltaFIFO {
	return &DeltaFIFO{items: map[string]Deltas{}, knownObjects: knownObjects, emitDeltaTypeReplaced: emitDeltaTypeReplaced}
}

// Add queues an Added delta.
func (f *DeltaFIFO) Add(o *am.Object) error {
	f.populated = true
	f.queueAction(Delta{Type: Added, Object: o})
	return nil
}

// Update queues an Updated delta.
func (f *DeltaFIFO) Update(o *am.Object) error {
	f.populated = true
	f.queueAction(Delta{Type: Updated, Object: o})
	return nil
}

// Delete queues a Deleted delta, unless the object is neither known nor
// queued (presumably a relist already reported the deletion).
func (f *DeltaFIFO) Delete(o *am.Object) error {
	f.populated = true
	key := MetaNamespaceKey(o)
	_, queued := f.items[key]
	if f.knownObjects == nil {
		if !queued {
			return nil
		}
	} else if _, known := f.knownObjects.GetByKey(key); !known && !queued {
		return nil
	}
	f.queueAction(Delta{Type: Deleted, Object: o})
	return nil
}

func (f *DeltaFIFO) queueAction(d Delta) {
	key := d.key()
	old, exists := f.items[key]
	f.items[key] = dedupDeltas(append(old, d))
	if !exists {
		f.queue = append(f.queue, key)
	}
}

// dedupDeltas collapses the last two deltas when both are deletions:
// if the older is a tombstone the newer (real) one wins, otherwise the
// older is kept.
func dedupDeltas(d Deltas) Deltas {
	n := len(d)
	if n < 2 {
		return d
	}
	newer, older := d[n-1], d[n-2]
	if newer.Type != Deleted || older.Type != Deleted {
		return d
	}
	if older.Tombstone != nil {
		d[n-2] = newer
	}
	return d[:n-1]
}

// Replace queues Replaced (or Sync) for every listed object, then a
// Deleted tombstone for every queued key not listed, then for every known
// key not listed and not queued.
func (f *DeltaFIFO) Replace(objs []*am.Object, _ string) error {
	action := Sync
	if f.emitDeltaTypeReplaced {
		action = Replaced
	}
	listed := make(map[string]struct{}, len(objs))
	for _, o := range objs {
		listed[MetaNamespaceKey(o)] = struct{}{}
		f.queueAction(Delta{Type: action, Object: o})
	}
	deletions := 0
	for _, key := range append([]string(nil), f.queue...) {
		if _, ok := listed[key]; ok {
			continue
		}
		deletions++
		last := f.items[key].Newest().lastState()
		f.queueAction(Delta{Type: Deleted, Tombstone: &DeletedFinalStateUnknown{Key: key, Obj: last}})
	}
	if f.knownObjects != nil {
		for _, key := range f.knownObjects.ListKeys() {
			if _, ok := listed[key]; ok || len(f.items[key]) > 0 {
				continue
			}
			known, _ := f.knownObjects.GetByKey(key)
			deletions++
			f.queueAction(Delta{Type: Deleted, Tombstone: &DeletedFinalStateUnknown{Key: key, Obj: known}})
		}
	}
	if !f.populated {
		f.populated = true
		f.initialPopulationCount = len(listed) + deletions
	}
	return nil
}

// Resync queues a Sync of the known object for every known key that has
// nothing queued (a queued change is newer than the indexer's copy).
func (f *DeltaFIFO) Resync() error {
	if f.knownObjects == nil {
		return nil
	}
	for _, key := range f.knownObjects.ListKeys() {
		if len(f.items[key]) > 0 {
			continue
		}
		if o, ok := f.knownObjects.GetByKey(key); ok {
			f.queueAction(Delta{Type: Sync, Object: o})
		}
	}
	return nil
}

// Pop removes the first key's whole delta list and processes it. The
// initial-population count drops before processing, as in client-go.
func (f *DeltaFIFO) Pop(process PopProcessFunc) (Deltas, bool) {
	if len(f.queue) == 0 {
		return nil, false
	}
	isInInitialList := !f.HasSynced()
	key := f.queue[0]
	f.queue[0] = ""
	f.queue = f.queue[1:]
	if f.initialPopulationCount > 0 {
		f.initialPopulationCount--
	}
	d := f.items[key]
	delete(f.items, key)
	if process != nil {
		process(d, isInInitialList)
	}
	return d, true
}

// Len is the number of queued keys.
func (f *DeltaFIFO) Len() int { return len(f.queue) }

// HasSynced reports whether the first Replace has been fully popped.
func (f *DeltaFIFO) HasSynced() bool { return f.populated && f.initialPopulationCount == 0 }

// ListKeys returns the queued keys in queue order.
func (f *DeltaFIFO) ListKeys() []string { return append([]string(nil), f.queue...) }
