package console

import (
	"strings"
	"testing"

	"watchscope/engine"
)

func TestSimFeatureGates(t *testing.T) {
	cfg := engine.Config{Seed: 1}
	cfg.APIServers.Replicas = 1
	_, sh, err := NewWorld(cfg)
	if err != nil {
		t.Fatal(err)
	}
	for _, tt := range []struct{ arg, want string }{
		{"ConsistentListFromCache=false", "cannot set feature gate ConsistentListFromCache to false, feature is locked to true"},
		{"StreamingCollectionEncodingToJSON=false", "cannot set feature gate StreamingCollectionEncodingToJSON to false, feature is locked to true"},
		{"NoSuchGate=true", "unrecognized feature gate: NoSuchGate"},
		{"WatchList=maybe", "invalid value of WatchList: maybe"},
	} {
		if _, err := sh.Exec("sim feature-gates " + tt.arg); err == nil || !strings.Contains(err.Error(), tt.want) {
			t.Errorf("%s: got %v, want %q", tt.arg, err, tt.want)
		}
	}
	// With snapshots off, a continue page is served by etcd.
	for _, line := range []string{"sim feature-gates ListFromCacheSnapshot=false", "sim advance 10s",
		"kubectl run a", "kubectl run b", "kubectl run c", "kubectl get pods --chunk-size 2"} {
		if _, err := sh.Exec(line); err != nil {
			t.Fatalf("%s: %v", line, err)
		}
	}
	var routes []string
	for _, ev := range sh.World().Trace.Since(0) {
		if ev.Kind == engine.KindResp && strings.Contains(ev.Detail, " items ") {
			routes = append(routes, ev.Detail[strings.LastIndex(ev.Detail, "("):])
		}
	}
	if got := strings.Join(routes, " "); got != "(cache-consistent) (etcd)" {
		t.Fatalf("list routes %q, want the first page from the cache and the continue page from etcd", got)
	}
}
