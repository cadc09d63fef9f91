package informer

import (
	"slices"
	"strings"

	am "watchscope/apimachinery"
	"watchscope/internal/order"
)

// itemStore is the Indexer's objects by key, in one of two shapes:
//
//	small: sorted   [ {"default/a", Pod a}, {"default/b", Pod b}, ... ]   ≤ smallItems keys
//	large: entries  [ Pod q, Pod a, ... ]                                    any order
//	       at       map["default/q"] = 0, map["default/a"] = 1, ...        key -> index
//
// A 5,000-node world has ~10,000 informer stores, and all but a few hold
// a few dozen objects (a kubelet's pods, its node). A Go map of 30
// entries is a 64-slot table, ~1.8 KB in several heap objects; the same
// entries sorted in one slice are 720 bytes in one object, already in the
// key order List and ListKeys return. Lookups are a binary search over at
// most smallItems keys and an insert shifts at most that many entries.
// A store that grows past smallItems moves to the large shape for good
// (until a Replace sizes it anew): the controller-manager's 150,000 pods
// stay O(1). Its entries are a slice (a removal moves the last entry into
// the hole) so that it can be walked a slice at a time across steps while
// nothing changes it (at, len): a replaceJob looks for the keys a relist
// lacks that way, where a map can only be walked in one go.
type itemStore struct {
	sorted  []keyedObject
	entries []*am.Object     // large: a key is its object's MetaNamespaceKey
	at      map[string]int32 // non-nil: the large shape
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
		s.sorted, s.entries, s.at = nil, make([]*am.Object, 0, n), make(map[string]int32, n)
		return
	}
	s.sorted, s.entries, s.at = make([]keyedObject, 0, n), nil, nil
}

func (s *itemStore) len() int {
	if s.at != nil {
		return len(s.entries)
	}
	return len(s.sorted)
}

// entry is the i-th stored object (0 <= i < len) in the store's own
// order: key order when small, insertion and removal order when large.
// It is stable while the store is not changed.
func (s *itemStore) entry(i int) keyedObject {
	if s.at != nil {
		return keyedObject{MetaNamespaceKey(s.entries[i]), s.entries[i]}
	}
	return s.sorted[i]
}

func (s *itemStore) get(key string) (*am.Object, bool) {
	if s.at != nil {
		i, ok := s.at[key]
		if !ok {
			return nil, false
		}
		return s.entries[i], true
	}
	i, ok := slices.BinarySearchFunc(s.sorted, key, compareItem)
	if !ok {
		return nil, false
	}
	return s.sorted[i].obj, true
}

// put stores o under key and returns the object it replaced, if any.
func (s *itemStore) put(key string, o *am.Object) (old *am.Object, replaced bool) {
	if s.at != nil {
		if i, ok := s.at[key]; ok {
			old, s.entries[i] = s.entries[i], o
			return old, true
		}
		s.at[key] = int32(len(s.entries))
		s.entries = append(s.entries, o)
		return nil, false
	}
	i, ok := slices.BinarySearchFunc(s.sorted, key, compareItem)
	if ok {
		old, s.sorted[i].obj = s.sorted[i].obj, o
		return old, true
	}
	if len(s.sorted) == smallItems {
		s.grow()
		return s.put(key, o)
	}
	s.sorted = slices.Insert(s.sorted, i, keyedObject{key, o})
	return nil, false
}

// grow moves a full small store to the large shape.
func (s *itemStore) grow() {
	s.entries, s.at = make([]*am.Object, 0, 2*smallItems), make(map[string]int32, 2*smallItems)
	for _, e := range s.sorted {
		s.at[e.key] = int32(len(s.entries))
		s.entries = append(s.entries, e.obj)
	}
	s.sorted = nil
}

// remove deletes key and returns the object it held, if any.
func (s *itemStore) remove(key string) (*am.Object, bool) {
	if s.at != nil {
		i, ok := s.at[key]
		if !ok {
			return nil, false
		}
		old, last := s.entries[i], len(s.entries)-1
		if int(i) != last { // the last entry fills the hole
			s.entries[i] = s.entries[last]
			s.at[MetaNamespaceKey(s.entries[i])] = i
		}
		s.entries[last] = nil
		s.entries = s.entries[:last]
		delete(s.at, key)
		return old, true
	}
	i, ok := slices.BinarySearchFunc(s.sorted, key, compareItem)
	if !ok {
		return nil, false
	}
	old := s.sorted[i].obj
	s.sorted = slices.Delete(s.sorted, i, i+1) // zeroes the freed slot
	return old, true
}

// each calls f for every stored object, in the store's own order.
func (s *itemStore) each(f func(key string, o *am.Object)) {
	for i := range s.len() {
		e := s.entry(i)
		f(e.key, e.obj)
	}
}

// keys returns every key, sorted.
func (s *itemStore) keys() []string {
	out := make([]string, s.len())
	for i := range out {
		out[i] = s.entry(i).key
	}
	if s.at != nil {
		slices.Sort(out)
	}
	return out
}

// objects returns every object in key order.
func (s *itemStore) objects() []*am.Object {
	if s.at == nil {
		out := make([]*am.Object, len(s.sorted))
		for i, e := range s.sorted {
			out[i] = e.obj
		}
		return out
	}
	byKey := make([]keyedObject, len(s.entries))
	for i := range byKey {
		byKey[i] = s.entry(i)
	}
	order.SortFunc(byKey, func(a, b keyedObject) int { return strings.Compare(a.key, b.key) })
	out := make([]*am.Object, len(byKey))
	for i, e := range byKey {
		out[i] = e.obj
	}
	return out
}
