package informer

import (
	"testing"
	"time"

	am "watchscope/apimachinery"
)

// BenchmarkEventsThroughInformer: watch events through reflector ->
// RealFIFO -> indexer -> one handler.
func BenchmarkEventsThroughInformer(b *testing.B) {
	inf := NewSharedIndexInformer(InformerConfig{Resource: "pods", Kind: "Pod", Rand: newTestRand(1)})
	n := 0
	inf.AddEventHandler(0, HandlerFunc(func(time.Duration, Notification) { n++ }), HandlerOptions{})
	inf.Start(0)
	w := inf.TakeCalls()[0]
	inf.OnWatchStarted(0, w.ID, nil)
	inf.OnWatchEvent(0, w.ID, endBookmark(1))
	objs := make([]*am.Object, 1000)
	for i := range objs {
		objs[i] = pod("d", "p"+string(rune('a'+i%26))+string(rune('a'+i/26%26)), 1)
	}
	b.ReportAllocs()
	b.ResetTimer()
	for i := range b.N {
		o := objs[i%len(objs)].WithResourceVersion(uint64(i + 2))
		inf.OnWatchEvent(0, w.ID, am.WatchEvent{Type: am.Modified, Object: o})
	}
	b.StopTimer()
	if n < b.N {
		b.Fatalf("handler saw %d of %d", n, b.N)
	}
	b.ReportMetric(float64(b.N)/b.Elapsed().Seconds(), "events/s")
}
