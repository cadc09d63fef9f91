package cacher

import (
	"context"
	"fmt"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"k8s.io/apiserver/pkg/storage"

	"watchscope/watchcache"
)

// Dispatch cost per (event x watcher) at 10,000 watchers, the real Cacher
// beside watchscope/watchcache, both fed the same pod writes through their
// etcd (real: etcd3 store -> etcd -> cacher reflector; sim: mvcc.Server ->
// Reflector). Events go in batches of dispatchBatch and every watcher
// must have read the whole batch before the next one is written; the
// batch fits the watchers' channels (10), so no watcher is ever blocked
// or terminated and the cost measured is the fan-out itself: the
// dispatcher's sends, each watcher's goroutine and a reader per watcher
// (real), or Dispatch plus Next on every watcher (sim).
const (
	benchWatchers = 10000
	dispatchBatch = 5
)

type realBench struct {
	r        *realSide
	received atomic.Int64
	events   int64
	closed   atomic.Int64
}

var (
	realBenchOnce sync.Once
	realBenchFix  *realBench
)

// realFixture starts etcd, the Cacher and 10,000 watchers once for every
// round of the benchmark (b.N 1, 100, ...).
func realFixture(b *testing.B) *realBench {
	realBenchOnce.Do(func() {
		fb := &realBench{r: startRealNoCleanup(b)}
		pred := fb.r.predicate("", false)
		for range benchWatchers {
			w, err := fb.r.cacher.Watch(context.Background(), "/pods/", storage.ListOptions{ResourceVersion: "1", Recursive: true, Predicate: pred})
			if err != nil {
				b.Fatal(err)
			}
			go func() {
				for range w.ResultChan() {
					fb.received.Add(1)
				}
				fb.closed.Add(1)
			}()
		}
		realBenchFix = fb
	})
	if realBenchFix == nil {
		b.Fatal("real fixture failed")
	}
	return realBenchFix
}

func BenchmarkRealCacherDispatch(b *testing.B) {
	fb := realFixture(b)
	fb.r.t = b
	b.ResetTimer()
	for i := 0; i < b.N; i += dispatchBatch {
		n := min(dispatchBatch, b.N-i)
		for j := range n {
			fb.r.apply(create("bench", fmt.Sprintf("p-%d-%d", fb.events, j), nil))
		}
		fb.events += int64(n)
		want := fb.events * benchWatchers
		deadline := time.Now().Add(30 * time.Second)
		for fb.received.Load() < want {
			if time.Now().After(deadline) || fb.closed.Load() > 0 {
				b.Fatalf("received %d of %d events, %d watchers closed", fb.received.Load(), want, fb.closed.Load())
			}
			time.Sleep(50 * time.Microsecond)
		}
	}
	b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N)/benchWatchers, "ns/event-watcher")
}

func BenchmarkOurDispatch(b *testing.B) {
	sim := startSim(b)
	ws := make([]*watchcache.CacheWatcher, benchWatchers)
	for i := range ws {
		var err error
		ws[i], err = sim.c.Watch(sim.now, watchcache.WatchOptions{ResourceVersion: "1"})
		if err != nil {
			b.Fatal(err)
		}
	}
	b.ResetTimer()
	received := 0
	for i := 0; i < b.N; i += dispatchBatch {
		n := min(dispatchBatch, b.N-i)
		for j := range n {
			sim.apply(create("bench", fmt.Sprintf("p-%d-%d", i, j), nil))
		}
		sim.now += 10 * time.Millisecond
		sim.s.Advance(sim.now)
		sim.r.Step(sim.now)
		for _, w := range ws {
			for {
				if _, ok := w.Next(); !ok {
					break
				}
				received++
			}
		}
	}
	b.StopTimer()
	if received != b.N*benchWatchers {
		b.Fatalf("received %d events, want %d", received, b.N*benchWatchers)
	}
	b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N)/benchWatchers, "ns/event-watcher")
}
