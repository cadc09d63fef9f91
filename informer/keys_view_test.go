package informer

import (
	"slices"
	"testing"
	"time"
)

// TestStageKeys: the keys a picture of the pipeline shows are the FIFO's
// own (oldest first, a RealFIFO's key changed twice there twice) and the
// backlog of the handler that has one.
func TestStageKeys(t *testing.T) {
	for _, kind := range []FIFOKind{AtomicRealFIFO, DeltaFIFOKind} {
		inf := NewSharedIndexInformer(InformerConfig{Resource: "pods", Rand: newTestRand(1), FIFO: kind})
		if got := inf.QueuedKeys(10); got != nil {
			t.Errorf("%s: not started, queued %v", kind, got)
		}
		inf.Start(0)
		for _, o := range []string{"b", "a", "b"} {
			if err := inf.fifo.Update(pod("default", o, 1)); err != nil {
				t.Fatal(err)
			}
		}
		want := []string{"default/b", "default/a", "default/b"}
		if kind == DeltaFIFOKind { // one entry per key
			want = want[:2]
		}
		if got := inf.QueuedKeys(10); !slices.Equal(got, want) {
			t.Errorf("%s: queued %v, want %v", kind, got, want)
		}
		if got := inf.QueuedKeys(1); !slices.Equal(got, want[:1]) {
			t.Errorf("%s: QueuedKeys(1) = %v", kind, got)
		}
	}
	inf := NewSharedIndexInformer(InformerConfig{Resource: "pods", Rand: newTestRand(1)})
	fast, _ := inf.AddEventHandler(0, HandlerFunc(func(time.Duration, Notification) {}), HandlerOptions{Name: "fast"})
	slow, _ := inf.AddEventHandler(0, HandlerFunc(func(time.Duration, Notification) {}), HandlerOptions{Name: "slow"})
	_ = fast
	if err := inf.SetHandlerCost(slow, time.Second); err != nil {
		t.Fatal(err)
	}
	for _, name := range []string{"x", "y", "z"} {
		inf.distribute(0, Notification{Type: NotifyAdd, Object: pod("ns", name, 1)}, false)
	}
	if got := inf.PendingKeys(10); !slices.Equal(got, []string{"ns/y", "ns/z"}) { // x is being handled
		t.Errorf("pending %v, want [ns/y ns/z]", got)
	}
}
