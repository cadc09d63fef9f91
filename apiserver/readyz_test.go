package apiserver

import (
	"strings"
	"testing"
	"time"
)

// TestReadyz, one row per rule of /readyz and the storage-readiness hook:
// refused while starting; 500 naming the hook while a cache lists; ok
// once every cache was Ready; ok after the timeout whatever the caches
// say; and, the hook having finished, ok again when a cache goes Pending
// later. The pods cache lists 50 objects at 100 ms each: 5 s of Pending.
func TestReadyz(t *testing.T) {
	slow := func(timeout time.Duration) Config {
		cost := CostModel{}.withDefaults()
		cost.EtcdPerObject = 100 * time.Millisecond
		return Config{Cost: cost, StorageInitializationTimeout: timeout}
	}
	type probe struct {
		after   time.Duration // since the restart
		verbose bool
		want    string // "refused", or the body's start
		code    int
	}
	for _, tc := range []struct {
		name    string
		timeout time.Duration
		probes  []probe
	}{
		{"the hook waits for the pods cache", 0, []probe{
			{time.Second, false, "refused", 0},
			{3 * time.Second, false, "[+]ping ok\n[+]log ok\n[+]etcd ok\n[-]poststarthook/storage-readiness failed: reason withheld\n[+]shutdown ok\nreadyz check failed\n", 500},
			{3 * time.Second, true, "[+]ping ok\n[+]log ok\n[+]etcd ok\n[-]poststarthook/storage-readiness failed", 500},
			{8 * time.Second, false, "ok", 200},
			{8 * time.Second, true, "[+]ping ok\n[+]log ok\n[+]etcd ok\n[+]poststarthook/storage-readiness ok\n[+]shutdown ok\nreadyz check passed\n", 200},
		}},
		{"--storage-initialization-timeout=2s: ready anyway", 2 * time.Second, []probe{
			{3 * time.Second, false, "[+]ping ok", 500},
			{4 * time.Second, false, "ok", 200},
		}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			r := newRig(t, slow(tc.timeout))
			r.putPods(50, 1000)
			r.s.Restart(r.now)
			start := r.now
			for _, p := range tc.probes {
				r.runTo(start + p.after)
				body, code, ok := r.s.Readyz(r.now, p.verbose)
				switch {
				case p.want == "refused":
					if ok {
						t.Errorf("at %v: %d %q, want a refused connection", p.after, code, body)
					}
				case !ok || code != p.code || !strings.HasPrefix(body, p.want):
					t.Errorf("at %v (verbose %v): %v %d %q, want %d %q", p.after, p.verbose, ok, code, body, p.code, p.want)
				}
			}
		})
	}
	t.Run("finished hooks stay finished", func(t *testing.T) {
		r := newRig(t, Config{})
		r.runTo(r.now + time.Second)
		if _, code, _ := r.s.Readyz(r.now, false); code != 200 {
			t.Fatalf("a settled replica: %d", code)
		}
		rc := r.s.lookup("pods")
		rc.cacher.ListAndWatchEnded(r.now, nil)
		if got := rc.cacher.ReadyState().String(); got != "Pending" {
			t.Fatalf("pods cache %s, want Pending", got)
		}
		if body, code, _ := r.s.Readyz(r.now, false); code != 200 || body != "ok" {
			t.Errorf("a cache Pending after the hook finished: %d %q, want 200 ok", code, body)
		}
	})
}
