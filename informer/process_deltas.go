package informer

import (
	"time"

	am "watchscope/apimachinery"
)

// eventSink is the informer seen as a ResourceEventHandler.
type eventSink interface {
	onAdd(now time.Duration, o *am.Object, isInInitialList bool)
	onUpdate(now time.Duration, old, o *am.Object)
	onDelete(now time.Duration, o *am.Object, t *DeletedFinalStateUnknown)
}

// processDeltas applies popped deltas to the indexer, oldest first, and
// tells the sink (controller.go processDeltas):
//
//	Sync/Replaced/Added/Updated  known key -> Update + OnUpdate(old, new)
//	                             else      -> Add    + OnAdd(new)
//	Deleted                      Delete + OnDelete(obj or tombstone)
//	ReplacedAll                  diff vs indexer, Replace, OnDelete for the
//	                             missing, then OnAdd/OnUpdate in list order
//	SyncAll                      OnUpdate(o, o) for every cached object
//	Bookmark                     indexer remembers the RV
func processDeltas(now time.Duration, h eventSink, store *Indexer, deltas Deltas, isInInitialList bool) {
	for _, d := range deltas {
		switch d.Type {
		case ReplacedAll:
			processReplacedAll(now, h, store, d, isInInitialList)
		case SyncAll:
			for _, o := range store.List() {
				h.onUpdate(now, o, o)
			}
			return
		case Sync, Replaced, Added, Updated:
			if old, ok := store.Get(d.Object); ok {
				store.Update(d.Object)
				h.onUpdate(now, old, d.Object)
			} else {
				store.Add(d.Object)
				h.onAdd(now, d.Object, isInInitialList)
			}
		case Deleted:
			store.DeleteKey(d.key())
			h.onDelete(now, d.Object, d.Tombstone)
		case BookmarkDT:
			store.Bookmark(d.ResourceVersion)
		}
	}
}

func processReplacedAll(now time.Duration, h eventSink, store *Indexer, d Delta, isInInitialList bool) {
	type replacement struct{ old, new *am.Object }
	var deletions []DeletedFinalStateUnknown
	replacements := make([]replacement, 0, len(d.Objects))
	reconcileReplacement(nil, store, d.Objects,
		func(t DeletedFinalStateUnknown) { deletions = append(deletions, t) },
		func(o *am.Object) {
			old, _ := store.Get(o)
			replacements = append(replacements, replacement{old, o})
		})
	store.Replace(d.Objects, d.ResourceVersion)
	for i := range deletions {
		h.onDelete(now, nil, &deletions[i])
	}
	for _, r := range replacements {
		if r.old != nil {
			h.onUpdate(now, r.old, r.new)
		} else {
			h.onAdd(now, r.new, isInInitialList)
		}
	}
}
