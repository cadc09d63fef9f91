package watchcache

import (
	"fmt"
	"math/rand/v2"
	"strings"
	"testing"
	"time"

	am "watchscope/apimachinery"
	"watchscope/mvcc"
)

// TestReflectorStall, one row per outcome: a reflector that stops reading
// leaves etcd to queue 128 responses and hold the watch back as slow;
// what happens when it reads again depends on whether a compaction passed
// the watch meanwhile and on what was queued:
//   - no compaction: it catches up, still Ready;
//   - compacted past it, only creates queued: etcd cancels the watch, "The
//     resourceVersion for the provided watch is too old.", Pending;
//   - compacted past it, updates queued: their previous values are gone,
//     "etcd event received with PrevKv=nil", Pending.
func TestReflectorStall(t *testing.T) {
	for _, tc := range []struct {
		name    string
		compact bool
		update  bool
		wantErr string
	}{
		{"no compaction: it catches up", false, false, ""},
		{"compacted past it: the watch is too old", true, false, "The resourceVersion for the provided watch is too old."},
		{"compacted past queued updates: PrevKv is gone", true, true, "etcd event received with PrevKv=nil"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			s, err := mvcc.NewServer(mvcc.Config{Rand: rand.New(rand.NewPCG(1, 1))})
			if err != nil {
				t.Fatal(err)
			}
			pod := func(i int) *am.Object {
				name := fmt.Sprintf("p-%d", i)
				if tc.update {
					name = fmt.Sprintf("p-%d", i%5)
				}
				return &am.Object{Kind: "Pod", ObjectMeta: am.ObjectMeta{Name: name, Namespace: "default"}}
			}
			for i := range 5 {
				putPod(t, s, pod(i))
			}
			c := New(Config{Resource: pods}, 0)
			r := NewReflector(c, s)
			r.Step(0)
			stalledAt := c.ResourceVersion()
			r.Stall(10 * time.Second)
			last := int64(0)
			for i := range 300 {
				last = putPod(t, s, pod(5+i))
				runUntil(s, r, time.Duration(i)*10*time.Millisecond, time.Duration(i)*10*time.Millisecond)
			}
			if c.ResourceVersion() != stalledAt {
				t.Fatalf("a stalled cache moved: RV %d, want %d", c.ResourceVersion(), stalledAt)
			}
			if m := s.Metrics(); m.SlowWatcherTotal != 1 {
				t.Fatalf("slow watchers %d, want the cache's one", m.SlowWatcherTotal)
			}
			if tc.compact {
				if _, err := s.Compact(last - 10); err != nil {
					t.Fatal(err)
				}
			}
			runUntil(s, r, 10*time.Second, 10500*time.Millisecond) // the restart is 1s after a failure
			switch {
			case tc.wantErr == "":
				if c.ReadyState() != Ready || c.ResourceVersion() != uint64(last) {
					t.Fatalf("after the stall: %v at RV %d, want Ready at %d", c.ReadyState(), c.ResourceVersion(), last)
				}
			case r.LastError == nil || !strings.Contains(r.LastError.Error(), tc.wantErr):
				t.Fatalf("after the stall: error %v, want %q", r.LastError, tc.wantErr)
			case c.ReadyState() != Pending:
				t.Fatalf("after the stall: %v, want Pending", c.ReadyState())
			}
		})
	}
}
