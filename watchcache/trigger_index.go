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
	byValue map[string]map[string]*am.Object
}

func newTriggerIndex(field string) *triggerIndex {
	return &triggerIndex{field: field, byValue: map[string]map[string]*am.Object{}}
}

// reset empties the index (before a relist's replace).
func (ix *triggerIndex) reset() {
	if ix != nil {
		clear(ix.byValue)
	}
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
		set := ix.byValue[oldValue]
		delete(set, key)
		if len(set) == 0 {
			delete(ix.byValue, oldValue)
		}
	}
	if cur == nil || curValue == "" {
		return
	}
	set := ix.byValue[curValue]
	if set == nil {
		set = map[string]*am.Object{}
		ix.byValue[curValue] = set
	}
	set[key] = cur
}

// elements returns the objects indexed under value, in key order.
func (ix *triggerIndex) elements(value string) []storeElement {
	set := ix.byValue[value]
	out := make([]storeElement, 0, len(set))
	for k, o := range set {
		out = append(out, storeElement{Key: k, Object: o})
	}
	slices.SortFunc(out, func(a, b storeElement) int { return strings.Compare(a.Key, b.Key) })
	return out
}
