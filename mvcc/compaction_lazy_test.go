package mvcc

import (
	"fmt"
	"math/rand/v2"
	"testing"
	"time"
)

// TestLazyIndexCompaction compares the index compacted key by key as the
// batches meet its rows with the index compacted all at once (Compact):
// right after Compact the key views already show the compacted index,
// reads at the compaction revision agree, and once the batches are done
// every key holds the same revisions.
func TestLazyIndexCompaction(t *testing.T) {
	lazy := newTestServer(t, Config{QuotaBackendBytes: 1 << 40})
	eager := newTestServer(t, Config{QuotaBackendBytes: 1 << 40})
	r := rand.New(rand.NewPCG(1, 2))
	for i := range 6000 { // several batches of rows
		key := fmt.Sprintf("k%04d", r.IntN(800))
		for _, s := range []*Server{lazy, eager} {
			if i%7 == 0 {
				s.DeleteRange(DeleteRangeRequest{Key: []byte(key)})
			} else {
				mustPut(t, s, key, fmt.Sprint(i))
			}
		}
	}
	rev := lazy.Rev() - 1500
	eager.kv.index.Compact(rev) // the simple version, before the job
	for _, s := range []*Server{lazy, eager} {
		if _, err := s.Compact(rev); err != nil {
			t.Fatal(err)
		}
	}
	if !lazy.kv.compacting() {
		t.Fatal("the compaction finished in one batch; the test needs several")
	}
	sameViews(t, lazy, eager)
	all := RangeRequest{Key: []byte{0}, RangeEnd: []byte{0}, Revision: rev}
	a, errA := lazy.Range(all)
	b, errB := eager.Range(all)
	if errA != nil || errB != nil || fmt.Sprint(a.Kvs) != fmt.Sprint(b.Kvs) {
		t.Fatalf("range at %d differs: %v %v", rev, errA, errB)
	}
	for _, s := range []*Server{lazy, eager} {
		s.Advance(time.Minute)
	}
	sameViews(t, lazy, eager)
	if lazy.kv.index.tree.Len() != eager.kv.index.tree.Len() || lazy.kv.backend.rows != eager.kv.backend.rows {
		t.Fatalf("keys %d/%d, rows %d/%d", lazy.kv.index.tree.Len(), eager.kv.index.tree.Len(),
			lazy.kv.backend.rows, eager.kv.backend.rows)
	}
}

func sameViews(t *testing.T, a, b *Server) {
	t.Helper()
	va, vb := a.KeyIndexes([]byte("k"), 1000), b.KeyIndexes([]byte("k"), 1000)
	if fmt.Sprint(va) != fmt.Sprint(vb) {
		t.Fatalf("key views differ:\n%v\n%v", va, vb)
	}
}
