package engine

import (
	"testing"
	"time"

	am "watchscope/apimachinery"
	"watchscope/apiserver"
)

// TestEtcdWatchLatency: with a slow etcd watch a write is answered at
// once but reaches a client's watch (through the cache) only after the
// latency; the fault and its end are in the trace.
func TestEtcdWatchLatency(t *testing.T) {
	w, err := NewWorld(Config{Seed: 3, APIServers: APIServersConfig{Replicas: 1}})
	if err != nil {
		t.Fatal(err)
	}
	w.RunFor(3 * time.Second)
	var seen time.Duration
	w.Watch("kubelet-1", apiserver.Request{Resource: "pods", Options: am.ListOptions{ResourceVersion: "0"}},
		func(e am.WatchEvent) {
			if e.Type == am.Added {
				seen = w.Now()
			}
		}, func(error) {})
	w.RunFor(time.Second)
	if err := w.SetEtcdWatchLatency(2 * time.Second); err != nil {
		t.Fatal(err)
	}
	var answered time.Duration
	w.Do("controller-0", apiserver.Request{Verb: apiserver.CREATE, Resource: "pods", Namespace: "default",
		Body: &am.Object{ObjectMeta: am.ObjectMeta{Name: "p", Namespace: "default"}}},
		func(apiserver.Response) { answered = w.Now() })
	w.RunFor(5 * time.Second)
	if answered == 0 || seen == 0 {
		t.Fatalf("create answered at %v, watch event at %v", answered, seen)
	}
	if lag := seen - answered; lag < 1900*time.Millisecond || lag > 2200*time.Millisecond {
		t.Fatalf("the watch saw the create %v after its answer, want about 2s", lag)
	}
	if err := w.SetEtcdWatchLatency(0); err != nil || w.EtcdWatchLatency() != 0 {
		t.Fatalf("ending the fault: %v, latency %v", err, w.EtcdWatchLatency())
	}
	var kinds []string
	for _, e := range w.Trace.Since(0) {
		if e.Node == EtcdNode && (e.Kind == KindFault || e.Kind == KindHeal) {
			kinds = append(kinds, e.Kind.String())
		}
	}
	if len(kinds) != 2 || kinds[0] != "FAULT" || kinds[1] != "HEAL" {
		t.Fatalf("trace on %s: %v, want FAULT then HEAL", EtcdNode, kinds)
	}
}
