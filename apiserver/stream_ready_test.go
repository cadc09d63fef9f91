package apiserver

import (
	"fmt"
	"math/rand/v2"
	"slices"
	"testing"
	"time"

	am "watchscope/apimachinery"
)

// TestReadyStreamsCoverEveryStreamWithOutput is model-based: with random
// writes, partial reads, client stops and request timeouts, after every
// step (1) no ended stream is left in Streams(), and (2) TakeReadyStreams
// holds every open stream with buffered events or an end, in the order of
// Streams() - what scanning every stream found. Like the engine, the
// test reads every ready stream to the end of its buffer.
func TestReadyStreamsCoverEveryStreamWithOutput(t *testing.T) {
	for seed := range uint64(4) {
		rnd := rand.New(rand.NewPCG(seed, 9))
		r := newRig(t, Config{})
		r.putPods(4, 0)
		r.runTo(r.now + time.Second)
		for i := range 30 {
			timeout := int64(5 + rnd.IntN(30))
			opts := am.ListOptions{Watch: true, ResourceVersion: "0", TimeoutSeconds: &timeout,
				LabelSelector: fmt.Sprintf("i=%d", i%2)}
			r.submit(Request{Verb: WATCH, Resource: "pods", Options: opts})
		}
		r.runTo(r.now + time.Second)
		r.s.TakeCompleted()
		for step := range 200 {
			r.put("pods", &am.Object{ObjectMeta: am.ObjectMeta{Name: fmt.Sprintf("p%04d", rnd.IntN(20)), Namespace: "default",
				Labels: map[string]string{"i": fmt.Sprint(step % 2)}}})
			streams := slices.Clone(r.s.Streams())
			for _, st := range streams {
				switch rnd.IntN(10) {
				case 0:
					st.Stop()
				case 1, 2, 3:
					for range rnd.IntN(3) {
						st.Next()
					}
				}
			}
			r.runTo(r.now + 200*time.Millisecond)
			r.s.TakeEndedStreams()
			checkReady(t, r.s)
		}
	}
}

func checkReady(t *testing.T, s *Server) {
	t.Helper()
	ready := s.TakeReadyStreams()
	pos := map[*Stream]int{}
	for i, st := range s.Streams() {
		pos[st] = i
		if st.Ended() {
			t.Fatalf("stream #%d ended but still live", st.ID)
		}
	}
	last := -1
	for _, st := range ready {
		i, ok := pos[st]
		if !ok {
			t.Fatalf("ready stream #%d is not live", st.ID)
		}
		if i <= last {
			t.Fatalf("ready streams out of order at #%d", st.ID)
		}
		last = i
	}
	for _, st := range s.Streams() {
		if (st.Buffered() > 0 || st.Ended()) && !slices.Contains(ready, st) {
			t.Fatalf("stream #%d has %d buffered but is not ready", st.ID, st.Buffered())
		}
	}
	for _, st := range ready {
		for {
			if _, ok := st.Next(); !ok {
				break
			}
		}
	}
}
