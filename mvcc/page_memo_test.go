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
