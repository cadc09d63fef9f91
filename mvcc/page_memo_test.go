package mvcc

import (
	"fmt"
	"math/rand/v2"
	"testing"
)

// TestPageMemo pages through random ranges at fixed revisions, with
// writes, deletes and compactions between the pages, and requires each
// page to equal the same range answered without the memo (the full walk).
func TestPageMemo(t *testing.T) {
	for seed := range uint64(200) {
		r := rand.New(rand.NewPCG(seed, 7))
		s := newStore(&scheduler{})
		write := func() {
			tw := s.txn()
			k := []byte(fmt.Sprintf("/k/%03d", r.IntN(120)))
			if r.IntN(4) == 0 {
				tw.DeleteRange(k, nil)
			} else {
				tw.Put(k, []byte("v"), 0)
			}
			tw.end(false, nil)
		}
		for range 300 {
			write()
		}
		rev := s.currentRev - int64(r.IntN(50))
		limit := int64(1 + r.IntN(20))
		key, end := []byte("/k/"), []byte("/k0")
		for page := 0; ; page++ {
			got, err := s.rangeKeys(key, end, s.currentRev, rangeOptions{limit: limit, rev: rev})
			saved := s.memos
			s.memos = pageMemos{}
			want, werr := s.rangeKeys(key, end, s.currentRev, rangeOptions{limit: limit, rev: rev})
			s.memos = saved
			if (err != nil) != (werr != nil) {
				t.Fatalf("seed %d page %d: err %v, full walk %v", seed, page, err, werr)
			}
			if err != nil {
				break // compacted under the listing: both refuse
			}
			if got.count != want.count || len(got.kvs) != len(want.kvs) {
				t.Fatalf("seed %d page %d: count %d kvs %d, full walk count %d kvs %d", seed, page, got.count, len(got.kvs), want.count, len(want.kvs))
			}
			for i := range got.kvs {
				if string(got.kvs[i].Key) != string(want.kvs[i].Key) || got.kvs[i].ModRevision != want.kvs[i].ModRevision {
					t.Fatalf("seed %d page %d: kv %d differs", seed, page, i)
				}
			}
			if int64(len(got.kvs)) < limit || got.count == len(got.kvs) {
				break
			}
			key = append(append([]byte(nil), got.kvs[len(got.kvs)-1].Key...), 0)
			for range r.IntN(5) { // the world goes on between pages
				write()
			}
			if r.IntN(10) == 0 {
				s.compact(rev - int64(r.IntN(3)))
			}
		}
	}
}

// TestPageMemoThroughServer pages through a range the way the API server
// and the watch cache do, through Server.Range (which asks the store for
// one key more than the limit): every page after the first must continue
// a memo, so a 150,000-key list does not walk its remainder every page,
// and the pages must match the full walk's.
func TestPageMemoThroughServer(t *testing.T) {
	s, err := NewServer(Config{})
	if err != nil {
		t.Fatal(err)
	}
	for i := range 1000 {
		if _, err := s.Put(PutRequest{Key: []byte(fmt.Sprintf("/p/%04d", i)), Value: []byte("v")}); err != nil {
			t.Fatal(err)
		}
	}
	for _, limit := range []int64{1, 7, 100, 999} {
		key, end := []byte("/p/"), []byte("/p0")
		var rev int64
		seen, pages := 0, 0
		hits := s.kv.memos.hits
		for {
			resp, err := s.Range(RangeRequest{Key: key, RangeEnd: end, Limit: limit, Revision: rev})
			if err != nil {
				t.Fatal(err)
			}
			if want := int64(1000 - seen); resp.Count != want {
				t.Fatalf("limit %d page %d: Count %d, want %d", limit, pages, resp.Count, want)
			}
			for i, kv := range resp.Kvs {
				if want := fmt.Sprintf("/p/%04d", seen+i); string(kv.Key) != want {
					t.Fatalf("limit %d page %d: key %q, want %q", limit, pages, kv.Key, want)
				}
			}
			seen += len(resp.Kvs)
			pages++
			rev = resp.Header.Revision
			if !resp.More {
				break
			}
			key = append(append([]byte(nil), resp.Kvs[len(resp.Kvs)-1].Key...), 0)
		}
		if seen != 1000 {
			t.Fatalf("limit %d: %d keys over %d pages", limit, seen, pages)
		}
		if got := s.kv.memos.hits - hits; got != pages-1 {
			t.Errorf("limit %d: %d of %d later pages continued a memo", limit, got, pages-1)
		}
	}
}
