package apiserver

import (
	"testing"
	"time"

	am "watchscope/apimachinery"
)

// A GET ahead of the cache waits exactly 3s, then 504 with the real text.
func TestTooLargeResourceVersionAfter3s(t *testing.T) {
	r := newRig(t, Config{})
	r.putPods(1, 0)
	r.runTo(r.now + time.Second)
	c, took := r.do(Request{Verb: GET, Resource: "pods", Namespace: "default", Name: "p0000",
		Options: am.ListOptions{ResourceVersion: "1000"}})
	got := c.Response
	want := "Timeout: Too large resource version: 1000, current: 2"
	if got.Code != 504 || got.Status.Message != want || got.RetryAfter != 1 {
		t.Fatalf("got %v", got)
	}
	if wantTook := 3*time.Second + r.s.cfg.Cost.RequestOverhead; took != wantTook {
		t.Fatalf("answered after %v, want %v", took, wantTook)
	}
}

// A consistent LIST whose cache cannot catch up falls back to etcd after
// 3s and is counted as a fallback that succeeded (the real delegator sets
// success from etcd's answer: success="true",fallback="true").
func TestConsistentReadFallback(t *testing.T) {
	r := newRig(t, Config{})
	r.putPods(2, 0)
	r.runTo(r.now + time.Second)
	rc := r.s.byName["pods"]
	rc.startAt = time.Hour // the reflector stops reading etcd
	r.putPods(3, 0)
	start := r.now
	id := r.submit(list("", 0))
	var got *Response
	for got == nil && r.now-start < 10*time.Second {
		r.now += 10 * time.Millisecond
		rc.cacher.Step(r.now)
		r.s.Step(r.now)
		for _, c := range r.s.TakeCompleted() {
			if c.Response.ID == id {
				got = &c.Response
			}
		}
	}
	if got == nil || got.Code != 200 || Route(got.Route) != RouteEtcdFallback || len(got.List.Items) != 3 {
		t.Fatalf("got %v", got)
	}
	if took := r.now - start; took < 3*time.Second || took > 3100*time.Millisecond {
		t.Fatalf("fallback after %v", took)
	}
	m := rc.cacher.Metrics()
	if m.ConsistentReadFallback != 1 || m.ConsistentReadFallbackFailed != 0 || m.ConsistentReadSuccess != 0 {
		t.Fatalf("consistent read metrics: %+v", m)
	}
	// The 3s wait lands in the le="3" bucket, not below it.
	if m.ReadWaitBuckets[len(m.ReadWaitBuckets)-2] != 1 {
		t.Fatalf("read wait buckets %v", m.ReadWaitBuckets)
	}
}
