package mvcc

import (
	"errors"
	"fmt"
	"testing"
	"time"
)

func newTestServer(t testing.TB, cfg Config) *Server {
	t.Helper()
	s, err := NewServer(cfg)
	if err != nil {
		t.Fatal(err)
	}
	return s
}

func mustPut(t testing.TB, s *Server, key, value string) PutResponse {
	t.Helper()
	resp, err := s.Put(PutRequest{Key: []byte(key), Value: []byte(value)})
	if err != nil {
		t.Fatal(err)
	}
	return resp
}

func mustDelete(t testing.TB, s *Server, key string) DeleteRangeResponse {
	t.Helper()
	resp, err := s.DeleteRange(DeleteRangeRequest{Key: []byte(key)})
	if err != nil {
		t.Fatal(err)
	}
	return resp
}

// TestRevisionsWorkedExample is the spec's observed sequence: a, b, a,
// delete b, b get revisions 2..6; re-created b has create = mod = 6,
// version 1; deleting a missing key does not bump; an old read reports
// the current revision.
func TestRevisionsWorkedExample(t *testing.T) {
	s := newTestServer(t, Config{})
	if s.Rev() != 1 {
		t.Fatalf("fresh store at rev %d, want 1", s.Rev())
	}
	wrevs := []int64{2, 3, 4, 5, 6}
	got := []int64{
		mustPut(t, s, "a", "1").Header.Revision,
		mustPut(t, s, "b", "1").Header.Revision,
		mustPut(t, s, "a", "2").Header.Revision,
		mustDelete(t, s, "b").Header.Revision,
		mustPut(t, s, "b", "x").Header.Revision,
	}
	if fmt.Sprint(got) != fmt.Sprint(wrevs) {
		t.Fatalf("revisions %v, want %v", got, wrevs)
	}
	r, _ := s.Range(RangeRequest{Key: []byte("b")})
	if kv := r.Kvs[0]; kv.CreateRevision != 6 || kv.ModRevision != 6 || kv.Version != 1 {
		t.Fatalf("b = %+v, want create 6 mod 6 version 1", kv)
	}
	if d := mustDelete(t, s, "zz"); d.Deleted != 0 || d.Header.Revision != 6 || s.Rev() != 6 {
		t.Fatalf("deleting a missing key: %+v, rev %d", d, s.Rev())
	}
	old, err := s.Range(RangeRequest{Key: []byte("a"), Revision: 3})
	if err != nil || old.Header.Revision != 6 || string(old.Kvs[0].Value) != "1" {
		t.Fatalf("read at 3: %+v %v", old, err)
	}
	if a, _ := s.Range(RangeRequest{Key: []byte("a")}); a.Kvs[0].Version != 2 || a.Kvs[0].CreateRevision != 2 {
		t.Fatalf("a = %+v", a.Kvs[0])
	}
}

func TestPutSameValueBumps(t *testing.T) {
	s := newTestServer(t, Config{})
	mustPut(t, s, "k", "v")
	if r := mustPut(t, s, "k", "v").Header.Revision; r != 3 {
		t.Fatalf("identical put got rev %d, want 3", r)
	}
}

func TestRangeShapes(t *testing.T) {
	s := newTestServer(t, Config{})
	for _, k := range []string{"a", "a/1", "a/2", "a/3", "b", "c"} {
		mustPut(t, s, k, "v"+k)
	}
	tests := []struct {
		name   string
		req    RangeRequest
		wkeys  string
		wcount int64
		wmore  bool
	}{
		{"single", RangeRequest{Key: []byte("b")}, "[b]", 1, false},
		{"missing", RangeRequest{Key: []byte("zz")}, "[]", 0, false},
		{"prefix", RangeRequest{Key: []byte("a/"), RangeEnd: []byte("a0")}, "[a/1 a/2 a/3]", 3, false},
		{"from key", RangeRequest{Key: []byte("a/3"), RangeEnd: []byte{0}}, "[a/3 b c]", 3, false},
		{"all", RangeRequest{Key: []byte{0}, RangeEnd: []byte{0}}, "[a a/1 a/2 a/3 b c]", 6, false},
		{"limit", RangeRequest{Key: []byte("a/"), RangeEnd: []byte("a0"), Limit: 1}, "[a/1]", 3, true},
		{"limit exact", RangeRequest{Key: []byte("a/"), RangeEnd: []byte("a0"), Limit: 3}, "[a/1 a/2 a/3]", 3, false},
		{"count only", RangeRequest{Key: []byte{0}, RangeEnd: []byte{0}, CountOnly: true}, "[]", 6, false},
		{"empty range", RangeRequest{Key: []byte("b"), RangeEnd: []byte("a")}, "[]", 0, false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			r, err := s.Range(tt.req)
			if err != nil {
				t.Fatal(err)
			}
			var keys []string
			for _, kv := range r.Kvs {
				keys = append(keys, string(kv.Key))
			}
			if got := fmt.Sprint(keys); got != tt.wkeys && !(tt.wkeys == "[]" && len(keys) == 0) {
				t.Errorf("keys %s, want %s", got, tt.wkeys)
			}
			if r.Count != tt.wcount || r.More != tt.wmore {
				t.Errorf("count %d more %v, want %d %v", r.Count, r.More, tt.wcount, tt.wmore)
			}
		})
	}
}

func TestRangeKeysOnly(t *testing.T) {
	s := newTestServer(t, Config{})
	mustPut(t, s, "k", "value")
	r, _ := s.Range(RangeRequest{Key: []byte("k"), KeysOnly: true})
	if len(r.Kvs) != 1 || r.Kvs[0].Value != nil || r.Kvs[0].ModRevision != 2 {
		t.Fatalf("keys-only = %+v", r.Kvs)
	}
}

// TestRangeErrorOrder: future is checked before compacted; reading at the
// compaction revision works, one below fails; the header is current.
func TestRangeErrorOrder(t *testing.T) {
	s := newTestServer(t, Config{})
	for i := range 5 {
		mustPut(t, s, "k", fmt.Sprint(i)) // revisions 2..6
	}
	if _, err := s.Compact(4); err != nil {
		t.Fatal(err)
	}
	tests := []struct {
		rev  int64
		werr error
		wval string
	}{
		{0, nil, "4"},
		{-3, nil, "4"},
		{7, ErrGRPCFutureRev, ""},
		{6, nil, "4"},
		{4, nil, "2"},
		{3, ErrGRPCCompacted, ""},
		{1, ErrGRPCCompacted, ""},
	}
	for _, tt := range tests {
		r, err := s.Range(RangeRequest{Key: []byte("k"), Revision: tt.rev})
		if !errors.Is(err, tt.werr) && !(err == nil && tt.werr == nil) {
			t.Errorf("range at %d: err %v, want %v", tt.rev, err, tt.werr)
			continue
		}
		if err == nil && (string(r.Kvs[0].Value) != tt.wval || r.Header.Revision != 6) {
			t.Errorf("range at %d = %q hdr %d, want %q hdr 6", tt.rev, r.Kvs[0].Value, r.Header.Revision, tt.wval)
		}
	}
	if err := ErrGRPCFutureRev.Error(); err != "etcdserver: mvcc: required revision is a future revision" {
		t.Fatal(err)
	}
}

func TestEmptyKeyRejected(t *testing.T) {
	s := newTestServer(t, Config{})
	if _, err := s.Put(PutRequest{}); !errors.Is(err, ErrGRPCEmptyKey) {
		t.Errorf("put: %v", err)
	}
	if _, err := s.Range(RangeRequest{}); !errors.Is(err, ErrGRPCEmptyKey) {
		t.Errorf("range: %v", err)
	}
	if _, err := s.DeleteRange(DeleteRangeRequest{}); !errors.Is(err, ErrGRPCEmptyKey) {
		t.Errorf("delete: %v", err)
	}
}

func TestCompactErrors(t *testing.T) {
	s := newTestServer(t, Config{})
	for i := range 4 {
		mustPut(t, s, "k", fmt.Sprint(i)) // 2..5
	}
	tests := []struct {
		rev  int64
		werr error
	}{
		{6, ErrGRPCFutureRev},
		{3, nil},
		{3, ErrGRPCCompacted},
		{2, ErrGRPCCompacted},
		{5, nil},
	}
	for _, tt := range tests {
		_, err := s.Compact(tt.rev)
		if !errors.Is(err, tt.werr) && !(err == nil && tt.werr == nil) {
			t.Errorf("compact %d: %v, want %v", tt.rev, err, tt.werr)
		}
	}
	if s.CompactRev() != 5 || s.Rev() != 5 {
		t.Fatalf("compact rev %d rev %d", s.CompactRev(), s.Rev())
	}
}

// TestCompactionKeepRules: the latest value <= rev survives, a generation
// deleted below rev disappears, a tombstone at rev survives alone.
func TestCompactionKeepRules(t *testing.T) {
	s := newTestServer(t, Config{})
	mustPut(t, s, "a", "1") // 2
	mustPut(t, s, "a", "2") // 3
	mustPut(t, s, "b", "1") // 4
	mustDelete(t, s, "b")   // 5
	mustPut(t, s, "c", "1") // 6
	mustDelete(t, s, "c")   // 7
	mustPut(t, s, "a", "3") // 8
	if _, err := s.Compact(7); err != nil {
		t.Fatal(err)
	}
	var got []string
	for _, h := range s.History(0, 100) {
		got = append(got, fmt.Sprintf("%s@%v/%v", h.Kv.Key, h.Rev, h.Tombstone))
	}
	want := "[a@3.0/false c@7.0/true a@8.0/false]"
	if fmt.Sprint(got) != want {
		t.Fatalf("history %v, want %s", got, want)
	}
	var idx []string
	for _, v := range s.KeyIndexes(nil, 10) {
		idx = append(idx, v.String())
	}
	if w := "[a: {3.0 8.0} c: {7.0(t)} {empty}]"; fmt.Sprint(idx) != w {
		t.Fatalf("index %v, want %s", idx, w)
	}
}

// TestCompactionBatches: rows go in batches of 1000 every 10ms of virtual
// time, while reads below the compaction revision fail at once.
func TestCompactionBatches(t *testing.T) {
	s := newTestServer(t, Config{})
	for i := range 2500 {
		mustPut(t, s, "k", fmt.Sprint(i)) // revisions 2..2501
	}
	if _, err := s.Compact(2501); err != nil {
		t.Fatal(err)
	}
	if _, err := s.Range(RangeRequest{Key: []byte("k"), Revision: 2500}); !errors.Is(err, ErrGRPCCompacted) {
		t.Fatalf("read below compaction during deletion: %v", err)
	}
	steps := []struct {
		at    time.Duration
		wrows int
	}{
		{0, 1500}, // first batch ran at once: scanned 1000, deleted 1000
		{9 * time.Millisecond, 1500},
		{10 * time.Millisecond, 500},
		{20 * time.Millisecond, 1}, // the last batch (500 rows) finishes the job
		{time.Second, 1},
	}
	for _, st := range steps {
		s.Advance(st.at)
		if n := len(s.History(0, 1<<20)); n != st.wrows {
			t.Fatalf("at %v: %d rows, want %d", st.at, n, st.wrows)
		}
	}
	if m := s.Metrics(); m.DbCompactionKeysTotal != 2499 {
		t.Fatalf("compaction keys total %d", m.DbCompactionKeysTotal)
	}
	if _, ok := s.NextWake(); ok {
		t.Fatal("a timer is still pending after the compaction finished")
	}
}

// TestTxnFromKeyDeleteQuirk: a from-key delete escapes etcd's duplicate
// check, so one txn may put and delete a key in one revision; the index
// then holds two generations at that revision.
func TestTxnFromKeyDeleteQuirk(t *testing.T) {
	s := newTestServer(t, Config{})
	_, err := s.Txn(TxnRequest{Success: []RequestOp{
		{Put: &PutRequest{Key: []byte("a"), Value: []byte("1")}},
		{DeleteRange: &DeleteRangeRequest{Key: []byte("a"), RangeEnd: []byte{0}}},
	}})
	if err != nil {
		t.Fatal(err)
	}
	if got := s.KeyIndexes(nil, 1)[0].String(); got != "a: {2.0 2.1(t)} {empty}" {
		t.Fatalf("index %s", got)
	}
	if r, _ := s.Range(RangeRequest{Key: []byte("a")}); r.Count != 0 {
		t.Fatalf("a is live: %+v", r)
	}
}

// TestCompactionQueue: compactions run one after the other (etcd's FIFO
// scheduler); each job scans rows from the start in batches of 1000.
func TestCompactionQueue(t *testing.T) {
	s := newTestServer(t, Config{})
	for i := range 2500 {
		mustPut(t, s, "k", fmt.Sprint(i)) // revisions 2..2501
	}
	for _, rev := range []int64{1000, 2000} {
		if _, err := s.Compact(rev); err != nil {
			t.Fatal(err)
		}
	}
	// Job 1 scanned 999 rows (< 1000: done); job 2 deleted 1000..1999 and
	// still has to scan the row 2000.0 after its 10ms pause.
	if n := len(s.History(0, 1<<20)); n != 502 {
		t.Fatalf("%d rows, want 502", n)
	}
	if at, ok := s.NextWake(); !ok || at != compactionSleepInterval {
		t.Fatalf("next wake %v %v", at, ok)
	}
	s.Advance(compactionSleepInterval)
	if _, ok := s.NextWake(); ok || s.kv.compacting() {
		t.Fatal("compaction still running")
	}
	if h := s.History(0, 1); h[0].Rev.Main != 2000 {
		t.Fatalf("oldest row %v, want 2000.0", h[0].Rev)
	}
	if r, err := s.Range(RangeRequest{Key: []byte("k"), Revision: 2000}); err != nil || string(r.Kvs[0].Value) != "1998" {
		t.Fatalf("read at the compaction revision: %+v %v", r, err)
	}
}

// TestCompactionAcrossChunks checks multi-batch compactions over several
// backend chunks against the naive model's keep rule.
func TestCompactionAcrossChunks(t *testing.T) {
	s := newTestServer(t, Config{})
	m := newNaiveModel()
	now := time.Duration(0)
	for i := range 6000 {
		key := []byte(fmt.Sprintf("k%02d", i%37))
		if i%11 == 0 {
			mustDelete(t, s, string(key))
			if _, live := m.stateAt(string(key), m.rev); live {
				m.recs = append(m.recs, modelRec{main: m.rev + 1, tomb: true, kv: KeyValue{Key: key, ModRevision: m.rev + 1}})
			}
		} else {
			mustPut(t, s, string(key), fmt.Sprint(i))
			m.put(key, []byte(fmt.Sprint(i)), 0)
		}
		m.commit()
		if i%1500 == 1499 {
			rev := m.rev - 700
			if _, err := s.Compact(rev); err != nil {
				t.Fatal(err)
			}
			m.compact = rev
			now += 5 * time.Millisecond // mid-way: batches still pending
			s.Advance(now)
		}
	}
	now += time.Second
	s.Advance(now)
	got, want := s.History(0, 1<<30), m.stored()
	if len(got) != len(want) {
		t.Fatalf("%d rows, want %d", len(got), len(want))
	}
	for i := range got {
		if got[i].Rev != want[i].Rev || got[i].Tombstone != want[i].Tombstone || !kvEqual(got[i].Kv, want[i].Kv) {
			t.Fatalf("row %d: %+v, want %+v", i, got[i], want[i])
		}
	}
	for _, rev := range []int64{m.compact, m.compact + 1, m.rev} {
		if err := compareRange(s, m, RangeRequest{Key: []byte{0}, RangeEnd: []byte{0}, Revision: rev}); err != nil {
			t.Fatal(err)
		}
	}
}
