package informer

import (
	"maps"
	"slices"
	"strings"

	am "watchscope/apimachinery"
)

// itemStore is the Indexer's objects by key, in one of two shapes:
//
//	small: sorted  [ {"default/a", Pod a}, {"default/b", Pod b}, ... ]   ≤ smallItems keys
//	large: byKey   map["default/a"] = Pod a, ...
//
// A 5,000-node world has ~10,000 informer stores, and all but a few hold
// a few dozen objects (a kubelet's pods, its node). A Go map of 30
// entries is a 64-slot table, ~1.8 KB in several heap objects; the same
// entries sorted in one slice are 720 bytes in one object, already in the
// key order List and ListKeys return. Lookups are a binary search over at
// most smallItems keys and an insert shifts at most that many entries.
// A store that grows past smallItems moves to a map for good (until a
// Replace sizes it anew): the controller-manager's 150,000 pods stay O(1).
type itemStore struct {
	sorted []keyedObject
	byKey  map[string]*am.Object // non-nil: the large shape
}

type keyedObject struct {
	key string
	obj *am.Object
}

// smallItems is the most keys the sorted shape holds.
const smallItems = 256

func compareItem(e keyedObject, key string) int { return strings.Compare(e.key, key) }

// reset empties the store, shaped for about n objects.
func (s *itemStore) reset(n int) {
	if n > smallItems {
		s.sorted, s.byKey = nil, make(map[string]*am.Object, n)
		return
	}
	s.sorted, s.byKey = make([]keyedObject, 0, n), nil
}

func (s *itemStore) len() int {
	if s.byKey != nil {
		return len(s.byKey)
	}
	return len(s.sorted)
}

func (s *itemStore) get(key string) (*am.Object, bool) {
	if s.byKey != nil {
		o, ok := s.byKey[key]
		return o, ok
	}
	i, ok := slices.BinarySearchFunc(s.sorted, key, compareItem)
	if !ok {
		return nil, false
	}
	return s.sorted[i].obj, true
}

// put stores o under key and returns the object it replaced, if any.
func (s *itemStore) put(key string, o *am.Object) (old *am.Object, replaced bool) {
	if s.byKey != nil {
		old, replaced = s.byKey[key]
		s.byKey[key] = o
		return old, replaced
	}
	i, ok := slices.BinarySearchFunc(s.sorted, key, compareItem)
	if ok {
		old, s.sorted[i].obj = s.sorted[i].obj, o
		return old, true
	}
	if len(s.sorted) == smallItems {
		s.byKey = make(map[string]*am.Object, 2*smallItems)
		for _, e := range s.sorted {
			s.byKey[e.key] = e.obj
		}
		s.sorted = nil
		s.byKey[key] = o
		return nil, false
	}
	s.sorted = slices.Insert(s.sorted, i, keyedObject{key, o})
	return nil, false
}

// remove deletes key and returns the object it held, if any.
func (s *itemStore) remove(key string) (*am.Object, bool) {
	if s.byKey != nil {
		old, ok := s.byKey[key]
		delete(s.byKey, key)
		return old, ok
	}
	i, ok := slices.BinarySearchFunc(s.sorted, key, compareItem)
	if !ok {
		return nil, false
	}
	old := s.sorted[i].obj
	s.sorted = slices.Delete(s.sorted, i, i+1) // zeroes the freed slot
	return old, true
}

// each calls f for every stored object, in no particular order.
func (s *itemStore) each(f func(key string, o *am.Object)) {
	if s.byKey != nil {
		for k, o := range s.byKey {
			f(k, o)
		}
		return
	}
	for _, e := range s.sorted {
		f(e.key, e.obj)
	}
}

// keys returns every key, sorted.
func (s *itemStore) keys() []string {
	if s.byKey != nil {
		return slices.Sorted(maps.Keys(s.byKey))
	}
	out := make([]string, len(s.sorted))
	for i, e := range s.sorted {
		out[i] = e.key
	}
	return out
}

// objects returns every object in key order.
func (s *itemStore) objects() []*am.Object {
	if s.byKey == nil {
		out := make([]*am.Object, len(s.sorted))
		for i, e := range s.sorted {
			out[i] = e.obj
		}
		return out
	}
	keys := s.keys()
	out := make([]*am.Object, len(keys))
	for i, k := range keys {
		out[i] = s.byKey[k]
	}
	return out
}
