package mvcc

import (
	"bytes"

	"github.com/google/btree"
)

// treeIndex maps every key to its keyIndex, ordered by key bytes, in a
// B-tree of degree 32 as etcd does. Reads at a revision ask the index which
// revision of each key was live then, and fetch that revision's value from
// the backend.
//
//	treeIndex (btree, by key)          backend (btree, by revision)
//	  "a" -> {2.0 4.0}          ---->    2.0 -> a=1   4.0 -> a=2
//	  "b" -> {3.0 5.0(t)} {6.0} ---->    3.0 -> b=1   5.0 -> b (tombstone)  6.0 -> b=x
//
// byKey finds the same keyIndexes by key for point lookups (a put or get
// of one key): the tree's comparisons chase two pointers per step, which
// dominates a put on a large store. The tree stays the source of order.
// byKey is a keyTable of ids, so a key's bytes are held once, not twice.
//
// The keyIndexes themselves live in a keySlab, which also finds one by the
// id a backend row stores, and their key bytes in a byteArena (keys): no
// heap object per key. Keys whose chunk has lost most of its keys move out
// at compaction (Compact), so that the chunk can go.
type treeIndex struct {
	tree  *btree.BTreeG[*keyIndex]
	byKey keyTable
	slab  keySlab
	keys  byteArena
	pivot keyIndex // the search key of visit, reused
	// dirs counts the live keys under each directory (live_count.go).
	dirs liveCounts
	// visits counts the keyIndexes visit has handed out (tests check
	// which reads walk).
	visits int
}

const btreeDegree = 32

func newTreeIndex() *treeIndex {
	ti := &treeIndex{
		tree: btree.NewG(btreeDegree, func(a, b *keyIndex) bool {
			return bytes.Compare(a.key, b.key) < 0
		}),
	}
	ti.byKey.slab = &ti.slab
	return ti
}

func (ti *treeIndex) keyIndex(key []byte) (*keyIndex, bool) { return ti.byKey.find(key) }

// insert adds a new keyIndex for key (which must not be indexed yet),
// with a copy of key in the key arena. Those bytes never change: every
// KeyValue of the key shares them.
func (ti *treeIndex) insert(key []byte) *keyIndex {
	ki := ti.slab.alloc()
	ki.keyRef = ti.keys.add(key)
	ki.key = ti.keys.bytes(ki.keyRef)
	ti.tree.ReplaceOrInsert(ki)
	ti.byKey.insert(ki.key, ki.id)
	return ki
}

// moveKey copies ki's key into the key arena's active chunk, so that its
// old chunk can go (byKey names the id, so it is not touched).
func (ti *treeIndex) moveKey(ki *keyIndex) {
	ki.keyRef = ti.keys.move(ki.keyRef)
	ki.key = ti.keys.bytes(ki.keyRef)
}

// free gives back the slot and key bytes of a keyIndex that has left the
// tree and that no backend row names any more.
func (ti *treeIndex) free(ki *keyIndex) {
	ti.keys.release(ki.keyRef)
	ti.slab.release(ki)
}

// byID returns the keyIndex a backend row names.
func (ti *treeIndex) byID(id uint32) *keyIndex { return ti.slab.at(id) }

// addRow counts one more backend row naming ki.
func (ti *treeIndex) addRow(ki *keyIndex) { ki.rows++ }

// dropRow counts one row of ki fewer; a keyIndex out of the tree with no
// rows left is freed. Out of the tree means empty: a keyIndex in the tree
// always holds a revision, and Compact removes every one it empties.
func (ti *treeIndex) dropRow(id uint32) {
	ki := ti.slab.at(id)
	ki.rows--
	if ki.rows == 0 && ki.isEmpty() {
		ti.free(ki)
	}
}

// visit calls f for every keyIndex in [key, end); an empty non-nil end means
// "every key >= key".
func (ti *treeIndex) visit(key, end []byte, f func(ki *keyIndex) bool) {
	ti.pivot.key = key
	ti.tree.AscendGreaterOrEqual(&ti.pivot, func(ki *keyIndex) bool {
		if len(end) > 0 && bytes.Compare(ki.key, end) >= 0 {
			return false
		}
		ti.visits++
		return f(ki)
	})
	ti.pivot.key = nil
}

// Revisions returns, in key order, the revision live at atRev of each key
// in range (end nil: the single key), at most limit of them (limit <= 0: no
// limit), and the total number of live keys in range.
func (ti *treeIndex) Revisions(key, end []byte, atRev int64, limit int) (revs []Revision, total int) {
	if end == nil {
		ki, ok := ti.keyIndex(key)
		if !ok {
			return nil, 0
		}
		rev, _, _, err := ki.get(atRev)
		if err != nil {
			return nil, 0
		}
		return []Revision{rev}, 1
	}
	ti.visit(key, end, func(ki *keyIndex) bool {
		if rev, _, _, err := ki.get(atRev); err == nil {
			if limit <= 0 || len(revs) < limit {
				revs = append(revs, rev)
			}
			total++
		}
		return true
	})
	return revs, total
}

// visitLive calls f, in key order, with the revision live at atRev of
// every key in range (end nil: the single key) and its keyIndex.
func (ti *treeIndex) visitLive(key, end []byte, atRev int64, f func(rev Revision, ki *keyIndex)) {
	if end == nil {
		if ki, ok := ti.keyIndex(key); ok {
			if rev, _, _, err := ki.get(atRev); err == nil {
				f(rev, ki)
			}
		}
		return
	}
	ti.visit(key, end, func(ki *keyIndex) bool {
		if rev, _, _, err := ki.get(atRev); err == nil {
			f(rev, ki)
		}
		return true
	})
}

// CountRevisions counts the keys in range live at atRev.
func (ti *treeIndex) CountRevisions(key, end []byte, atRev int64) int {
	_, total := ti.Revisions(key, end, atRev, 1)
	return total
}

// live appends to kis the keyIndexes of the keys in range live at atRev.
func (ti *treeIndex) live(kis []*keyIndex, key, end []byte, atRev int64) []*keyIndex {
	ti.visitLive(key, end, atRev, func(_ Revision, ki *keyIndex) { kis = append(kis, ki) })
	return kis
}

// Compact compacts every keyIndex at rev, drops those left empty and moves
// keys out of sparse chunks. The backend rows at or below rev to keep are
// then those keepsRow names.
func (ti *treeIndex) Compact(rev int64) {
	var empty []*keyIndex
	ti.tree.Ascend(func(ki *keyIndex) bool {
		ki.compact(rev, nil)
		switch {
		case ki.isEmpty():
			empty = append(empty, ki)
		case ti.keys.sparse(ki.keyRef):
			ti.moveKey(ki)
		}
		return true
	})
	for _, ki := range empty {
		ti.tree.Delete(ki)
		ti.byKey.delete(ki.key, ki.id)
		if ki.rows == 0 {
			ti.free(ki)
		}
	}
}

// compactKey compacts the keyIndex a backend row at or below rev names,
// at rev (again: a no-op), unless it has already left the tree. One that
// compaction empties leaves the tree now (its slot goes with its last
// row, dropRow); a kept key in a sparse chunk moves out of it.
func (ti *treeIndex) compactKey(id uint32, rev int64) {
	ki := ti.slab.at(id)
	if ki.isEmpty() {
		return
	}
	ki.compact(rev, nil)
	switch {
	case ki.isEmpty():
		ti.tree.Delete(ki)
		ti.byKey.delete(ki.key, ki.id)
	case ti.keys.sparse(ki.keyRef):
		ti.moveKey(ki)
	}
}

// keepsRow reports whether a compaction at R, after compactKey(r.key, R)
// (or Compact(R)), keeps the backend row r at or below R: the one revision at or below R that a key
// keeps is its oldest stored one, and an emptied key keeps none. (etcd
// collects these revisions into a set; for ~200,000 keys that set cost
// more than the whole index walk, in the one step that compacts.)
func (ti *treeIndex) keepsRow(r *backendRecord) bool {
	ki := ti.slab.at(r.key)
	return !ki.isEmpty() && ki.generations[0].revs[0] == r.revision()
}
