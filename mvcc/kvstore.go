package mvcc

// store is etcd's MVCC key-value store (server/storage/mvcc/kvstore.go): the
// key index, the backend rows, the current revision and the compaction
// revision. It knows nothing about watchers; watchableStore wraps it.
//
// The store starts at revision 1 with nothing in it (compactMainRev -1),
// so the first write gets revision 2.
type store struct {
	index   *treeIndex
	backend *backend
	sched   *scheduler
	le      *lessor // leases and the keys attached to them

	currentRev     int64 // the revision of the last write txn that changed something
	compactMainRev int64 // reads and watches below this revision fail; -1: never compacted

	compaction compactionQueue
	counters   opCounters

	scratchRefs []revRef         // reused by every range
	scratchKeys []*keyIndex      // reused by every delete
	scratchRows []*backendRecord // reused by freezeChunk
	freezeRetry []uint32         // value chunks left raw as mostly current, to retry
	nextRetry   int              // the seal count of the next retry
	memos       pageMemos        // limited ranges' counts, for their next pages
}

// revRef is a revision found by a range, with its keyIndex.
type revRef struct {
	rev Revision
	ki  *keyIndex
}

// opCounters are etcd's op counters (metrics_txn.go): each read or write
// txn adds its ranges, puts and deletes, and a txn of more than one op
// counts as a txn.
type opCounters struct {
	puts, deletes, ranges, txns int64
}

func newStore(sched *scheduler) *store {
	return &store{
		index:          newTreeIndex(),
		backend:        newBackend(),
		sched:          sched,
		le:             newLessor(),
		currentRev:     1,
		compactMainRev: -1,
	}
}

// Rev is the current revision.
func (s *store) Rev() int64 { return s.currentRev }

// rangeResult is what a range returns at the MVCC layer: the KVs (at most
// the limit), the number of live keys in range, and the txn's revision.
type rangeResult struct {
	kvs   []KeyValue
	count int
	rev   int64
}

// rangeOptions: limit <= 0 means no limit; rev <= 0 means the current one;
// count skips fetching values.
type rangeOptions struct {
	limit int64
	rev   int64
	count bool
}

// rangeKeys reads [key, end) as of ro.rev inside a txn whose own revision
// is curRev. The checks run in etcd's order: a future revision first, then
// a compacted one (strictly below the compaction revision; reading exactly
// at it works).
func (s *store) rangeKeys(key, end []byte, curRev int64, ro rangeOptions) (rangeResult, error) {
	rev := ro.rev
	if rev > curRev {
		return rangeResult{count: -1, rev: curRev}, ErrFutureRev
	}
	if rev <= 0 {
		rev = curRev
	}
	if rev < s.compactMainRev {
		return rangeResult{count: -1}, ErrCompacted
	}
	dirCount, dir := s.index.dirs.count(key, end, rev)
	if ro.count {
		if dir {
			return rangeResult{count: dirCount, rev: curRev}, nil
		}
		return rangeResult{count: s.index.CountRevisions(key, end, rev), rev: curRev}, nil
	}
	res := rangeResult{rev: curRev}
	found := s.scratchRefs[:0] // reused: a range allocates only its result
	memo, known, cont := s.memos.find(key, end, rev)
	if !cont && dir {
		known, cont = dirCount, true // a directory's count is kept (live_count.go)
	}
	if ro.limit > 0 && cont {
		res.count = known // walk only the page (page_memo.go)
		s.index.visit(key, end, func(ki *keyIndex) bool {
			if r, _, _, err := ki.get(rev); err == nil {
				found = append(found, revRef{r, ki})
			}
			return int64(len(found)) < ro.limit
		})
	} else {
		s.index.visitLive(key, end, rev, func(r Revision, ki *keyIndex) {
			res.count++
			if ro.limit <= 0 || int64(len(found)) < ro.limit {
				found = append(found, revRef{r, ki})
			}
		})
	}
	if ro.limit > 0 && end != nil && len(found) > 0 && res.count > len(found) {
		var prev []byte
		if len(found) > 1 {
			prev = found[len(found)-2].ki.key
		}
		s.memos.slot(memo).remember(prev, found[len(found)-1].ki.key, end, rev, res.count-len(found))
	}
	if len(found) > 0 {
		res.kvs = make([]KeyValue, len(found))
		for i, ref := range found {
			res.kvs[i] = s.valueAt(ref.rev, ref.ki)
		}
	}
	clear(found)
	s.scratchRefs = found[:0]
	return res, nil
}

// valueAt returns the KeyValue stored at rev for ki: the cached newest one,
// or the backend row.
func (s *store) valueAt(rev Revision, ki *keyIndex) KeyValue {
	if rev == ki.latestRev {
		return ki.latestKV(&s.backend.values)
	}
	row, ok := s.backend.get(rev)
	if !ok {
		panic("mvcc: range failed to find revision pair " + rev.String())
	}
	return s.rowKV(&row)
}

// rowKV rebuilds the KeyValue a backend row stores. Key and Value are
// shared with the store: read-only for everyone.
//
// A row that compaction dropped from the key index but whose batch has not
// deleted it yet (only History reads those) has lost its create revision:
// it reads as 0.
func (s *store) rowKV(r *backendRecord) KeyValue {
	ki := s.index.byID(r.key)
	kv := KeyValue{Key: ki.key}
	if !r.tombstone() {
		created, _, _ := ki.at(r.revision())
		kv.CreateRevision, kv.ModRevision, kv.Version = created, r.main, int64(r.version)
		kv.Value, kv.Lease = s.backend.values.bytes(r.value), r.lease
	}
	return kv
}
