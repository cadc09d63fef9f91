package mvcc

import "github.com/google/btree"

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
// file-size accounting. Like bbolt, the file never shrinks when rows are
// deleted (the freed pages are reused); only a defragmentation returns the
// space, so DbSize is a high-water mark and DbSizeInUse follows the rows.
type backend struct {
	rows      *btree.BTreeG[backendRecord]
	inUse     int64 // freshDBBytes + size of every stored row
	size      int64 // file size: the high-water mark of inUse
	compacted int64 // rows deleted by compaction so far (a counter metric)
}

func newBackend() *backend {
	return &backend{
		rows: btree.NewG(btreeDegree, func(a, b backendRecord) bool {
			return b.rev.GreaterThan(a.rev)
		}),
		inUse: freshDBBytes,
		size:  freshDBBytes,
	}
}

func (b *backend) put(r backendRecord) {
	b.rows.ReplaceOrInsert(r)
	b.inUse += r.size()
	if b.inUse > b.size {
		b.size = b.inUse
	}
}

func (b *backend) get(rev Revision) (backendRecord, bool) {
	return b.rows.Get(backendRecord{rev: rev})
}

func (b *backend) delete(rev Revision) {
	if r, ok := b.rows.Delete(backendRecord{rev: rev}); ok {
		b.inUse -= r.size()
		b.compacted++
	}
}

// ascend calls f for every row with from <= rev < to, in revision order.
func (b *backend) ascend(from, to Revision, f func(r backendRecord) bool) {
	b.rows.AscendRange(backendRecord{rev: from}, backendRecord{rev: to}, f)
}

// defragment shrinks the file to the rows in use.
func (b *backend) defragment() { b.size = b.inUse }
