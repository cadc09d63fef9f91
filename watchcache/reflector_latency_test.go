package watchcache

import (
	"math/rand/v2"
	"testing"
	"time"

	am "watchscope/apimachinery"
	"watchscope/mvcc"
)

// TestReflectorLatency: with a slow etcd watch the cache stays at the old
// RV until the response arrives, then catches up in order; lowering the
// latency never lets a later response overtake an earlier one.
func TestReflectorLatency(t *testing.T) {
	s, err := mvcc.NewServer(mvcc.Config{Rand: rand.New(rand.NewPCG(1, 1))})
	if err != nil {
		t.Fatal(err)
	}
	pod := func(name string) *am.Object {
		return &am.Object{Kind: "Pod", ObjectMeta: am.ObjectMeta{Name: name, Namespace: "default"}}
	}
	putPod(t, s, pod("a"))
	c := New(Config{Resource: pods}, 0)
	r := NewReflector(c, s)
	r.Step(0)
	r.SetLatency(2 * time.Second)
	first := putPod(t, s, pod("b"))
	runUntil(s, r, 0, 1990*time.Millisecond)
	if c.ResourceVersion() != uint64(first-1) || r.InFlight() != 1 {
		t.Fatalf("before the latency: cache RV %d (want %d), in flight %d", c.ResourceVersion(), first-1, r.InFlight())
	}
	if at, ok := r.NextWake(); !ok || at != 2*time.Second {
		t.Fatalf("NextWake %v %v, want the arrival at 2s", at, ok)
	}
	second := putPod(t, s, pod("c"))
	runUntil(s, r, 1995*time.Millisecond, 1995*time.Millisecond) // taken off the stream: due at 3.995s
	r.SetLatency(0)
	third := putPod(t, s, pod("d")) // would be due at once, but must not overtake
	runUntil(s, r, 2*time.Second, 2*time.Second)
	if c.ResourceVersion() != uint64(first) {
		t.Fatalf("at 2s: cache RV %d, want %d", c.ResourceVersion(), first)
	}
	runUntil(s, r, 2*time.Second+10*time.Millisecond, 3990*time.Millisecond)
	if c.ResourceVersion() != uint64(first) {
		t.Fatalf("the write at %d overtook the one at %d: cache RV %d", third, second, c.ResourceVersion())
	}
	runUntil(s, r, 4*time.Second, 4*time.Second)
	if c.ResourceVersion() != uint64(third) || r.InFlight() != 0 {
		t.Fatalf("at 4s: cache RV %d (want %d), in flight %d", c.ResourceVersion(), third, r.InFlight())
	}
}
