package apiserver

import (
	"testing"
	"time"

	am "watchscope/apimachinery"
)

// While a cache is Pending (C11): a paginated LIST without selectors goes
// to etcd, other LISTs and WATCHes get 429 "storage is (re)initializing",
// a GET with an RV goes to etcd. (The etcd answers come last: their
// service time lets the cache finish its relist.)
func TestNotReadyRouting(t *testing.T) {
	cost := CostModel{}.withDefaults()
	cost.EtcdPerObject = time.Second // 5 pods: a 5s relist
	r := newRig(t, Config{Cost: cost})
	r.putPods(5, 0)
	r.s.Restart(r.now)
	r.runTo(r.now + 3*time.Second)
	cases := []struct {
		name  string
		req   Request
		code  int32
		route Route
	}{
		{"paginated with selector", Request{Verb: LIST, Resource: "pods", Options: am.ListOptions{ResourceVersion: "0", Limit: 500, LabelSelector: "i=1"}}, 429, RouteCache},
		{"unpaginated", list("0", 0), 429, RouteCache},
		{"watch", Request{Verb: WATCH, Resource: "pods"}, 429, RouteCache},
		{"get with RV", Request{Verb: GET, Resource: "pods", Namespace: "default", Name: "p0001", Options: am.ListOptions{ResourceVersion: "0"}}, 200, RouteEtcd},
		{"paginated, no selectors", list("0", 500), 200, RouteEtcd},
	}
	for _, tc := range cases {
		got := r.resp(tc.req)
		if got.Code != tc.code || Route(got.Route) != tc.route {
			t.Fatalf("%s: got %v, want %d via %s", tc.name, got, tc.code, tc.route)
		}
		if got.Code == 429 && (got.Status.Message != am.MsgStorageInitializing || got.RetryAfter != 1) {
			t.Fatalf("%s: %v", tc.name, got)
		}
	}
}
