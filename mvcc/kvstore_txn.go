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

// get reads one key as of rev (<= 0: as of this txn), as Range of that
// key alone would, without building a result slice; false when the key
// does not exist then.
func (tw *storeTxn) get(key []byte, rev int64) (KeyValue, bool, error) {
	tw.ranges++
	curRev := tw.Rev()
	switch {
	case rev > curRev:
		return KeyValue{}, false, ErrFutureRev
	case rev <= 0:
		rev = curRev
	}
	if rev < tw.s.compactMainRev {
		return KeyValue{}, false, ErrCompacted
	}
	ki, ok := tw.s.index.keyIndex(key)
	if !ok {
		return KeyValue{}, false, nil
	}
	r, _, _, err := ki.get(rev)
	if err != nil {
		return KeyValue{}, false, nil
	}
	return tw.s.valueAt(r, ki), true, nil
}

// Put writes key=value and returns the write's revision. The key is
// copied once per keyIndex (into the index's key arena), the value into
// the backend's arena.
func (tw *storeTxn) Put(key, value []byte, lease int64) int64 {
	tw.puts++
	rev := tw.beginRev + 1
	created, ver := rev, int64(0)
	ki, found := tw.s.index.keyIndex(key)
	live := false
	if found {
		if _, c, v, err := ki.get(rev); err == nil {
			created, ver, live = c.Main, v, true
		}
	} else {
		ki = tw.s.index.insert(key)
	}
	if !live {
		tw.s.index.dirs.change(ki.key, 1, rev)
	}
	tw.s.le.attach(ki.key, lease)
	kv := KeyValue{Key: ki.key, Value: value, CreateRevision: created, ModRevision: rev, Version: ver + 1, Lease: lease}
	row := newRow(Revision{Main: rev, Sub: int64(len(tw.changes))}, ki.id, ver+1)
	row.lease, row.bytes = lease, rowSize(&kv, false)
	row.value = tw.s.backend.values.add(value)
	tw.s.backend.put(row)
	tw.s.index.addRow(ki)
	ki.put(row.main, int64(row.sub)) // one index lookup per put
	ki.setLatest(&row)
	kv.Value = tw.s.backend.values.bytes(row.value)
	tw.changes = append(tw.changes, kv)
	tw.tombs = append(tw.tombs, false)
	tw.s.noteValue(row.value, rev)
	tw.s.freezeValues()
	return rev
}

// DeleteRange deletes every key in range live in this txn and returns how
// many it deleted and the txn revision (unchanged when nothing at all was
// written: deleting a missing key does not bump the revision).
func (tw *storeTxn) DeleteRange(key, end []byte) (n, rev int64) {
	tw.deletes++
	kis := tw.s.index.live(tw.s.scratchKeys[:0], key, end, tw.Rev())
	for _, ki := range kis {
		tw.delete(ki)
	}
	clear(kis)
	tw.s.scratchKeys = kis[:0]
	if len(kis) != 0 || len(tw.changes) > 0 {
		return int64(len(kis)), tw.beginRev + 1
	}
	return 0, tw.beginRev
}

// delete writes a tombstone row (a KeyValue with only the key) and marks
// the key index.
func (tw *storeTxn) delete(ki *keyIndex) {
	kv := KeyValue{Key: ki.key}
	row := newRow(Revision{Main: tw.beginRev + 1, Sub: int64(len(tw.changes))}, ki.id, 0)
	row.value, row.bytes = tombstoneRef, rowSize(&kv, true)
	tw.s.backend.put(row)
	tw.s.index.addRow(ki)
	if err := ki.tombstone(row.main, int64(row.sub)); err != nil {
		panic("mvcc: failed to tombstone an existing key " + string(ki.key) + ": " + err.Error())
	}
	tw.s.index.dirs.change(ki.key, -1, row.main)
	tw.s.le.detach(ki.key)
	tw.changes = append(tw.changes, kv)
	tw.tombs = append(tw.tombs, true)
}

// end finishes the txn: bump the revision if anything changed and add the
// txn's ops to the counters. With wantEvents it returns the txn's changes
// as watch events (deletions with mod_revision patched to the deletion
// revision), appended to buf; without synced watchers nobody needs them.
func (tw *storeTxn) end(wantEvents bool, buf []Event) (rev int64, evs []Event) {
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
	evs = buf
	for i, kv := range tw.changes {
		ev := Event{Type: PUT, Kv: kv}
		if tw.tombs[i] {
			ev.Type = DELETE
			ev.Kv.ModRevision = rev
		}
		evs = append(evs, ev)
	}
	return rev, evs
}

func cloneBytes(b []byte) []byte {
	if b == nil {
		return nil
	}
	return append(make([]byte, 0, len(b)), b...)
}
