package informer

import (
	"fmt"
	"maps"
	"slices"

	am "watchscope/apimachinery"
)

// NamespaceIndex is the name of the standard index (cache.NamespaceIndex).
const NamespaceIndex = "namespace"

// IndexFunc computes the values an object is indexed under.
type IndexFunc func(o *am.Object) []string

// MetaNamespaceIndexFunc indexes an object by its namespace.
func MetaNamespaceIndexFunc(o *am.Object) []string { return []string{o.Namespace} }

// Indexers names index functions.
type Indexers map[string]IndexFunc

// Indexer is the informer's local cache: client-go's threadSafeMap (items
// by key) plus indices, without the lock.
//
//	items:   "default/a" -> Pod default/a@7
//	         "kube/b"    -> Pod kube/b@9
//	indices: "namespace" -> "default" -> {"default/a"}
//	                        "kube"    -> {"kube/b"}
//
// Indices are built lazily, on the first query that needs one (ByIndex,
// IndexKeys, ListIndexFuncValues), and kept up to date from then on.
// client-go builds them eagerly, but the answers are the same either way,
// and a 5,000-node world has ~10,000 informer stores (150,000 pods held
// two or three times over) whose namespace index nobody in the simulation
// reads: a set entry per object per store was ~50 MiB of the wasm heap.
//
// Invariant: for every index present in indices, a key is in
// indices[name][v] if and only if items[key] exists and v is one of
// indexers[name](items[key]). An index absent from indices is not built.
//
// Nothing is allocated before it is needed: items is a sorted slice
// while small (itemStore), indices is nil until an index is built, and
// the informers' default indexers are one shared, read-only map, copied
// only if AddIndexers adds to it.
type Indexer struct {
	items    itemStore
	indexers Indexers
	// sharedIndexers: indexers is defaultIndexers, never to be written.
	sharedIndexers bool
	indices        map[string]map[string]map[string]struct{}
	// lastRV is the last resourceVersion the store was told about
	// (Replace, Bookmark, UpdateResourceVersion).
	lastRV string
}

// NewIndexer returns an empty indexer with the given indices.
func NewIndexer(indexers Indexers) *Indexer {
	s := &Indexer{}
	if len(indexers) > 0 {
		s.indexers = maps.Clone(indexers)
	}
	return s
}

// defaultIndexers is what an informer indexes by unless told otherwise
// (the namespace index). Read only: shared by every informer's Indexer.
var defaultIndexers = Indexers{NamespaceIndex: MetaNamespaceIndexFunc}

// newDefaultIndexer is NewIndexer(defaultIndexers) without a copy.
func newDefaultIndexer() *Indexer {
	return &Indexer{indexers: defaultIndexers, sharedIndexers: true}
}

// NewStore returns an indexer without indices (cache.NewStore).
func NewStore() *Indexer { return NewIndexer(nil) }

// AddIndexers adds indices to a store that may already hold items;
// an existing name is an error ("indexer conflict: ...").
func (s *Indexer) AddIndexers(idx Indexers) error {
	for _, name := range slices.Sorted(maps.Keys(idx)) {
		if _, ok := s.indexers[name]; ok {
			return fmt.Errorf("indexer conflict: map[%s:{}]", name)
		}
	}
	if s.indexers == nil || s.sharedIndexers {
		s.indexers, s.sharedIndexers = maps.Clone(s.indexers), false
		if s.indexers == nil {
			s.indexers = Indexers{}
		}
	}
	maps.Copy(s.indexers, idx) // built on first use, see Indexer
	return nil
}

// Add stores o (same as Update).
func (s *Indexer) Add(o *am.Object) { s.put(MetaNamespaceKey(o), o) }

// Update stores o.
func (s *Indexer) Update(o *am.Object) { s.put(MetaNamespaceKey(o), o) }

// Delete removes the object with o's key.
func (s *Indexer) Delete(o *am.Object) { s.DeleteKey(MetaNamespaceKey(o)) }

// DeleteKey removes key (used for tombstones).
func (s *Indexer) DeleteKey(key string) {
	if old, ok := s.items.remove(key); ok {
		s.unindex(key, old)
	}
}

func (s *Indexer) put(key string, o *am.Object) {
	if old, ok := s.items.put(key, o); ok {
		s.unindex(key, old)
	}
	for name, idx := range s.indices {
		s.indexOne(idx, s.indexers[name], key, o)
	}
}

// index returns the index called name, building it from the items on
// first use; ok is false when no such indexer is registered.
func (s *Indexer) index(name string) (idx map[string]map[string]struct{}, ok bool) {
	if idx, ok = s.indices[name]; ok {
		return idx, true
	}
	f, ok := s.indexers[name]
	if !ok {
		return nil, false
	}
	idx = map[string]map[string]struct{}{}
	s.items.each(func(key string, o *am.Object) { s.indexOne(idx, f, key, o) })
	if s.indices == nil {
		s.indices = map[string]map[string]map[string]struct{}{}
	}
	s.indices[name] = idx
	return idx, true
}

func (s *Indexer) indexOne(idx map[string]map[string]struct{}, f IndexFunc, key string, o *am.Object) {
	for _, v := range f(o) {
		set := idx[v]
		if set == nil {
			set = map[string]struct{}{}
			idx[v] = set
		}
		set[key] = struct{}{}
	}
}

func (s *Indexer) unindex(key string, o *am.Object) {
	for name, idx := range s.indices {
		for _, v := range s.indexers[name](o) {
			delete(idx[v], key)
			if len(idx[v]) == 0 {
				delete(idx, v)
			}
		}
	}
}

// Replace swaps the whole content for objs; the indices are dropped and
// rebuilt by the next query that needs one.
func (s *Indexer) Replace(objs []*am.Object, rv string) {
	s.items.reset(len(objs))
	clear(s.indices)
	for _, o := range objs {
		s.put(MetaNamespaceKey(o), o)
	}
	s.lastRV = rv
}

// replaceItems is Replace with the new contents already built (a
// replaceJob's swap).
func (s *Indexer) replaceItems(items itemStore, rv string) {
	s.items = items
	clear(s.indices)
	s.lastRV = rv
}

// Get returns the stored object with o's key.
func (s *Indexer) Get(o *am.Object) (*am.Object, bool) { return s.GetByKey(MetaNamespaceKey(o)) }

// GetByKey returns the object stored under key.
func (s *Indexer) GetByKey(key string) (*am.Object, bool) { return s.items.get(key) }

// ListKeys returns all keys, sorted.
func (s *Indexer) ListKeys() []string { return s.items.keys() }

// List returns all objects in key order.
func (s *Indexer) List() []*am.Object { return s.items.objects() }

// Len is the number of stored objects.
func (s *Indexer) Len() int { return s.items.len() }

// ByIndex returns the objects whose index value equals value, in key order.
func (s *Indexer) ByIndex(name, value string) ([]*am.Object, error) {
	keys, err := s.IndexKeys(name, value)
	if err != nil {
		return nil, err
	}
	out := make([]*am.Object, len(keys))
	for i, k := range keys {
		out[i], _ = s.items.get(k)
	}
	return out, nil
}

// IndexKeys returns the keys indexed under value, sorted.
func (s *Indexer) IndexKeys(name, value string) ([]string, error) {
	idx, ok := s.index(name)
	if !ok {
		return nil, fmt.Errorf("Index with name %s does not exist", name)
	}
	return slices.Sorted(maps.Keys(idx[value])), nil
}

// ListIndexFuncValues returns the values present in an index, sorted.
func (s *Indexer) ListIndexFuncValues(name string) []string {
	idx, _ := s.index(name)
	return slices.Sorted(maps.Keys(idx))
}

// Bookmark records the RV of a bookmark (AtomicFIFO's Bookmark delta).
func (s *Indexer) Bookmark(rv string) { s.lastRV = rv }

// UpdateResourceVersion records the RV of the last event seen.
func (s *Indexer) UpdateResourceVersion(rv string) { s.lastRV = rv }

// LastStoreSyncResourceVersion is the last RV the store was told about.
func (s *Indexer) LastStoreSyncResourceVersion() string { return s.lastRV }
