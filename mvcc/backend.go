package mvcc

import (
	"math"
	"slices"
	"sort"
	"strconv"
)

// backendRecord is one row of etcd's bbolt bucket "key": the revision is
// the row key (17 bytes: 8-byte main, '_', 8-byte sub, plus a trailing 't'
// for a tombstone) and the value is the marshalled KeyValue. A tombstone's
// KeyValue carries only the key.
//
// The row holds no pointers, so the garbage collector never scans the
// backend's chunks: the key is the id of its keyIndex (whose key bytes
// every revision shares, see keySlab), the value lives in the backend's
// byteArena (a tombstone, which has none, says so there: tombstoneRef),
// and the mod revision is the row's main revision. The create revision is
// not stored either: it is the first revision of the row's generation in
// the keyIndex (keyIndex.at). store.rowKV rebuilds the KeyValue. 40 bytes
// a row: a txn's sub revisions and a key's versions fit in 32 bits.
type backendRecord struct {
	main    int64
	lease   int64
	value   arenaRef
	key     uint32 // keyIndex id
	bytes   uint32 // size(): fixed when written
	sub     uint32
	version uint32 // 0 for a tombstone
}

// newRow starts the row of revision rev; it panics when rev.Sub or ver
// does not fit the row (a txn of four billion operations, a key written
// four billion times).
func newRow(rev Revision, key uint32, ver int64) backendRecord {
	if uint64(rev.Sub) > math.MaxUint32 || uint64(ver) > math.MaxUint32 {
		panic("mvcc: revision " + rev.String() + " or version " + strconv.FormatInt(ver, 10) + " does not fit a backend row")
	}
	return backendRecord{main: rev.Main, sub: uint32(rev.Sub), key: key, version: uint32(ver)}
}

// revision is the row's key: its main and sub revision.
func (r *backendRecord) revision() Revision { return Revision{Main: r.main, Sub: int64(r.sub)} }

// tombstoneRef is the value of a tombstone row; no arena holds it.
var tombstoneRef = arenaRef{chunk: arenaTombstone}

func (r *backendRecord) tombstone() bool { return r.value == tombstoneRef }

// revKeyBytes is the length of a backend row key; tombstones add one byte.
const revKeyBytes = 17

// boltElementOverhead estimates bbolt's per-row bookkeeping (a leaf page
// element header is 16 bytes).
const boltElementOverhead = 16

// A brand-new default etcd 3.6.16 member's data file is 5 bbolt pages
// (20,480 bytes, "20 kB" in `etcdctl endpoint status`) of which 4 are in use
// (16,384 bytes, "16 kB", so 20% not in use), as measured on a fresh member
// (conformance/live); its first small writes fit in those pages. The used bytes start 3.5 KiB below the 4 pages and are
// shown rounded up to whole pages. Estimates, not a measured law: bbolt's
// page splits make a real file grow faster than its rows (50 puts of 1 KB:
// 26 pages on the real member, 17 here).
const (
	freshDBBytes     = 16384 - 3584
	freshDBFileBytes = 20480
	// dbPage is bbolt's page size: the file and its used part are whole pages.
	dbPage = 4096
)

// pages rounds n up to whole bbolt pages.
func pages(n int64) int64 { return (n + dbPage - 1) / dbPage * dbPage }

// rowSize estimates the bytes the row of kv occupies in the bbolt file.
func rowSize(kv *KeyValue, tombstone bool) uint32 {
	n := revKeyBytes + sizeKeyValue(kv) + boltElementOverhead
	if tombstone {
		n++
	}
	return uint32(n)
}

func (r *backendRecord) size() int64 { return int64(r.bytes) }

// backendChunkRows is how many rows one chunk of the backend holds.
const backendChunkRows = 4096

// backend is the simulated bbolt file: rows ordered by revision, and the
// file-size accounting. Writes always carry a revision above every stored
// one, so rows only ever append at the end; compaction removes rows from
// the old part. Rows live in chunks of up to 4096 so that growth never
// copies the whole history:
//
//	chunks: [2.0 … 4097.0] [4098.0 … 8193.0] [8194.0 … ]   <- appends go here
//
// Like bbolt, the file never shrinks when rows are deleted (freed pages are
// reused); only a defragmentation returns the space. So size is a
// high-water mark, and inUse follows the rows.
type backend struct {
	chunks    [][]backendRecord // non-empty, ascending within and across chunks
	values    byteArena         // the rows' values
	rows      int
	inUse     int64 // freshDBBytes + size of every stored row
	size      int64 // file size: the high-water mark of inUse
	compacted int64 // rows deleted by compaction so far (a counter metric)
}

func newBackend() *backend {
	b := &backend{inUse: freshDBBytes, size: freshDBFileBytes}
	b.values.freezes = true
	return b
}

func (b *backend) lastRev() (Revision, bool) {
	if len(b.chunks) == 0 {
		return Revision{}, false
	}
	last := b.chunks[len(b.chunks)-1]
	return last[len(last)-1].revision(), true
}

func (b *backend) put(r backendRecord) {
	if last, ok := b.lastRev(); ok && !r.revision().GreaterThan(last) {
		panic("mvcc: backend write at " + r.revision().String() + " not above " + last.String())
	}
	n := len(b.chunks)
	if n == 0 || len(b.chunks[n-1]) >= backendChunkRows {
		b.chunks = append(b.chunks, make([]backendRecord, 0, backendChunkRows))
		n++
	}
	b.chunks[n-1] = append(b.chunks[n-1], r)
	b.rows++
	b.inUse += r.size()
	if b.inUse > b.size {
		b.size = b.inUse
	}
}

// locate returns the chunk and offset of the first row with revision >= rev
// (len(chunks), 0 if none).
func (b *backend) locate(rev Revision) (ci, i int) {
	ci = sort.Search(len(b.chunks), func(c int) bool {
		ch := b.chunks[c]
		return !rev.GreaterThan(ch[len(ch)-1].revision())
	})
	if ci == len(b.chunks) {
		return ci, 0
	}
	ch := b.chunks[ci]
	return ci, sort.Search(len(ch), func(j int) bool { return !rev.GreaterThan(ch[j].revision()) })
}

func (b *backend) get(rev Revision) (backendRecord, bool) {
	if ci, i := b.locate(rev); ci < len(b.chunks) && b.chunks[ci][i].revision() == rev {
		return b.chunks[ci][i], true
	}
	return backendRecord{}, false
}

// row returns the stored row at rev for an update in place (nil if none);
// valid until the next put or compaction batch.
func (b *backend) row(rev Revision) *backendRecord {
	if ci, i := b.locate(rev); ci < len(b.chunks) && b.chunks[ci][i].revision() == rev {
		return &b.chunks[ci][i]
	}
	return nil
}

// visitRows calls f with every stored row with from <= rev < to, in
// revision order, for an update in place.
func (b *backend) visitRows(from, to Revision, f func(r *backendRecord)) {
	ci, i := b.locate(from)
	for ; ci < len(b.chunks); ci, i = ci+1, 0 {
		ch := b.chunks[ci]
		for j := i; j < len(ch); j++ {
			if !to.GreaterThan(ch[j].revision()) {
				return
			}
			f(&ch[j])
		}
	}
}

// ascend calls f for every row with from <= rev < to, in revision order.
func (b *backend) ascend(from, to Revision, f func(r backendRecord) bool) {
	ci, i := b.locate(from)
	for ; ci < len(b.chunks); ci, i = ci+1, 0 {
		for _, r := range b.chunks[ci][i:] {
			if !to.GreaterThan(r.revision()) || !f(r) {
				return
			}
		}
	}
}

// compactBatch scans up to limit rows with from <= rev < to and deletes
// those drop says to, as one bbolt batch. It returns how many rows it
// scanned and the last one. drop may update a row it keeps (its value's
// place in the arena).
func (b *backend) compactBatch(from, to Revision, limit int, drop func(r *backendRecord) bool) (scanned int, last Revision) {
	ci, i := b.locate(from)
	for ; ci < len(b.chunks); ci, i = ci+1, 0 {
		ch := b.chunks[ci]
		kept, j := ch[:i], i
		for ; j < len(ch) && scanned < limit && to.GreaterThan(ch[j].revision()); j++ {
			scanned, last = scanned+1, ch[j].revision()
			if drop(&ch[j]) {
				b.inUse -= ch[j].size()
				b.compacted++
				b.rows--
				continue
			}
			kept = append(kept, ch[j])
		}
		exhausted := j == len(ch)
		kept = append(kept, ch[j:]...)
		clear(ch[len(kept):])
		b.chunks[ci] = b.shrink(kept, ci == len(b.chunks)-1)
		if !exhausted || scanned >= limit {
			break
		}
	}
	b.chunks = slices.DeleteFunc(b.chunks, func(ch []backendRecord) bool { return len(ch) == 0 })
	return scanned, last
}

// shrink gives a mostly emptied old chunk back its unused memory.
func (b *backend) shrink(ch []backendRecord, active bool) []backendRecord {
	if active || len(ch) >= cap(ch)/2 {
		return ch
	}
	return slices.Clone(ch)
}

// defragment shrinks the file to the rows in use.
func (b *backend) defragment() { b.size = b.inUse }
