package mvcc

import (
	"slices"
	"sort"
)

// backendRecord is one row of etcd's bbolt bucket "key": the revision is
// the row key (17 bytes: 8-byte main, '_', 8-byte sub, plus a trailing 't'
// for a tombstone) and the value is the marshalled KeyValue. A tombstone's
// KeyValue carries only the key.
type backendRecord struct {
	rev       Revision
	tombstone bool
	kv        KeyValue
}

// revKeyBytes is the length of a backend row key; tombstones add one byte.
const revKeyBytes = 17

// boltElementOverhead estimates bbolt's per-row bookkeeping (a leaf page
// element header is 16 bytes).
const boltElementOverhead = 16

// freshDBBytes is the size of a brand-new etcd data file: `etcdctl endpoint
// status` shows 20 kB for an empty member. Estimate, not a measured law.
const freshDBBytes = 20480

// size estimates the bytes this row occupies in the bbolt file.
func (r *backendRecord) size() int64 {
	n := revKeyBytes + sizeKeyValue(&r.kv) + boltElementOverhead
	if r.tombstone {
		n++
	}
	return int64(n)
}

// backend is the simulated bbolt file: rows ordered by revision, and the
// file-size accounting. Writes always carry a revision above every stored
// one, so rows is a sorted slice that only grows at the end; compaction
// removes rows from the old part.
//
// Like bbolt, the file never shrinks when rows are deleted (freed pages are
// reused); only a defragmentation returns the space. So size is a
// high-water mark, and inUse follows the rows.
type backend struct {
	rows      []backendRecord
	inUse     int64 // freshDBBytes + size of every stored row
	size      int64 // file size: the high-water mark of inUse
	compacted int64 // rows deleted by compaction so far (a counter metric)
}

func newBackend() *backend {
	return &backend{inUse: freshDBBytes, size: freshDBBytes}
}

func (b *backend) put(r backendRecord) {
	if n := len(b.rows); n > 0 && !r.rev.GreaterThan(b.rows[n-1].rev) {
		panic("mvcc: backend write at " + r.rev.String() + " not above " + b.rows[n-1].rev.String())
	}
	b.rows = append(b.rows, r)
	b.inUse += r.size()
	if b.inUse > b.size {
		b.size = b.inUse
	}
}

// search returns the index of the first row with revision >= rev.
func (b *backend) search(rev Revision) int {
	return sort.Search(len(b.rows), func(i int) bool { return !rev.GreaterThan(b.rows[i].rev) })
}

func (b *backend) get(rev Revision) (backendRecord, bool) {
	if i := b.search(rev); i < len(b.rows) && b.rows[i].rev == rev {
		return b.rows[i], true
	}
	return backendRecord{}, false
}

// deleteIf removes, among the rows from index from to index to, those that
// drop says to; one pass, as bbolt deletes a batch in one txn.
func (b *backend) deleteIf(from, to int, drop func(r *backendRecord) bool) {
	kept := b.rows[:from]
	for i := from; i < to; i++ {
		if drop(&b.rows[i]) {
			b.inUse -= b.rows[i].size()
			b.compacted++
			continue
		}
		kept = append(kept, b.rows[i])
	}
	kept = append(kept, b.rows[to:]...)
	clear(b.rows[len(kept):])
	b.rows = kept
}

// ascend calls f for every row with from <= rev < to, in revision order.
func (b *backend) ascend(from, to Revision, f func(r backendRecord) bool) {
	for i := b.search(from); i < len(b.rows) && to.GreaterThan(b.rows[i].rev); i++ {
		if !f(b.rows[i]) {
			return
		}
	}
}

// defragment shrinks the file to the rows in use, and the slice with it.
func (b *backend) defragment() {
	b.size = b.inUse
	b.rows = slices.Clip(b.rows)
}
