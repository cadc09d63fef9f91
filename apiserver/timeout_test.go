package apiserver

import (
	"slices"
	"testing"
	"time"

	am "watchscope/apimachinery"
)

// A watch that reaches its request timeout leaves the live streams, and
// its end must still reach the driver (TakeEndedStreams) with a nil
// reason: client-go re-watches on that normal close. A watch with a later
// timeout stays live.
func TestWatchTimeoutEndIsDelivered(t *testing.T) {
	r := newRig(t, Config{})
	r.putPods(2, 0)
	r.runTo(r.now + time.Second)
	secs := func(n int64) *int64 { return &n }
	watch := func(timeout int64) *Stream {
		t.Helper()
		req := Request{Verb: WATCH, Resource: "pods", Options: am.ListOptions{Watch: true, ResourceVersion: "0", TimeoutSeconds: secs(timeout)}}
		c, _ := r.do(req)
		if c.Stream == nil {
			t.Fatalf("watch not opened: %v", c.Response)
		}
		return c.Stream
	}
	short, long := watch(10), watch(60)
	var ended []*Stream
	for end := r.now + 20*time.Second; r.now < end; {
		r.runTo(min(r.now+time.Second, end))
		ended = append(ended, r.s.TakeEndedStreams()...)
	}
	if !slices.Contains(ended, short) || !short.Ended() || short.EndReason() != nil {
		t.Fatalf("10s watch: ended=%v delivered=%v reason=%v", short.Ended(), slices.Contains(ended, short), short.EndReason())
	}
	if slices.Contains(ended, long) || long.Ended() || !slices.Contains(r.s.Streams(), long) {
		t.Fatal("60s watch ended after 20s")
	}
}
