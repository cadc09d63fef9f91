package apiserver

import (
	"strconv"
	"testing"
	"time"

	am "watchscope/apimachinery"
)

// TestEtcdWatchLatency: with a slow etcd watch an RV "0" GET is served
// stale from the cache, an RV "" GET reads etcd, a consistent LIST waits
// for the cache (or falls back to etcd after 3s), and the latency
// outlives a restart.
func TestEtcdWatchLatency(t *testing.T) {
	r := newRig(t, Config{})
	r.putPods(1, 0)
	r.runTo(r.now + time.Second)
	r.s.SetEtcdWatchLatency(2 * time.Second)
	pod := &am.Object{ObjectMeta: am.ObjectMeta{Name: "p0000", Namespace: "default", Labels: map[string]string{"v": "2"}}}
	rev := r.put("pods", pod)
	get := func(rv string) *am.Object {
		resp := r.resp(Request{Verb: GET, Resource: "pods", Namespace: "default", Name: "p0000", Options: am.ListOptions{ResourceVersion: rv}})
		if resp.Code != 200 {
			t.Fatalf("GET rv=%q: %v", rv, resp)
		}
		return resp.Object
	}
	if o := get("0"); o.RV() >= uint64(rev) || o.Labels["v"] == "2" {
		t.Fatalf("RV 0 GET within the latency: got %s, want the object before revision %d", o, rev)
	}
	if o := get(""); o.RV() != uint64(rev) {
		t.Fatalf("RV \"\" GET: got %s, want revision %d from etcd", o, rev)
	}
	c, took := r.do(list("", 0))
	if c.Response.Code != 200 || Route(c.Response.Route) != RouteCacheConsistent || c.Response.List.ResourceVersion != strconv.FormatInt(rev, 10) {
		t.Fatalf("consistent LIST: %v", c.Response)
	}
	if took < 1500*time.Millisecond || took > 2100*time.Millisecond {
		t.Fatalf("consistent LIST waited %v, want about the 2s latency", took)
	}
	r.s.SetEtcdWatchLatency(5 * time.Second)
	r.put("pods", pod)
	c, took = r.do(list("", 0))
	if Route(c.Response.Route) != RouteEtcdFallback || took < 3*time.Second || took > 3200*time.Millisecond {
		t.Fatalf("with a 5s latency: route %s after %v, want etcd-fallback after 3s", c.Response.Route, took)
	}
	r.s.Restart(r.now)
	r.runTo(r.now + 30*time.Second)
	if rc := r.s.byName["pods"]; r.s.EtcdWatchLatency() != 5*time.Second || rc.reflector.Latency() != 5*time.Second {
		t.Fatalf("after a restart: latency %v, reflector %v", r.s.EtcdWatchLatency(), rc.reflector.Latency())
	}
}
