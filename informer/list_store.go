package informer

import (
	"slices"
	"strings"

	am "watchscope/apimachinery"
	"watchscope/internal/order"
)

// listStore is the watch-list's temporary store: what the initial events
// built, listed in key order for the Replace (a plain Indexer's List
// sorts its keys, 150,000 of them in the step the end bookmark arrives).
// The watch cache sends a watch-list's initial events in key order, so
// while every event adds a key after the last one the store is just a
// slice in arrival order, already sorted; the first event out of that
// order (a key seen before, or an earlier one) builds the key index and
// List sorts at the end:
//
//	ADDED a, ADDED b, ADDED c        items [a b c], sorted: List is items
//	MODIFIED b                       index built, b replaced in place
//	ADDED a0                         appended, no longer sorted: List sorts
//
// List gives exactly what a map of the same events listed in key order
// gives.
type listStore struct {
	items  []keyedObject // arrival order; obj nil once deleted
	at     map[string]int
	sorted bool // items' keys strictly increase (no index needed)
	live   int
}

func newListStore() *listStore { return &listStore{sorted: true} }

// put stores o under its key (Add and Update are the same).
func (s *listStore) put(o *am.Object) {
	key := MetaNamespaceKey(o)
	if s.sorted && (len(s.items) == 0 || key > s.items[len(s.items)-1].key) {
		s.items = append(s.items, keyedObject{key, o})
		s.live++
		return
	}
	s.index()
	if i, ok := s.at[key]; ok {
		if s.items[i].obj == nil {
			s.live++
		}
		s.items[i].obj = o
		return
	}
	s.sorted = false
	s.at[key] = len(s.items)
	s.items = append(s.items, keyedObject{key, o})
	s.live++
}

// remove deletes o's key, if stored.
func (s *listStore) remove(o *am.Object) {
	s.index()
	if i, ok := s.at[MetaNamespaceKey(o)]; ok && s.items[i].obj != nil {
		s.items[i].obj = nil
		s.live--
	}
}

// index builds the key index the first time an event needs it.
func (s *listStore) index() {
	if s.at != nil {
		return
	}
	s.at = make(map[string]int, len(s.items))
	for i, e := range s.items {
		s.at[e.key] = i
	}
	s.sorted = false // from now on List checks the order itself
}

// List returns the stored objects in key order.
func (s *listStore) List() []*am.Object {
	if s.sorted { // only ADDED events, in key order: the usual watch-list
		out := make([]*am.Object, len(s.items))
		for i, e := range s.items {
			out[i] = e.obj
		}
		return out
	}
	live := make([]keyedObject, 0, s.live)
	for _, e := range s.items {
		if e.obj != nil {
			live = append(live, e)
		}
	}
	if !s.sorted && !slices.IsSortedFunc(live, byKey) {
		order.SortFunc(live, byKey)
	}
	out := make([]*am.Object, len(live))
	for i, e := range live {
		out[i] = e.obj
	}
	return out
}

func byKey(a, b keyedObject) int { return strings.Compare(a.key, b.key) }
