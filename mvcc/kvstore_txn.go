package mvcc

// storeTxn is one MVCC transaction (kvstore_txn.go storeTxnWrite, with
// metrics_txn.go's counting). A read-only txn never writes. A write txn
// writes every change at main revision beginRev+1 with sub revisions
// 0, 1, 2, ... in order, and moves the store's revision only if it recorded
// at least one change.
type storeTxn struct {
	s        *store
	beginRev int64
	changes  []KeyValue // one per put or deleted key, in sub-revision order
	tombs    []bool     // tombs[i]: changes[i] is a deletion

	ranges, puts, deletes int64 // ops seen, for the op counters
}

func (s *store) txn() *storeTxn { return &storeTxn{s: s, beginRev: s.currentRev} }

// Rev is the revision the txn reads at: beginRev, or beginRev+1 once it has
// written something (so a range after a put inside one txn sees the put).
func (tw *storeTxn) Rev() int64 {
	if len(tw.changes) > 0 {
		return tw.beginRev + 1
	}
	return tw.beginRev
}

// Range reads keys as of ro.rev (<= 0: as of this txn).
func (tw *storeTxn) Range(key, end []byte, ro rangeOptions) (rangeResult, error) {
	tw.ranges++
	return tw.s.rangeKeys(key, end, tw.Rev(), ro)
}

// Put writes key=value and returns the write's revision.
func (tw *storeTxn) Put(key, value []byte, lease int64) int64 {
	tw.puts++
	rev := tw.beginRev + 1
	created, ver := rev, int64(0)
	ki, found := tw.s.index.keyIndex(key)
	storedKey := []byte(nil)
	if found {
		storedKey = ki.key // key bytes are immutable: every revision shares them
		if _, c, v, err := ki.get(rev); err == nil {
			created, ver = c.Main, v
		}
	} else {
		storedKey = cloneBytes(key)
	}
	kv := KeyValue{
		Key:            storedKey,
		Value:          cloneBytes(value),
		CreateRevision: created,
		ModRevision:    rev,
		Version:        ver + 1,
		Lease:          lease,
	}
	idxRev := Revision{Main: rev, Sub: int64(len(tw.changes))}
	tw.s.backend.put(backendRecord{rev: idxRev, kv: kv})
	if !found {
		ki = tw.s.index.insert(kv.Key)
	}
	ki.put(idxRev.Main, idxRev.Sub) // one index lookup per put
	ki.setLatest(idxRev, kv)
	tw.changes = append(tw.changes, kv)
	tw.tombs = append(tw.tombs, false)
	return rev
}

// DeleteRange deletes every key in range live in this txn and returns how
// many it deleted and the txn revision (unchanged when nothing at all was
// written: deleting a missing key does not bump the revision).
func (tw *storeTxn) DeleteRange(key, end []byte) (n, rev int64) {
	tw.deletes++
	keys, _ := tw.s.index.Range(key, end, tw.Rev())
	for _, k := range keys {
		tw.delete(k)
	}
	if len(keys) != 0 || len(tw.changes) > 0 {
		return int64(len(keys)), tw.beginRev + 1
	}
	return 0, tw.beginRev
}

// delete writes a tombstone row (a KeyValue with only the key) and marks
// the key index.
func (tw *storeTxn) delete(key []byte) {
	idxRev := Revision{Main: tw.beginRev + 1, Sub: int64(len(tw.changes))}
	kv := KeyValue{Key: cloneBytes(key)}
	tw.s.backend.put(backendRecord{rev: idxRev, tombstone: true, kv: kv})
	if err := tw.s.index.Tombstone(kv.Key, idxRev); err != nil {
		panic("mvcc: failed to tombstone an existing key " + string(key) + ": " + err.Error())
	}
	tw.changes = append(tw.changes, kv)
	tw.tombs = append(tw.tombs, true)
}

// end finishes the txn: bump the revision if anything changed and add the
// txn's ops to the counters. With wantEvents it returns the txn's changes
// as watch events (deletions with mod_revision patched to the deletion
// revision); without synced watchers nobody needs them.
func (tw *storeTxn) end(wantEvents bool) (rev int64, evs []Event) {
	c := &tw.s.counters
	c.ranges += tw.ranges
	c.puts += tw.puts
	c.deletes += tw.deletes
	if tw.ranges+tw.puts+tw.deletes > 1 {
		c.txns++
	}
	if len(tw.changes) == 0 {
		return tw.beginRev, nil
	}
	rev = tw.beginRev + 1
	tw.s.currentRev = rev
	if !wantEvents {
		return rev, nil
	}
	evs = make([]Event, len(tw.changes))
	for i, kv := range tw.changes {
		evs[i] = Event{Type: PUT, Kv: kv}
		if tw.tombs[i] {
			evs[i].Type = DELETE
			evs[i].Kv.ModRevision = rev
		}
	}
	return rev, evs
}

func cloneBytes(b []byte) []byte {
	if b == nil {
		return nil
	}
	return append(make([]byte, 0, len(b)), b...)
}
