package apiserver

import (
	"testing"

	"watchscope/mvcc"
)

// --watch-cache-sizes=pods#1000 is dropped in 1.36 (dynamic sizing: the
// ring starts at 100) and fixes the ring at 1000 in the legacy model;
// pods#0 disables the pods cache either way. Reconfigure restarts.
func TestWatchCacheSizesKnob(t *testing.T) {
	etcd, err := mvcc.NewServer(mvcc.Config{})
	if err != nil {
		t.Fatal(err)
	}
	s, err := New(Config{WatchCacheSizes: "pods#1000"}, etcd, 0)
	if err != nil {
		t.Fatal(err)
	}
	if got := s.Cacher("pods").Capacity(); got != 100 {
		t.Fatalf("1.36 ignores pods#1000: capacity %d, want 100", got)
	}
	restarts := s.restarts
	if err := s.Reconfigure(0, Config{WatchCacheSizes: "pods#1000", LegacyFixedWatchCacheSizes: true}); err != nil {
		t.Fatal(err)
	}
	if s.restarts != restarts+1 {
		t.Fatalf("reconfigure must restart the process")
	}
	if got := s.Cacher("pods").Capacity(); got != 1000 {
		t.Fatalf("legacy fixed sizing: capacity %d, want 1000", got)
	}
	if err := s.Reconfigure(0, Config{WatchCacheSizes: "pods#0"}); err != nil {
		t.Fatal(err)
	}
	if s.Cacher("pods") != nil {
		t.Fatalf("pods#0 must disable the pods cache")
	}
	if err := s.Reconfigure(0, Config{WatchCacheSizes: "pods#x"}); err == nil {
		t.Fatalf("a malformed --watch-cache-sizes must be rejected")
	}
}

// The flag's entries are merged over kube-apiserver's defaults
// (events#0,events.events.k8s.io#0): naming pods leaves events uncached,
// and events#50 (a later entry) caches them again.
func TestWatchCacheSizesMergeOverDefaults(t *testing.T) {
	for _, c := range []struct {
		flag   string
		events bool
	}{{"", false}, {"pods#50", false}, {"events#50", true}, {"events#50,events#0", false}} {
		enabled, _, err := Config{WatchCacheSizes: c.flag}.withDefaults().cacheEnabled("events")
		if err != nil || enabled != c.events {
			t.Errorf("--watch-cache-sizes=%q: events cached %v (%v), want %v", c.flag, enabled, err, c.events)
		}
	}
}
