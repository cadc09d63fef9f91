package apiserver

import (
	"testing"

	am "watchscope/apimachinery"
)

// Every row of the 1.36 LIST routing table, as Response.Route reports it.
func TestListRoutingTable(t *testing.T) {
	r := newRig(t, Config{})
	r.putPods(5, 0)
	r.runTo(r.now + 200_000_000)
	first := r.resp(list("", 2))
	if first.Code != 200 || first.List.Continue == "" {
		t.Fatalf("first page: %v", first)
	}
	rv := first.List.ResourceVersion
	cases := []struct {
		name string
		opts am.ListOptions
		want Route
	}{
		{"RV 0", am.ListOptions{ResourceVersion: "0", Limit: 500}, RouteCache},
		{"RV empty", am.ListOptions{}, RouteCacheConsistent},
		{"RV empty with limit", am.ListOptions{Limit: 2}, RouteCacheConsistent},
		{"RV N no limit", am.ListOptions{ResourceVersion: rv}, RouteCache},
		{"RV N with limit (legacy exact)", am.ListOptions{ResourceVersion: rv, Limit: 2}, RouteCacheSnapshot},
		{"NotOlderThan", am.ListOptions{ResourceVersion: rv, ResourceVersionMatch: "NotOlderThan", Limit: 2}, RouteCache},
		{"Exact", am.ListOptions{ResourceVersion: rv, ResourceVersionMatch: "Exact"}, RouteCacheSnapshot},
		{"continue", am.ListOptions{Continue: first.List.Continue, Limit: 2}, RouteCacheSnapshot},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			got := r.resp(Request{Verb: LIST, Resource: "pods", Options: tc.opts})
			if got.Code != 200 || Route(got.Route) != tc.want {
				t.Fatalf("got %v, want route %s", got, tc.want)
			}
		})
	}
}

// RV "0" ignores limit; a consistent list honours it with a token.
func TestListLimitSemantics(t *testing.T) {
	r := newRig(t, Config{})
	r.putPods(5, 0)
	r.runTo(r.now + 200_000_000)
	if got := r.resp(list("0", 2)); len(got.List.Items) != 5 || got.List.Continue != "" {
		t.Fatalf("RV 0 limit 2: %d items, continue %q", len(got.List.Items), got.List.Continue)
	}
	got := r.resp(list("", 2))
	if len(got.List.Items) != 2 || got.List.RemainingItemCount == nil || *got.List.RemainingItemCount != 3 {
		t.Fatalf("RV \"\" limit 2: %v remaining %v", got, got.List.RemainingItemCount)
	}
}

// Disabled caches and disabled consistent reads send reads to etcd.
func TestRoutingKnobs(t *testing.T) {
	zero := 0
	for _, tc := range []struct {
		name string
		cfg  Config
		res  string
		want Route
	}{
		{"events not cached by default", Config{}, "events", RouteEtcd},
		{"pods#0", Config{WatchCacheSizes: "pods#0"}, "pods", RouteEtcd},
		{"default size 0", Config{DefaultWatchCacheSize: &zero}, "pods", RouteEtcd},
		{"consistent reads off", Config{DisableConsistentReads: true}, "pods", RouteEtcd},
		{"pods cached", Config{}, "pods", RouteCacheConsistent},
	} {
		t.Run(tc.name, func(t *testing.T) {
			r := newRig(t, tc.cfg)
			got := r.resp(Request{Verb: LIST, Resource: tc.res})
			if got.Code != 200 || Route(got.Route) != tc.want {
				t.Fatalf("got %v, want %s", got, tc.want)
			}
		})
	}
}

// An exact RV older than the relist has no snapshot: etcd serves it.
func TestExactBelowSnapshotsGoesToEtcd(t *testing.T) {
	r := newRig(t, Config{})
	r.putPods(3, 0)
	r.s.Restart(r.now)
	r.runTo(r.now + 5_000_000_000)
	got := r.resp(Request{Verb: LIST, Resource: "pods", Options: am.ListOptions{ResourceVersion: "2", ResourceVersionMatch: "Exact"}})
	if got.Code != 200 || Route(got.Route) != RouteEtcd || len(got.List.Items) != 1 || got.List.ResourceVersion != "2" {
		t.Fatalf("got %v", got)
	}
}
