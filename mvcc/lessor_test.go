package mvcc

import (
	"errors"
	"testing"
	"time"
)

func newLeaseServer(t *testing.T) *Server {
	t.Helper()
	s, err := NewServer(Config{})
	if err != nil {
		t.Fatal(err)
	}
	return s
}

func TestLeaseGrantTTLAndIDs(t *testing.T) {
	s := newLeaseServer(t)
	for _, c := range []struct{ ask, got int64 }{{1, MinLeaseTTL}, {0, MinLeaseTTL}, {-5, MinLeaseTTL}, {2, 2}, {60, 60}} {
		r, err := s.LeaseGrant(c.ask, 0)
		if err != nil || r.TTL != c.got {
			t.Errorf("grant %d: TTL %d err %v, want %d", c.ask, r.TTL, err, c.got)
		}
		if uint64(r.ID)>>48 != MemberID&0xffff {
			t.Errorf("lease ID %016x does not start with the member's low 16 bits %04x", r.ID, MemberID&0xffff)
		}
	}
	if _, err := s.LeaseGrant(MaxLeaseTTL+1, 0); !errors.Is(err, ErrGRPCLeaseTTLTooLarge) {
		t.Errorf("too large TTL: %v", err)
	}
	if _, err := s.LeaseGrant(10, 7); err != nil {
		t.Fatal(err)
	}
	if _, err := s.LeaseGrant(10, 7); !errors.Is(err, ErrGRPCLeaseExist) {
		t.Errorf("duplicate ID: %v", err)
	}
}

func TestLeaseRevokeDeletesKeysInOneRevision(t *testing.T) {
	s := newLeaseServer(t)
	g, _ := s.LeaseGrant(60, 0)
	for _, k := range []string{"b", "a", "c"} {
		if _, err := s.Put(PutRequest{Key: []byte(k), Value: []byte("v"), Lease: g.ID}); err != nil {
			t.Fatal(err)
		}
	}
	s.Put(PutRequest{Key: []byte("c"), Value: []byte("moved")}) // detached from the lease
	ttl := s.LeaseTimeToLive(g.ID, true)
	if len(ttl.Keys) != 2 || ttl.Keys[0] != "a" || ttl.Keys[1] != "b" || ttl.GrantedTTL != 60 || ttl.TTL != 59 {
		t.Fatalf("timetolive = %+v", ttl)
	}
	before := s.Rev()
	if _, err := s.LeaseRevoke(g.ID); err != nil {
		t.Fatal(err)
	}
	if s.Rev() != before+1 {
		t.Errorf("revoke of 2 keys took revisions %d..%d, want one", before, s.Rev())
	}
	rr, _ := s.Range(RangeRequest{Key: []byte("a"), RangeEnd: []byte("z")})
	if len(rr.Kvs) != 1 || string(rr.Kvs[0].Key) != "c" {
		t.Errorf("after revoke: %+v", rr.Kvs)
	}
	if _, err := s.LeaseRevoke(g.ID); !errors.Is(err, ErrGRPCLeaseNotFound) {
		t.Errorf("second revoke: %v", err)
	}
	if r := s.LeaseTimeToLive(g.ID, false); r.TTL != -1 || r.GrantedTTL != 0 {
		t.Errorf("timetolive of a revoked lease: %+v", r)
	}
	empty, _ := s.LeaseGrant(5, 0)
	before = s.Rev()
	s.LeaseRevoke(empty.ID)
	if s.Rev() != before {
		t.Errorf("revoking a lease without keys moved the revision")
	}
}

func TestLeaseExpiresOnTheRunLoopTick(t *testing.T) {
	s := newLeaseServer(t)
	s.Advance(200 * time.Millisecond)
	g, _ := s.LeaseGrant(2, 0) // expires at 2.2 s; ticks at 2.0 (not yet), 2.5
	s.Put(PutRequest{Key: []byte("k"), Value: []byte("v"), Lease: g.ID})
	s.Advance(2400 * time.Millisecond)
	if len(s.LeaseLeases().IDs) != 1 {
		t.Fatal("lease gone before the tick after its expiry")
	}
	s.Advance(2500 * time.Millisecond)
	if len(s.LeaseLeases().IDs) != 0 {
		t.Fatal("lease still there after the 2.5 s tick")
	}
	if rr, _ := s.Range(RangeRequest{Key: []byte("k")}); len(rr.Kvs) != 0 {
		t.Error("the expired lease's key survived")
	}
	if _, ok := s.NextWake(); ok {
		t.Error("the run loop stays scheduled without leases")
	}
}

func TestLeaseKeepAliveRenews(t *testing.T) {
	s := newLeaseServer(t)
	g, _ := s.LeaseGrant(10, 0)
	s.Advance(8 * time.Second)
	if r, err := s.LeaseKeepAliveOnce(g.ID); err != nil || r.TTL != 10 {
		t.Fatalf("keep-alive: %+v %v", r, err)
	}
	s.Advance(17 * time.Second)
	if r := s.LeaseTimeToLive(g.ID, false); r.TTL != 0 {
		t.Errorf("remaining after renew at 8 s, at 17 s: %d, want 0", r.TTL)
	}
	s.Advance(18500 * time.Millisecond)
	if _, err := s.LeaseKeepAliveOnce(g.ID); !errors.Is(err, ErrGRPCLeaseNotFound) {
		t.Errorf("keep-alive of an expired lease: %v", err)
	}
}

func TestPutLeaseAndIgnoreChecks(t *testing.T) {
	s := newLeaseServer(t)
	cases := []struct {
		name string
		req  PutRequest
		want error
	}{
		{"missing lease", PutRequest{Key: []byte("a"), Value: []byte("v"), Lease: 99}, ErrGRPCLeaseNotFound},
		{"ignore value of a missing key", PutRequest{Key: []byte("a"), IgnoreValue: true}, ErrGRPCKeyNotFound},
		{"ignore value with a value", PutRequest{Key: []byte("a"), Value: []byte("v"), IgnoreValue: true}, ErrGRPCValueProvided},
		{"ignore lease with a lease", PutRequest{Key: []byte("a"), Lease: 5, IgnoreLease: true}, ErrGRPCLeaseProvided},
	}
	for _, c := range cases {
		rev := s.Rev()
		if _, err := s.Put(c.req); !errors.Is(err, c.want) {
			t.Errorf("%s: %v, want %v", c.name, err, c.want)
		}
		if s.Rev() != rev {
			t.Errorf("%s: a refused put moved the revision", c.name)
		}
	}
	s.Put(PutRequest{Key: []byte("a"), Value: []byte("kept")})
	s.Put(PutRequest{Key: []byte("a"), IgnoreValue: true})
	rr, _ := s.Range(RangeRequest{Key: []byte("a")})
	if string(rr.Kvs[0].Value) != "kept" || rr.Kvs[0].Version != 2 {
		t.Errorf("ignore-value put: %+v", rr.Kvs[0])
	}
	tx, err := s.Txn(TxnRequest{Success: []RequestOp{{Put: &PutRequest{Key: []byte("b"), Value: []byte("v"), Lease: 99}}}})
	if !errors.Is(err, ErrGRPCLeaseNotFound) {
		t.Errorf("txn put with a missing lease: %+v %v", tx, err)
	}
}

func TestRangeSortAndFilters(t *testing.T) {
	s := newLeaseServer(t)
	for _, kv := range [][2]string{{"a", "3"}, {"b", "1"}, {"c", "2"}, {"a", "0"}} { // revs 2,3,4,5
		s.Put(PutRequest{Key: []byte(kv[0]), Value: []byte(kv[1])})
	}
	keys := func(r RangeRequest) string {
		r.Key, r.RangeEnd = []byte("a"), []byte("z")
		rr, err := s.Range(r)
		if err != nil {
			t.Fatal(err)
		}
		out := ""
		for _, kv := range rr.Kvs {
			out += string(kv.Key)
		}
		if rr.Count != 3 {
			t.Errorf("%+v: count %d, want 3 (filters do not change count)", r, rr.Count)
		}
		return out
	}
	for _, c := range []struct {
		r    RangeRequest
		want string
	}{
		{RangeRequest{}, "abc"},
		{RangeRequest{SortOrder: SortDescend}, "cba"},
		{RangeRequest{SortTarget: SortByValue}, "abc"},
		{RangeRequest{SortTarget: SortByMod}, "bca"},
		{RangeRequest{SortTarget: SortByCreate, SortOrder: SortDescend}, "cba"},
		{RangeRequest{SortTarget: SortByVersion, SortOrder: SortDescend, Limit: 1}, "a"},
		{RangeRequest{MinModRevision: 4}, "ac"},
		{RangeRequest{MaxModRevision: 4}, "bc"},
		{RangeRequest{MinCreateRevision: 3, MaxCreateRevision: 3}, "b"},
	} {
		if got := keys(c.r); got != c.want {
			t.Errorf("%+v: %q, want %q", c.r, got, c.want)
		}
	}
}
