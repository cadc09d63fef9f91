package mvcc

import (
	"fmt"
	"runtime"
	"testing"
	"time"
)

func benchKey(i int) []byte { return []byte(fmt.Sprintf("/registry/pods/default/pod-%06d", i)) }

func loadKeys(tb testing.TB, s *Server, n int, value []byte) {
	for i := range n {
		if _, err := s.Put(PutRequest{Key: benchKey(i), Value: value}); err != nil {
			tb.Fatal(err)
		}
	}
}

// BenchmarkPut overwrites keys of a store holding 200,000 live keys.
// Budget: 2us/op native.
func BenchmarkPut(b *testing.B) {
	s := newTestServer(b, Config{QuotaBackendBytes: 1 << 40})
	const n = 200000
	loadKeys(b, s, n, make([]byte, 100))
	keys := make([][]byte, 1024)
	for i := range keys {
		keys[i] = benchKey(i * 193 % n)
	}
	value := make([]byte, 100)
	i := 0
	cpu := startCPU()
	for b.Loop() {
		if _, err := s.Put(PutRequest{Key: keys[i%len(keys)], Value: value}); err != nil {
			b.Fatal(err)
		}
		i++
	}
	cpu.report(b)
}

// cpuMeter reports process CPU time per op next to wall time.
type cpuMeter struct {
	start time.Duration
	ok    bool
}

func startCPU() cpuMeter {
	d, ok := processCPU()
	return cpuMeter{start: d, ok: ok}
}

func (c cpuMeter) report(b *testing.B) {
	if end, ok := processCPU(); ok && c.ok && b.N > 0 {
		b.ReportMetric(float64(end-c.start)/float64(b.N), "cpu-ns/op")
	}
}

// BenchmarkRangePrefix500 reads a prefix holding 500 keys out of 20,000.
// Budget: 100us/op.
func BenchmarkRangePrefix500(b *testing.B) {
	s := newTestServer(b, Config{})
	value := make([]byte, 100)
	for ns := range 40 {
		for i := range 500 {
			key := fmt.Sprintf("/registry/pods/ns-%02d/pod-%04d", ns, i)
			if _, err := s.Put(PutRequest{Key: []byte(key), Value: value}); err != nil {
				b.Fatal(err)
			}
		}
	}
	req := RangeRequest{Key: []byte("/registry/pods/ns-17/"), RangeEnd: []byte("/registry/pods/ns-170")}
	cpu := startCPU()
	for b.Loop() {
		r, err := s.Range(req)
		if err != nil || len(r.Kvs) != 500 {
			b.Fatalf("%d kvs, %v", len(r.Kvs), err)
		}
	}
	cpu.report(b)
}

// bytesPerLiveKey measures heap bytes per live key (index + backend row +
// the key and a 100-byte value) for n keys written once.
func bytesPerLiveKey(tb testing.TB, n int) (total, overhead float64) {
	var before, after runtime.MemStats
	runtime.GC()
	runtime.ReadMemStats(&before)
	s := newTestServer(tb, Config{})
	loadKeys(tb, s, n, make([]byte, 100))
	runtime.GC()
	runtime.ReadMemStats(&after)
	runtime.KeepAlive(s)
	total = float64(after.HeapAlloc-before.HeapAlloc) / float64(n)
	payload := float64(len(benchKey(0)) + 100)
	return total, total - payload
}

// BenchmarkBytesPerLiveKey reports the memory cost of a live key.
// Budget: 1.5 KB per key including its index.
func BenchmarkBytesPerLiveKey(b *testing.B) {
	var total, overhead float64
	for b.Loop() {
		total, overhead = bytesPerLiveKey(b, 50000)
	}
	b.ReportMetric(total, "B/livekey")
	b.ReportMetric(overhead, "overheadB/livekey")
}

// TestBytesPerLiveKeyBudget keeps the per-key memory under 1.5 KB.
func TestBytesPerLiveKeyBudget(t *testing.T) {
	total, overhead := bytesPerLiveKey(t, 20000)
	t.Logf("%.0f B per live key (%.0f B beyond key and value)", total, overhead)
	if total > 1536 {
		t.Fatalf("%.0f B per live key, budget 1536", total)
	}
}

// BenchmarkPutWatched is the API server's pattern: every put is seen by a
// prefix watch with prev_kv and received (the event, its previous value,
// the response). It reports allocations per put.
func BenchmarkPutWatched(b *testing.B) {
	s := newTestServer(b, Config{QuotaBackendBytes: 1 << 40})
	const n = 20000
	loadKeys(b, s, n, make([]byte, 100))
	ws := s.NewWatchStream()
	if _, err := ws.Watch(WatchCreateRequest{Key: []byte("/registry/pods/"), RangeEnd: []byte("/registry/pods0"),
		PrevKv: true, WatchID: AutoWatchID}); err != nil {
		b.Fatal(err)
	}
	ws.Recv()
	keys := make([][]byte, 1024)
	for i := range keys {
		keys[i] = benchKey(i * 193 % n)
	}
	value := make([]byte, 100)
	b.ReportAllocs()
	i := 0
	for b.Loop() {
		if _, err := s.Put(PutRequest{Key: keys[i%len(keys)], Value: value, PrevKv: true}); err != nil {
			b.Fatal(err)
		}
		if resp, ok := ws.Recv(); !ok || len(resp.Events) != 1 || resp.Events[0].PrevKv == nil {
			b.Fatalf("no event with prev_kv: %+v", resp)
		}
		i++
	}
}

// BenchmarkTxnUpdate is the API server's optimistic update: if the key's
// mod revision is unchanged, put, else read it. It reports allocations
// per txn.
func BenchmarkTxnUpdate(b *testing.B) {
	s := newTestServer(b, Config{QuotaBackendBytes: 1 << 40})
	const n = 20000
	loadKeys(b, s, n, make([]byte, 100))
	keys := make([][]byte, 1024)
	mods := make([]int64, len(keys))
	for i := range keys {
		keys[i] = benchKey(i * 193 % n)
		r, _ := s.Range(RangeRequest{Key: keys[i]})
		mods[i] = r.Kvs[0].ModRevision
	}
	value := make([]byte, 100)
	b.ReportAllocs()
	i := 0
	for b.Loop() {
		k := i % len(keys)
		resp, err := s.Txn(TxnRequest{
			Compare: []Compare{{Key: keys[k], Target: CompareMod, Result: CompareEqual, ModRevision: mods[k]}},
			Success: []RequestOp{{Put: &PutRequest{Key: keys[k], Value: value}}},
			Failure: []RequestOp{{Range: &RangeRequest{Key: keys[k]}}},
		})
		if err != nil || !resp.Succeeded {
			b.Fatalf("txn failed: %v %+v", err, resp)
		}
		mods[k] = resp.Header.Revision
		i++
	}
}

// BenchmarkCompactStep is the step that starts a compaction of a store of
// 50,000 keys (half of them deleted, each written twice) and runs its first
// batch: it compacts the index only of the keys of that batch's rows, not
// of every key.
func BenchmarkCompactStep(b *testing.B) {
	for range b.N {
		b.StopTimer()
		s := newTestServer(b, Config{QuotaBackendBytes: 1 << 40})
		for i := range 50000 {
			key := fmt.Sprintf("/registry/pods/default/p-%05d", i)
			mustPut(b, s, key, "v1")
			mustPut(b, s, key, "v2")
			if i%2 == 0 {
				s.DeleteRange(DeleteRangeRequest{Key: []byte(key)})
			}
		}
		rev := s.Rev()
		b.StartTimer()
		if _, err := s.Compact(rev); err != nil {
			b.Fatal(err)
		}
	}
}
