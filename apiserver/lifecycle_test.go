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

// OOM kill: a LIST from etcd decodes every object it fetched, which
// pushes memory past the limit; every watch ends with a reset, requests
// are refused while down, the kubelet restarts the process at once (a
// first crash), caches answer 429 while they re-list, then an old RV
// gets 410 from the new cache. The same LIST served by the cache holds
// nothing new: since 1.34 its response streams out item by item.
func TestOOMKillAndRestart(t *testing.T) {
	cost := CostModel{}.withDefaults()
	cost.EtcdPerObject = 100 * time.Millisecond // a slow relist: 50 pods take 5s
	mem := MemoryModel{}.withDefaults()
	cacheBytes := mem.cacheMemory(50, 50*1_000_000)
	cfg := Config{Cost: cost, Memory: MemoryModel{Limit: mem.BaseBytes + cacheBytes + 10_000_000}, DisableConsistentReads: true}
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
	if got := r.resp(list("0", 0)); got.Code != 200 || !r.s.Up() {
		t.Fatalf("50 MB from the cache with 10 MB headroom: %v, up %v", got, r.s.Up())
	}
	got := r.resp(list("", 0))
	if got.ConnErr != ErrConnReset || r.s.Up() {
		t.Fatalf("big list from etcd: %v, up %v", got, r.s.Up())
	}
	if !stream.Ended() || stream.EndReason() != ErrConnReset {
		t.Fatalf("watch after OOM: ended %v reason %v", stream.Ended(), stream.EndReason())
	}
	killedAt := r.now
	if got := r.resp(list("0", 0)); got.ConnErr != ErrConnRefused {
		t.Fatalf("while down: %v", got)
	}
	r.runTo(killedAt + 2*time.Second + time.Second)
	w := r.resp(Request{Verb: WATCH, Resource: "pods", Options: am.ListOptions{ResourceVersion: "2"}})
	if w.Code != 429 || w.RetryAfter != 1 || w.Status.Message != am.MsgStorageInitializing {
		t.Fatalf("watch during re-init (first crash: restarted at once): %v", w)
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

// Before 1.34 (BufferedListEncoding) the cache's answer was serialized
// whole before it was written: the same 50 MB LIST from the cache kills
// the replica that survives it on 1.36.
func TestBufferedListEncodingHoldsTheResponse(t *testing.T) {
	mem := MemoryModel{}.withDefaults()
	cacheBytes := mem.cacheMemory(50, 50*1_000_000)
	cfg := Config{Memory: MemoryModel{Limit: mem.BaseBytes + cacheBytes + 10_000_000, BufferedListEncoding: true}}
	r := newRig(t, cfg)
	r.putPods(50, 1_000_000)
	r.runTo(r.now + 7*time.Second)
	if got := r.resp(list("0", 0)); got.ConnErr != ErrConnReset || r.s.Up() {
		t.Fatalf("buffered 50 MB with 10 MB headroom: %v, up %v", got, r.s.Up())
	}
}

// The kubelet's crash loop: the first restart at once, then 10s doubling
// per crash, capped at 5 minutes.
func TestCrashLoopBackOff(t *testing.T) {
	m := MemoryModel{}.withDefaults()
	want := []time.Duration{0, 10 * time.Second, 20 * time.Second, 40 * time.Second, 80 * time.Second,
		160 * time.Second, 5 * time.Minute, 5 * time.Minute}
	for i, w := range want {
		if got := m.restartDelay(i + 1); got != w {
			t.Errorf("restart %d: %v, want %v", i+1, got, w)
		}
	}
}

// A restarted process starts its own counters at zero; the kubelet's
// restart count carries on.
func TestCountersStartAtZeroAfterRestart(t *testing.T) {
	r := newRig(t, Config{})
	r.putPods(3, 0)
	r.runTo(r.now + time.Second)
	r.resp(list("0", 0))
	value := func(name string) float64 {
		v := 0.0
		for _, s := range r.s.Samples() {
			if s.Name == name {
				v += s.Value
			}
		}
		return v
	}
	if value("apiserver_request_total") == 0 || value("apiserver_watch_cache_initializations_total") == 0 {
		t.Fatal("no requests or initializations counted before the restart")
	}
	boots := r.s.Boots()
	r.s.Restart(r.now)
	if r.s.Boots() != boots+1 {
		t.Fatalf("boots %d after a restart from %d", r.s.Boots(), boots)
	}
	if got := value("apiserver_request_total"); got != 0 {
		t.Fatalf("apiserver_request_total %v after the restart", got)
	}
	if got := value("kube_pod_container_status_restarts_total"); got != 1 {
		t.Fatalf("restarts %v", got)
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
