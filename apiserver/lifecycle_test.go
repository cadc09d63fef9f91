package apiserver

import (
	"math/rand/v2"
	"testing"
	"time"

	am "watchscope/apimachinery"
	"watchscope/mvcc"
)

// Two replicas on one etcd: the first tick only writes compact_rev_key;
// from then on exactly one replica compacts per interval, to the revision
// seen at the previous tick, and each round consumes one revision.
func TestCompactionLoop(t *testing.T) {
	etcd, _ := mvcc.NewServer(mvcc.Config{Rand: rand.New(rand.NewPCG(1, 2))})
	a, _ := New(Config{Name: "apiserver-0"}, etcd, 0)
	b, _ := New(Config{Name: "apiserver-1"}, etcd, 0)
	step := func(now time.Duration) {
		etcd.Advance(now)
		a.Step(now)
		b.Step(now)
	}
	step(time.Second)
	step(5*time.Minute - time.Millisecond)
	if etcd.Rev() != 1 {
		t.Fatalf("rev %d before the first tick", etcd.Rev())
	}
	step(5 * time.Minute)
	if etcd.Rev() != 2 || etcd.CompactRev() != -1 {
		t.Fatalf("after first tick: rev %d compact %d", etcd.Rev(), etcd.CompactRev())
	}
	for i := 2; i <= 4; i++ {
		before := etcd.Rev()
		step(time.Duration(i) * 5 * time.Minute)
		if etcd.Rev() != before+1 || etcd.CompactRev() != before {
			t.Fatalf("tick %d: rev %d -> %d, compacted to %d", i, before, etcd.Rev(), etcd.CompactRev())
		}
	}
	if total := a.compactor.compactions + b.compactor.compactions; total != 3 {
		t.Fatalf("%d compactions in 3 intervals", total)
	}
}

// OOM kill: a big LIST pushes memory past the limit; every watch ends
// with a reset, requests are refused while down, the kubelet restarts
// the process after 10s, caches answer 429 while they re-list, then an
// old RV gets 410 from the new cache.
func TestOOMKillAndRestart(t *testing.T) {
	cost := CostModel{}.withDefaults()
	cost.EtcdPerObject = 100 * time.Millisecond // a slow relist: 50 pods take 5s
	mem := MemoryModel{}.withDefaults()
	cacheBytes := mem.cacheMemory(50, 50*1_000_000)
	cfg := Config{Cost: cost, Memory: MemoryModel{Limit: mem.BaseBytes + cacheBytes + 10_000_000}}
	r := newRig(t, cfg)
	r.putPods(50, 1_000_000)
	r.runTo(r.now + 7*time.Second)
	wid := r.submit(Request{Verb: WATCH, Resource: "pods", Options: am.ListOptions{ResourceVersion: "2"}})
	var stream *Stream
	for _, c := range r.s.TakeCompleted() {
		if c.Response.ID == wid {
			stream = c.Stream
		}
	}
	if stream == nil {
		t.Fatal("watch did not open")
	}
	got := r.resp(list("0", 0))
	if got.ConnErr != ErrConnReset || r.s.Up() {
		t.Fatalf("big list: %v, up %v", got, r.s.Up())
	}
	if !stream.Ended() || stream.EndReason() != ErrConnReset {
		t.Fatalf("watch after OOM: ended %v reason %v", stream.Ended(), stream.EndReason())
	}
	killedAt := r.now
	if got := r.resp(list("0", 0)); got.ConnErr != ErrConnRefused {
		t.Fatalf("while down: %v", got)
	}
	r.runTo(killedAt + 10*time.Second + 2*time.Second + time.Second)
	w := r.resp(Request{Verb: WATCH, Resource: "pods", Options: am.ListOptions{ResourceVersion: "2"}})
	if w.Code != 429 || w.RetryAfter != 1 || w.Status.Message != am.MsgStorageInitializing {
		t.Fatalf("watch during re-init: %v", w)
	}
	r.runTo(r.now + 6*time.Second)
	c, _ := r.do(Request{Verb: WATCH, Resource: "pods", Options: am.ListOptions{ResourceVersion: "2"}})
	if c.Stream == nil {
		t.Fatalf("watch after restart: %v", c.Response)
	}
	e, ok := c.Stream.Next()
	if !ok || e.Type != am.Error || e.Status.Code != 410 || e.Status.Message != "too old resource version: 2 (51)" {
		t.Fatalf("first event %v", e)
	}
}

// Restart re-initializes the caches at the current revision.
func TestRestart(t *testing.T) {
	r := newRig(t, Config{})
	r.putPods(3, 0)
	r.runTo(r.now + time.Second)
	r.s.Restart(r.now)
	if got := r.resp(list("0", 0)); got.ConnErr != ErrConnRefused {
		t.Fatalf("during startup: %v", got)
	}
	r.runTo(r.now + 3*time.Second)
	if c := r.s.Cacher("pods"); c.ListResourceVersion() != 4 {
		t.Fatalf("relist RV %d", c.ListResourceVersion())
	}
}
