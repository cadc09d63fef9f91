package watchcache

import (
	"slices"
	"strings"

	am "watchscope/apimachinery"
)

// triggerIndex is the watch cache store's indexer on one field, the
// resource's IndexedTrigger (spec.nodeName for pods). The real store
// (store_btree.go's indexer) keeps the same shape for the cacher's
// indexers:
//
//	byValue["node-17"] = { "/registry/pods/ns-3/web-1": obj, ... }
//	byValue["node-18"] = { ... }
//
// Sets are deleted when they empty, so short-lived values do not pile up
// (kubernetes#84959). Objects whose value is "" (unscheduled pods) are
// not indexed: no watch asks for them by index here.
//
// The real watch cache builds a watch's initial events by walking its
// whole store and letting the cacheWatcher drop what the selector
// rejects. With 5,000 kubelets and 150,000 pods that walk is 750 million
// filter checks per relist storm, so for a watch whose field selector
// fixes the trigger value the interval is built from this index instead
// (initialEventsByIndex): the same objects in the same key order, and
// the rejected ones still counted as initial events.
type triggerIndex struct {
	field   string
	byValue map[string][]storeElement
}

// Each value's set is one slice sorted by key, not a map:
//
//	byValue["node-17"] = [ {"/registry/pods/ns-1/a", obj}, {"/registry/pods/ns-3/web-1", obj}, ... ]
//
// A 5,000-node world has 5,000 sets of ~30 pods. As maps they were
// ~10 MiB in ~20,000 heap objects (a swiss table's directory, groups and
// slots each); as slices they are one 24-byte element per pod, one object
// per node, and elements needs no sort. An update costs a binary search
// and a shift of at most ~30 elements.

func newTriggerIndex(field string) *triggerIndex {
	return &triggerIndex{field: field, byValue: map[string][]storeElement{}}
}

// update moves key from old's value to cur's (either may be nil).
func (ix *triggerIndex) update(key string, old, cur *am.Object) {
	if ix == nil {
		return
	}
	var oldValue, curValue string
	if old != nil {
		oldValue, _ = old.Field(ix.field)
	}
	if cur != nil {
		curValue, _ = cur.Field(ix.field)
	}
	if old != nil && oldValue != curValue && oldValue != "" {
		ix.remove(oldValue, key)
	}
	if cur == nil || curValue == "" {
		return
	}
	set := ix.byValue[curValue]
	i, found := slices.BinarySearchFunc(set, key, compareKey)
	if found {
		set[i].Object = cur
		return
	}
	ix.byValue[curValue] = slices.Insert(set, i, storeElement{Key: key, Object: cur})
}

// remove deletes key from value's set, and the set when it empties.
func (ix *triggerIndex) remove(value, key string) {
	set := ix.byValue[value]
	i, found := slices.BinarySearchFunc(set, key, compareKey)
	if !found {
		return
	}
	if len(set) == 1 {
		delete(ix.byValue, value)
		return
	}
	ix.byValue[value] = slices.Delete(set, i, i+1) // zeroes the freed slot
}

func compareKey(e storeElement, key string) int { return strings.Compare(e.Key, key) }

// elements returns the objects indexed under value, in key order. The
// slice is the index's own: read it before the next update.
func (ix *triggerIndex) elements(value string) []storeElement {
	return ix.byValue[value]
}
