package watchcache

import (
	"sort"
	"strings"

	"github.com/google/btree"

	am "watchscope/apimachinery"
)

// btreeDegree is the degree of the store's B-tree (store_btree.go).
const btreeDegree = 16

// storeElement is one current object in the store, ordered by key.
type storeElement struct {
	Key    string
	Object *am.Object
}

func lessElement(a, b *storeElement) bool { return a.Key < b.Key }

// storeTree is the ordered current state (BtreeWatchCache, GA 1.33).
type storeTree = *btree.BTreeG[*storeElement]

func newStoreTree() storeTree { return btree.NewG(btreeDegree, lessElement) }

// snapshot is one cheap copy of the store, taken after the event with
// this RV (ListFromCacheSnapshot, C10). Clone is O(1): both trees share
// nodes and copy them lazily on write.
type snapshot struct {
	rv   uint64
	tree storeTree
}

// watchCacheStore is the current state plus the snapshots, oldest first:
//
//	snapshots: [rv 10][rv 11][rv 14] ... [rv 97]   store (live) == state at rv 97
//
// A LIST exact at RV N reads the greatest snapshot with rv <= N.
type watchCacheStore struct {
	tree      storeTree
	snapshots []snapshot
	// snapshotsEnabled models the ListFromCacheSnapshot gate (beta on 1.34+).
	snapshotsEnabled bool
}

func newWatchCacheStore(snapshots bool) *watchCacheStore {
	return &watchCacheStore{tree: newStoreTree(), snapshotsEnabled: snapshots}
}

func (s *watchCacheStore) get(key string) (*am.Object, bool) {
	e, ok := s.tree.Get(&storeElement{Key: key})
	if !ok {
		return nil, false
	}
	return e.Object, true
}

func (s *watchCacheStore) apply(e *watchCacheEvent) {
	if e.Type == am.Deleted {
		s.tree.Delete(&storeElement{Key: e.Key})
		return
	}
	s.tree.ReplaceOrInsert(&storeElement{Key: e.Key, Object: e.Object})
}

// replace swaps in a fresh tree (relist) and resets the snapshots to one at rv.
func (s *watchCacheStore) replace(tree storeTree, rv uint64) {
	s.tree = tree
	s.snapshots = s.snapshots[:0]
	s.addSnapshot(rv)
}

func (s *watchCacheStore) addSnapshot(rv uint64) {
	if !s.snapshotsEnabled {
		return
	}
	s.snapshots = append(s.snapshots, snapshot{rv: rv, tree: s.tree.Clone()})
}

// removeSnapshotsLess drops snapshots older than rv (when the ring is
// full, snapshots older than its oldest event are useless).
func (s *watchCacheStore) removeSnapshotsLess(rv uint64) {
	i := sort.Search(len(s.snapshots), func(i int) bool { return s.snapshots[i].rv >= rv })
	if i > 0 {
		s.snapshots = append(s.snapshots[:0:0], s.snapshots[i:]...)
	}
}

// snapshotAt returns the greatest snapshot with rv <= want.
func (s *watchCacheStore) snapshotAt(want uint64) (snapshot, bool) {
	i := sort.Search(len(s.snapshots), func(i int) bool { return s.snapshots[i].rv > want })
	if i == 0 {
		return snapshot{}, false
	}
	return s.snapshots[i-1], true
}

// listPrefix visits elements of tree with key >= from under prefix (which
// ends in "/"), in key order, until visit returns false.
func listPrefix(tree storeTree, prefix, from string, visit func(*storeElement) bool) {
	if from < prefix {
		from = prefix
	}
	tree.AscendGreaterOrEqual(&storeElement{Key: from}, func(e *storeElement) bool {
		if !strings.HasPrefix(e.Key, prefix) {
			return false
		}
		return visit(e)
	})
}
