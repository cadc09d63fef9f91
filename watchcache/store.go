package watchcache

import (
	"strings"

	"github.com/google/btree"

	am "watchscope/apimachinery"
)

// btreeDegree is the degree of the store's B-tree (store_btree.go).
const btreeDegree = 16

// storeElement is one current object in the store, ordered by key. The
// tree holds elements by value in its nodes' item arrays, so a stored
// object costs no allocation of its own (a pointer per element was
// 150,000 small heap objects at 5,000 nodes); Key is normally a view of
// the object's decoded etcd key (am.Resource.ObjectKey).
type storeElement struct {
	Key    string
	Object *am.Object
}

func lessElement(a, b storeElement) bool { return a.Key < b.Key }

// storeTree is the ordered current state (BtreeWatchCache, GA 1.33).
type storeTree = *btree.BTreeG[storeElement]

func newStoreTree() storeTree { return btree.NewG(btreeDegree, lessElement) }

// watchCacheStore is the current state, ordered by key, plus what is
// needed to serve LISTs at an older RV (ListFromCacheSnapshot, C10).
//
// The real cacher stores a B-tree Clone after every event. Each clone
// makes the next write copy its path of nodes (about 1.7 KB per event at
// degree 16, measured), which alone exceeds this project's memory budget
// per cached object. Snapshots are therefore rebuilt on demand: the state
// at RV N is a Clone of the live tree with the ring's events newer than N
// undone (each event keeps its PrevObject):
//
//	live tree (rv 97)  --undo e97, e96, ... e(N+1)-->  state at N
//
// The servable RVs are exactly those the real snapshot set covers: from
// minSnapshotRV (the relist RV, raised to the oldest buffered event once
// the ring evicts) up to the cache RV.
type watchCacheStore struct {
	tree storeTree
	// snapshotsEnabled models the ListFromCacheSnapshot gate (beta on 1.34+).
	snapshotsEnabled bool
	minSnapshotRV    uint64
	// sizeBytes sums the SizeBytes of the live objects, so that the API
	// server's memory model can read the cache's footprint in O(1).
	sizeBytes int64
	// index is the store's indexer on the resource's trigger field (see
	// triggerIndex); nil for resources without one.
	index *triggerIndex
}

func newWatchCacheStore(snapshots bool, trigger string) *watchCacheStore {
	s := &watchCacheStore{tree: newStoreTree(), snapshotsEnabled: snapshots}
	if trigger != "" {
		s.index = newTriggerIndex(trigger)
	}
	return s
}

func (s *watchCacheStore) get(key string) (*am.Object, bool) {
	e, ok := s.tree.Get(storeElement{Key: key})
	if !ok {
		return nil, false
	}
	return e.Object, true
}

// apply writes e into the store and sets e.PrevObject to the object it
// replaced or deleted (if any): the tree's own insert or delete finds it,
// so the event costs one descent of the tree, not two.
func (s *watchCacheStore) apply(e *watchCacheEvent) {
	var old storeElement
	var found bool
	if e.Type == am.Deleted {
		old, found = s.tree.Delete(storeElement{Key: e.Key})
	} else {
		old, found = s.tree.ReplaceOrInsert(storeElement{Key: e.Key, Object: e.Object})
		s.sizeBytes += int64(e.Object.SizeBytes)
	}
	if found {
		e.PrevObject = old.Object
		s.sizeBytes -= int64(old.Object.SizeBytes)
	}
	if e.Type == am.Deleted {
		s.index.update(e.Key, e.PrevObject, nil)
		return
	}
	s.index.update(e.Key, e.PrevObject, e.Object)
}

// storeBuild is a relist's new store contents, built away from the store
// page by page (the live store keeps serving meanwhile) and swapped in
// whole by replace. Its trigger index and size grow with each insert, so
// the swap is O(1): rebuilding the index of 150,000 pods at the swap was
// one step of ~60 ms natively.
type storeBuild struct {
	tree      storeTree
	index     *triggerIndex
	sizeBytes int64
}

// newBuild starts an empty build with the store's kind of index.
func (s *watchCacheStore) newBuild() *storeBuild {
	b := &storeBuild{tree: newStoreTree()}
	if s.index != nil {
		b.index = newTriggerIndex(s.index.field)
	}
	return b
}

// insert puts o under key (a list names each key once; a repeat
// replaces the earlier object, as the tree does).
func (b *storeBuild) insert(key string, o *am.Object) {
	old, found := b.tree.ReplaceOrInsert(storeElement{Key: key, Object: o})
	b.sizeBytes += int64(o.SizeBytes)
	var prev *am.Object
	if found {
		prev = old.Object
		b.sizeBytes -= int64(prev.SizeBytes)
	}
	b.index.update(key, prev, o)
}

// replace swaps in a relist's build; snapshots restart at rv.
func (s *watchCacheStore) replace(b *storeBuild, rv uint64) {
	s.tree, s.index, s.sizeBytes = b.tree, b.index, b.sizeBytes
	s.minSnapshotRV = rv
}

// undo reverts one event on tree: the previous object comes back, or the
// key disappears if the event created it.
func undo(tree storeTree, e *watchCacheEvent) {
	if e.PrevObject != nil {
		tree.ReplaceOrInsert(storeElement{Key: e.Key, Object: e.PrevObject})
		return
	}
	tree.Delete(storeElement{Key: e.Key})
}

// listPrefix visits elements of tree with key >= from under prefix (which
// ends in "/"), in key order, until visit returns false.
func listPrefix(tree storeTree, prefix, from string, visit func(storeElement) bool) {
	if from < prefix {
		from = prefix
	}
	tree.AscendGreaterOrEqual(storeElement{Key: from}, func(e storeElement) bool {
		if !strings.HasPrefix(e.Key, prefix) {
			return false
		}
		return visit(e)
	})
}

// listResourcePrefix is listPrefix under the resource's own KeyPrefix,
// which every key of the cacher's tree starts with (Resource.Key), so the
// prefix test is skipped: comparing "/registry/pods/" against 150,000
// keys per page was 15% of a 5,000-node run. Other prefixes (one
// namespace) take listPrefix.
func (c *Cacher) listResourcePrefix(tree storeTree, prefix, from string, visit func(storeElement) bool) {
	if prefix != c.resource.KeyPrefix() {
		listPrefix(tree, prefix, from, visit)
		return
	}
	if from <= prefix {
		// The whole tree: no pivot, which google/btree would binary-search
		// again in every node it enters.
		tree.Ascend(visit)
		return
	}
	tree.AscendGreaterOrEqual(storeElement{Key: from}, visit)
}
