package mvcc

import (
	"bytes"
	"errors"
	"fmt"
	"slices"
	"sort"
)

// naiveModel is a deliberately simple etcd history: every write ever made,
// in order, in a plain slice, with linear scans for every question. It is
// the reference the real store is checked against.
type naiveModel struct {
	recs    []modelRec
	rev     int64
	compact int64
}

type modelRec struct {
	main, sub int64
	tomb      bool
	kv        KeyValue // as a watch event carries it (a tombstone: key and mod revision only)
}

func newNaiveModel() *naiveModel { return &naiveModel{rev: 1, compact: -1} }

// stateAt is the live KeyValue of key as of revision rev, scanning every
// record (records of one revision count in sub order).
func (m *naiveModel) stateAt(key string, rev int64) (KeyValue, bool) {
	var kv KeyValue
	live := false
	for _, r := range m.recs {
		if r.main > rev || string(r.kv.Key) != key {
			continue
		}
		live = !r.tomb
		kv = r.kv
	}
	return kv, live
}

func (m *naiveModel) keys() []string {
	seen := map[string]bool{}
	var ks []string
	for _, r := range m.recs {
		if k := string(r.kv.Key); !seen[k] {
			seen[k] = true
			ks = append(ks, k)
		}
	}
	sort.Strings(ks)
	return ks
}

func inRange(k string, key, end []byte) bool {
	switch {
	case len(end) == 0:
		return k == string(key)
	case len(end) == 1 && end[0] == 0:
		return k >= string(key)
	}
	return k >= string(key) && k < string(end)
}

// put appends a put at revision m.rev+1 (the txn in progress).
func (m *naiveModel) put(key, value []byte, sub int64) {
	rev := m.rev + 1
	kv := KeyValue{Key: cloneBytes(key), Value: cloneBytes(value), ModRevision: rev, CreateRevision: rev, Version: 1}
	if prev, ok := m.stateAt(string(key), rev); ok {
		kv.CreateRevision, kv.Version = prev.CreateRevision, prev.Version+1
	}
	m.recs = append(m.recs, modelRec{main: rev, sub: sub, kv: kv})
}

// deleteRange tombstones every key in range live in the txn in progress.
func (m *naiveModel) deleteRange(key, end []byte, sub int64) (prev []KeyValue) {
	rev := m.rev + 1
	for _, k := range m.keys() {
		if kv, ok := m.stateAt(k, rev); ok && inRange(k, key, end) {
			prev = append(prev, kv)
		}
	}
	for i, kv := range prev {
		m.recs = append(m.recs, modelRec{main: rev, sub: sub + int64(i), tomb: true,
			kv: KeyValue{Key: kv.Key, ModRevision: rev}})
	}
	return prev
}

// commit ends a write txn: the revision moves only if it wrote something.
func (m *naiveModel) commit() {
	if n := len(m.recs); n > 0 && m.recs[n-1].main == m.rev+1 {
		m.rev++
	}
}

// rangeAt answers a RangeRequest from scratch.
func (m *naiveModel) rangeAt(r RangeRequest) (RangeResponse, error) {
	rev := r.Revision
	if rev > m.rev {
		return RangeResponse{}, ErrGRPCFutureRev
	}
	if rev <= 0 {
		rev = m.rev
	}
	if rev < m.compact {
		return RangeResponse{}, ErrGRPCCompacted
	}
	var resp RangeResponse
	for _, k := range m.keys() {
		kv, ok := m.stateAt(k, rev)
		if !ok || !inRange(k, r.Key, r.RangeEnd) {
			continue
		}
		resp.Count++
		if r.CountOnly {
			continue
		}
		if r.Limit > 0 && int64(len(resp.Kvs)) == r.Limit {
			resp.More = true
			continue
		}
		if r.KeysOnly {
			kv.Value = nil
		}
		resp.Kvs = append(resp.Kvs, kv)
	}
	return resp, nil
}

// events is what a watch from start over [key, end) must deliver.
func (m *naiveModel) events(start int64, key, end []byte, filters []WatchFilter) []Event {
	var evs []Event
	for _, r := range m.recs {
		if r.main < start || !inRange(string(r.kv.Key), key, end) {
			continue
		}
		ev := Event{Type: PUT, Kv: r.kv}
		if r.tomb {
			ev.Type = DELETE
		}
		if (ev.Type == PUT && slices.Contains(filters, FilterNoPut)) ||
			(ev.Type == DELETE && slices.Contains(filters, FilterNoDelete)) {
			continue
		}
		evs = append(evs, ev)
	}
	return evs
}

// stored is what the backend must hold once compaction finished: every
// record above the compaction revision, and per key the newest record at
// or below it if that is a put, or a tombstone exactly at it.
func (m *naiveModel) stored() []HistoryRecord {
	var out []HistoryRecord
	for i, r := range m.recs {
		keep := r.main > m.compact
		if !keep && (!r.tomb || r.main == m.compact) {
			keep = true
			for _, later := range m.recs[i+1:] {
				if later.main <= m.compact && bytes.Equal(later.kv.Key, r.kv.Key) {
					keep = false
				}
			}
		}
		if keep {
			kv := r.kv
			if r.tomb {
				kv = KeyValue{Key: r.kv.Key}
			}
			out = append(out, HistoryRecord{Rev: Revision{Main: r.main, Sub: r.sub}, Kv: kv, Tombstone: r.tomb})
		}
	}
	return out
}

func kvEqual(a, b KeyValue) bool {
	return bytes.Equal(a.Key, b.Key) && bytes.Equal(a.Value, b.Value) &&
		a.CreateRevision == b.CreateRevision && a.ModRevision == b.ModRevision &&
		a.Version == b.Version && a.Lease == b.Lease
}

func kvsEqual(a, b []KeyValue) bool {
	return slices.EqualFunc(a, b, kvEqual)
}

func fmtKVs(kvs []KeyValue) string {
	s := "["
	for _, kv := range kvs {
		s += fmt.Sprintf(" %s=%q(c%d m%d v%d)", kv.Key, kv.Value, kv.CreateRevision, kv.ModRevision, kv.Version)
	}
	return s + " ]"
}

// compareRange checks one range against the model.
func compareRange(s *Server, m *naiveModel, r RangeRequest) error {
	got, gerr := s.Range(r)
	want, werr := m.rangeAt(r)
	if !errors.Is(gerr, werr) && !(gerr == nil && werr == nil) {
		return fmt.Errorf("range %+v: err %v, want %v", r, gerr, werr)
	}
	if werr != nil {
		return nil
	}
	if got.Header.Revision != m.rev || got.Count != want.Count || got.More != want.More || !kvsEqual(got.Kvs, want.Kvs) {
		return fmt.Errorf("range %+v at rev %d:\n got hdr=%d count=%d more=%v %s\nwant hdr=%d count=%d more=%v %s",
			r, m.rev, got.Header.Revision, got.Count, got.More, fmtKVs(got.Kvs), m.rev, want.Count, want.More, fmtKVs(want.Kvs))
	}
	return nil
}
