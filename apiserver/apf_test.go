package apiserver

import (
	"testing"
	"time"

	am "watchscope/apimachinery"
)

// The Retry-After tracker: doubling when >= 3*retryAfter drops in the
// window, capped at 32; stepping down by one after a quiet window.
func TestRetryAfterTracker(t *testing.T) {
	s := newDroppedRequestsStats(0)
	steps := []struct {
		at, drops, want int64
	}{
		{0, 2, 1}, {0, 1, 2}, // third drop in the window: 1 -> 2
		{1, 2, 2}, {1, 1, 4}, // six drops since the change (at t=0): 2 -> 4
		{2, 8, 4}, {2, 1, 8}, // 3 at t=1 + 9 at t=2 = 12
		{3, 14, 8}, {3, 1, 16},
		{4, 32, 16}, {4, 1, 32},
		{5, 200, 32}, // capped
		{40, 1, 31},  // a quiet window: step down by one
		{42, 1, 31},  // not a full window since the change yet
		{80, 1, 30},
	}
	for i, st := range steps {
		for range st.drops {
			s.recordDroppedRequest(st.at)
		}
		if s.retryAfter != st.want {
			t.Fatalf("step %d (t=%d): retryAfter %d, want %d", i, st.at, s.retryAfter, st.want)
		}
	}
}

// APF: a request that finds its level full waits in a queue, runs when
// seats free up, and is rejected with 429 after 15s in the queue.
func TestAPFQueueingAndTimeout(t *testing.T) {
	r := newRig(t, Config{MaxRequestsInflight: 4, MaxMutatingRequestsInflight: 2})
	r.putPods(25, 0)
	r.runTo(r.now + time.Second)
	lvl := r.s.apf.byName["global-default"]
	if lvl.limit != 1 {
		t.Fatalf("global-default limit %d, want ceil(6*20/245)=1", lvl.limit)
	}
	// a watch with 25 initial events nobody reads holds the only seat
	r.submit(Request{Verb: WATCH, Resource: "pods", Options: am.ListOptions{ResourceVersion: "0"}})
	if lvl.seatsInUse != 1 {
		t.Fatalf("seats in use %d", lvl.seatsInUse)
	}
	c, took := r.do(list("0", 0))
	got := c.Response
	if got.Code != 429 || got.Status.Message != am.MsgTooManyRequests || got.RetryAfter != 1 || took != 15*time.Second {
		t.Fatalf("got %v after %v", got, took)
	}
	if n := r.s.apf.rejected[[3]string{"global-default", "global-default", "time-out"}]; n != 1 {
		t.Fatalf("rejected counter %d", n)
	}
	// reading the watch releases its seat; the next list runs at once
	for _, st := range r.s.Streams() {
		for {
			if _, ok := st.Next(); !ok {
				break
			}
		}
	}
	r.s.Step(r.now)
	if c, took := r.do(list("0", 0)); c.Response.Code != 200 || took > 10*time.Millisecond {
		t.Fatalf("after release: %v in %v", c.Response, took)
	}
}

// Max-in-flight (APF off): the pool is full -> immediate 429, Retry-After 1;
// watches are not counted.
func TestMaxInFlight(t *testing.T) {
	r := newRig(t, Config{DisableAPF: true, MaxRequestsInflight: 1})
	r.submit(Request{Verb: WATCH, Resource: "pods"})
	first := r.submit(list("0", 0))
	second := r.submit(list("0", 0))
	var codes = map[uint64]int32{}
	for _, c := range r.s.TakeCompleted() {
		codes[c.Response.ID] = c.Response.Code
		if c.Response.ID == second && c.Response.RetryAfter != 1 {
			t.Fatalf("retry-after %d", c.Response.RetryAfter)
		}
	}
	if codes[second] != 429 {
		t.Fatalf("second list: %v", codes)
	}
	r.runTo(r.now + time.Second)
	for _, c := range r.s.TakeCompleted() {
		codes[c.Response.ID] = c.Response.Code
	}
	if codes[first] != 200 {
		t.Fatalf("first list: %v", codes)
	}
}
