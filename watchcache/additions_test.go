package watchcache

import (
	"math/rand/v2"
	"testing"

	am "watchscope/apimachinery"
	"watchscope/mvcc"
)

// StoreStats follows creates, updates (size changes) and deletes.
func TestStoreStats(t *testing.T) {
	c := readyCacher(t, 10, 3)
	if n, b := c.StoreStats(); n != 3 || b != 0 {
		t.Fatalf("after relist: %d objects, %d bytes", n, b)
	}
	big := pod("default", "x", "n", 11, nil)
	big.SizeBytes = 1000
	c.ProcessEvent(0, am.Added, big)
	bigger := pod("default", "x", "n", 12, nil)
	bigger.SizeBytes = 2500
	c.ProcessEvent(0, am.Modified, bigger)
	if n, b := c.StoreStats(); n != 4 || b != 2500 {
		t.Fatalf("after update: %d objects, %d bytes", n, b)
	}
	c.ProcessEvent(0, am.Deleted, bigger.WithResourceVersion(13))
	if n, b := c.StoreStats(); n != 3 || b != 0 {
		t.Fatalf("after delete: %d objects, %d bytes", n, b)
	}
}

// InitialEventsSent turns true only once the initial list has moved
// into result, which a small result buffer delays until the client reads.
func TestInitialEventsSent(t *testing.T) {
	c := readyCacher(t, 10, 25)
	w, err := c.Watch(0, WatchOptions{ResourceVersion: "0"})
	if err != nil {
		t.Fatal(err)
	}
	if w.ChanSize() >= 25 {
		t.Fatalf("chan size %d too big for this test", w.ChanSize())
	}
	if w.InitialEventsSent() {
		t.Fatal("initial events reported sent before the client read anything")
	}
	drain(w)
	if !w.InitialEventsSent() {
		t.Fatal("initial events not reported sent after draining")
	}
	plain, _ := c.Watch(0, WatchOptions{ResourceVersion: "10"})
	if !plain.InitialEventsSent() {
		t.Fatal("a watch with nothing to replay is initialized at once")
	}
}

// NextWake is due at once while the etcd stream holds unread responses.
func TestReflectorWakesForEtcdData(t *testing.T) {
	s, _ := mvcc.NewServer(mvcc.Config{Rand: rand.New(rand.NewPCG(1, 1))})
	c := New(Config{Resource: pods}, 0)
	r := NewReflector(c, s)
	r.Step(0)
	if !r.Running() {
		t.Fatal("reflector not running after the first step")
	}
	if at, ok := r.NextWake(); ok && at == 0 {
		t.Fatalf("due at once with nothing to read")
	}
	putPod(t, s, &am.Object{Kind: "Pod", ObjectMeta: am.ObjectMeta{Name: "a", Namespace: "default"}})
	if at, ok := r.NextWake(); !ok || at != 0 {
		t.Fatalf("NextWake = %v, %v; want due now", at, ok)
	}
	r.Step(0)
	if c.ResourceVersion() != 2 {
		t.Fatalf("cache RV %d after step, want 2", c.ResourceVersion())
	}
	r.Stop()
	if r.Running() {
		t.Fatal("running after Stop")
	}
}
