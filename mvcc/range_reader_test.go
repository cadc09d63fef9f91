package mvcc

import (
	"fmt"
	"math/rand/v2"
	"slices"
	"testing"
)

// TestRangeReaderIsRange: random ranges (single keys, directories,
// from-key, limits, older revisions, keys-only, count-only) read in random
// parts answer exactly what Range answers at BeginRange, with writes in
// between the parts, and count as one range.
func TestRangeReaderIsRange(t *testing.T) {
	for seed := range uint64(60) {
		r := rand.New(rand.NewPCG(seed, 3))
		s, err := NewServer(Config{})
		if err != nil {
			t.Fatal(err)
		}
		put := func() {
			k := fmt.Sprintf("/d%d/k%02d", r.IntN(3), r.IntN(40))
			if r.IntN(5) == 0 {
				s.DeleteRange(DeleteRangeRequest{Key: []byte(k)})
				return
			}
			s.Put(PutRequest{Key: []byte(k), Value: []byte(fmt.Sprint(r.IntN(1000)))})
		}
		for range 200 {
			put()
		}
		for q := range 40 {
			req := RangeRequest{Key: []byte(fmt.Sprintf("/d%d/", r.IntN(3))), Limit: int64(r.IntN(12)),
				KeysOnly: r.IntN(5) == 0, CountOnly: r.IntN(8) == 0}
			switch r.IntN(3) {
			case 0:
				req.RangeEnd = PrefixEnd(req.Key)
			case 1:
				req.RangeEnd = []byte{0}
			default:
				req.Key = append(req.Key, fmt.Sprintf("k%02d", r.IntN(40))...)
			}
			if r.IntN(3) == 0 {
				req.Revision = s.Rev() - int64(r.IntN(20))
			}
			want, werr := s.Range(req)
			ranges := s.Metrics().RangeTotal
			rr, err := s.BeginRange(req)
			if (err != nil) != (werr != nil) {
				t.Fatalf("seed %d query %d: BeginRange err %v, Range err %v", seed, q, err, werr)
			}
			if err != nil {
				continue
			}
			for !rr.Done() {
				if err := rr.Read(1 + r.IntN(5)); err != nil {
					t.Fatal(err)
				}
				for range r.IntN(3) {
					put()
				}
			}
			if got := s.Metrics().RangeTotal - ranges; got != 1 {
				t.Fatalf("seed %d query %d: counted %d ranges, want 1", seed, q, got)
			}
			got := rr.Response()
			if got.Count != want.Count || got.More != want.More || got.Header.Revision != want.Header.Revision ||
				!slices.EqualFunc(got.Kvs, want.Kvs, sameKV) {
				t.Fatalf("seed %d query %d %+v:\nparts %+v\nrange %+v", seed, q, req, got, want)
			}
		}
	}
}

func sameKV(a, b KeyValue) bool {
	return string(a.Key) == string(b.Key) && string(a.Value) == string(b.Value) && a.ModRevision == b.ModRevision &&
		a.CreateRevision == b.CreateRevision && a.Version == b.Version
}

// TestRangeReaderCompactedMidway: a compaction past the reader's
// revision between two parts fails the next part with the compacted
// error, as a later page of a paginated list would fail.
func TestRangeReaderCompactedMidway(t *testing.T) {
	s, _ := NewServer(Config{})
	for i := range 10 {
		s.Put(PutRequest{Key: []byte(fmt.Sprintf("/a/%d", i)), Value: []byte("v")})
	}
	rr, err := s.BeginRange(RangeRequest{Key: []byte("/a/"), RangeEnd: []byte("/a0")})
	if err != nil {
		t.Fatal(err)
	}
	if err := rr.Read(3); err != nil {
		t.Fatal(err)
	}
	s.Put(PutRequest{Key: []byte("/a/0"), Value: []byte("w")})
	if _, err := s.Compact(s.Rev()); err != nil {
		t.Fatal(err)
	}
	if err := rr.Read(3); err != ErrGRPCCompacted {
		t.Fatalf("after compaction past the read revision: %v, want %v", err, ErrGRPCCompacted)
	}
}
