package mvcc

import (
	"errors"
	"testing"
)

func put(k, v string) RequestOp {
	return RequestOp{Put: &PutRequest{Key: []byte(k), Value: []byte(v)}}
}

func del(k string) RequestOp { return RequestOp{DeleteRange: &DeleteRangeRequest{Key: []byte(k)}} }

func get(k string) RequestOp { return RequestOp{Range: &RangeRequest{Key: []byte(k)}} }

// TestTxnCompares checks every target and relation against the key
// k = "v" (create 2, mod 3, version 2) and a missing key.
func TestTxnCompares(t *testing.T) {
	tests := []struct {
		name string
		cmp  Compare
		want bool
	}{
		{"version eq", Compare{Key: []byte("k"), Target: CompareVersion, Result: CompareEqual, Version: 2}, true},
		{"version gt", Compare{Key: []byte("k"), Target: CompareVersion, Result: CompareGreater, Version: 2}, false},
		{"create eq", Compare{Key: []byte("k"), Target: CompareCreate, Result: CompareEqual, CreateRevision: 2}, true},
		{"mod lt", Compare{Key: []byte("k"), Target: CompareMod, Result: CompareLess, ModRevision: 4}, true},
		{"mod ne", Compare{Key: []byte("k"), Target: CompareMod, Result: CompareNotEqual, ModRevision: 3}, false},
		{"value eq", Compare{Key: []byte("k"), Target: CompareValue, Result: CompareEqual, Value: []byte("v")}, true},
		{"value gt", Compare{Key: []byte("k"), Target: CompareValue, Result: CompareGreater, Value: []byte("a")}, true},
		{"lease eq", Compare{Key: []byte("k"), Target: CompareLease, Result: CompareEqual, Lease: 0}, true},
		{"missing create eq 0", Compare{Key: []byte("x"), Target: CompareCreate, Result: CompareEqual}, true},
		{"missing version eq 0", Compare{Key: []byte("x"), Target: CompareVersion, Result: CompareEqual}, true},
		{"missing value ne", Compare{Key: []byte("x"), Target: CompareValue, Result: CompareNotEqual, Value: []byte("v")}, false},
		{"range all version gt 0", Compare{Key: []byte("k"), RangeEnd: []byte("l"), Target: CompareVersion, Result: CompareGreater}, true},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			s := newTestServer(t, Config{})
			mustPut(t, s, "k", "u")
			mustPut(t, s, "k", "v")
			resp, err := s.Txn(TxnRequest{Compare: []Compare{tt.cmp}, Success: []RequestOp{put("ok", "1")}})
			if err != nil || resp.Succeeded != tt.want {
				t.Fatalf("succeeded %v err %v, want %v", resp.Succeeded, err, tt.want)
			}
			if wrev := map[bool]int64{true: 4, false: 3}[tt.want]; resp.Header.Revision != wrev || s.Rev() != wrev {
				t.Fatalf("rev %d, want %d", resp.Header.Revision, wrev)
			}
		})
	}
}

// TestTxnSharedRevision: all writes of a txn share one main revision with
// sub revisions in op order, nested txns included; a range after a put in
// the same txn sees the put.
func TestTxnSharedRevision(t *testing.T) {
	s := newTestServer(t, Config{})
	mustPut(t, s, "gone", "x") // 2
	resp, err := s.Txn(TxnRequest{Success: []RequestOp{
		put("a", "1"),
		get("a"),
		{Txn: &TxnRequest{
			Compare: []Compare{{Key: []byte("a"), Target: CompareVersion, Result: CompareEqual, Version: 0}},
			Success: []RequestOp{put("b", "1")}, // compares see the store before the txn: a missing
			Failure: []RequestOp{put("c", "1")},
		}},
		del("gone"),
	}})
	if err != nil || !resp.Succeeded || resp.Header.Revision != 3 {
		t.Fatalf("%+v %v", resp, err)
	}
	if r := resp.Responses[1].Range; r.Count != 1 || r.Kvs[0].ModRevision != 3 || r.Header.Revision != 3 {
		t.Fatalf("range inside txn: %+v", r)
	}
	if n := resp.Responses[2].Txn; !n.Succeeded || n.Header.Revision != 0 {
		t.Fatalf("nested txn: %+v", n)
	}
	var revs []Revision
	for _, h := range s.History(3, 10) {
		revs = append(revs, h.Rev)
	}
	if want := []Revision{{3, 0}, {3, 1}, {3, 2}}; len(revs) != 3 || revs[0] != want[0] || revs[1] != want[1] || revs[2] != want[2] {
		t.Fatalf("history revisions %v, want %v", revs, want)
	}
}

func TestTxnReadOnlyDoesNotBump(t *testing.T) {
	s := newTestServer(t, Config{})
	mustPut(t, s, "k", "v")
	resp, err := s.Txn(TxnRequest{Success: []RequestOp{get("k"), del("missing")}})
	if err != nil || resp.Header.Revision != 2 || s.Rev() != 2 {
		t.Fatalf("%+v %v, rev %d", resp, err, s.Rev())
	}
}

func TestTxnValidation(t *testing.T) {
	many := make([]RequestOp, 129)
	for i := range many {
		many[i] = get("k")
	}
	tests := []struct {
		name string
		req  TxnRequest
		werr error
	}{
		{"129 ops", TxnRequest{Success: many}, ErrGRPCTooManyOps},
		{"128 ops", TxnRequest{Success: many[:128]}, nil},
		{"empty compare key", TxnRequest{Compare: []Compare{{}}}, ErrGRPCEmptyKey},
		{"empty op", TxnRequest{Success: []RequestOp{{}}}, ErrGRPCKeyNotFound},
		{"empty put key", TxnRequest{Success: []RequestOp{put("", "v")}}, ErrGRPCEmptyKey},
		{"duplicate put", TxnRequest{Success: []RequestOp{put("a", "1"), put("a", "2")}}, ErrGRPCDuplicateKey},
		{"put and delete", TxnRequest{Success: []RequestOp{del("a"), put("a", "2")}}, ErrGRPCDuplicateKey},
		{"put in deleted range", TxnRequest{Success: []RequestOp{put("a/1", "1"),
			{DeleteRange: &DeleteRangeRequest{Key: []byte("a/"), RangeEnd: []byte("a0")}}}}, ErrGRPCDuplicateKey},
		{"put in both branches", TxnRequest{Success: []RequestOp{put("a", "1")}, Failure: []RequestOp{put("a", "2")}}, nil},
		{"nested then/else same key", TxnRequest{Success: []RequestOp{{Txn: &TxnRequest{
			Success: []RequestOp{put("a", "1")}, Failure: []RequestOp{put("a", "2")}}}}}, nil},
		{"nested duplicates outer", TxnRequest{Success: []RequestOp{put("a", "0"), {Txn: &TxnRequest{
			Success: []RequestOp{put("a", "1")}}}}}, ErrGRPCDuplicateKey},
		{"nested put under outer delete", TxnRequest{Success: []RequestOp{del("a"), {Txn: &TxnRequest{
			Failure: []RequestOp{put("a", "1")}}}}}, ErrGRPCDuplicateKey},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			s := newTestServer(t, Config{})
			_, err := s.Txn(tt.req)
			if !errors.Is(err, tt.werr) && !(err == nil && tt.werr == nil) {
				t.Fatalf("err %v, want %v", err, tt.werr)
			}
		})
	}
}

func TestTxnMaxOpsConfig(t *testing.T) {
	s := newTestServer(t, Config{MaxTxnOps: 2})
	if _, err := s.Txn(TxnRequest{Success: []RequestOp{get("a"), get("b"), get("c")}}); !errors.Is(err, ErrGRPCTooManyOps) {
		t.Fatalf("err %v", err)
	}
}

// TestTxnRangeRevisionChecks: a range on the taken path at a compacted or
// future revision fails the whole txn before anything is written.
func TestTxnRangeRevisionChecks(t *testing.T) {
	s := newTestServer(t, Config{})
	for range 4 {
		mustPut(t, s, "k", "v") // 2..5
	}
	if _, err := s.Compact(4); err != nil {
		t.Fatal(err)
	}
	at := func(rev int64) RequestOp { return RequestOp{Range: &RangeRequest{Key: []byte("k"), Revision: rev}} }
	tests := []struct {
		rev  int64
		werr error
	}{{3, ErrGRPCCompacted}, {4, nil}, {5, nil}, {100, ErrGRPCFutureRev}}
	for _, tt := range tests {
		_, err := s.Txn(TxnRequest{Success: []RequestOp{put("w", "1"), at(tt.rev)}})
		if !errors.Is(err, tt.werr) && !(err == nil && tt.werr == nil) {
			t.Errorf("range at %d in txn: %v, want %v", tt.rev, err, tt.werr)
		}
	}
	if s.Rev() != 7 {
		t.Fatalf("rev %d, want 7 (two successful txns)", s.Rev())
	}
}
