package engine

import (
	"testing"

	am "watchscope/apimachinery"
)

// TestEventFIFOModel pushes and pops at random against a plain slice
// and checks order, length and that the blocks held stay bounded by the
// longest the queue has been, though it rarely empties.
func TestEventFIFOModel(t *testing.T) {
	r := NewRand(7)
	var q eventFIFO
	var model []am.WatchEvent
	next, most := 0, 0
	for step := range 20000 {
		// Bias to keep a few events queued, never empty for long.
		if len(model) == 0 || r.IntN(100) < 52 {
			e := am.WatchEvent{Type: am.EventType(string(rune('a' + next%26))), Object: &am.Object{SizeBytes: int32(next)}}
			next++
			q.push(e)
			model = append(model, e)
		} else {
			got, want := q.pop(), model[0]
			model = model[1:]
			if got != want {
				t.Fatalf("step %d: popped %v, want %v", step, got.Object.SizeBytes, want.Object.SizeBytes)
			}
		}
		if q.len() != len(model) {
			t.Fatalf("step %d: len %d, want %d", step, q.len(), len(model))
		}
		most = max(most, len(model))
		if h := q.q.held(); h > most+2*queueBlockLen {
			t.Fatalf("step %d: blocks for %d events, never more than %d queued", step, h, most)
		}
	}
}

// TestTasksDoNotAllocate: a pointer or a function stored as a task costs
// no allocation, which is what the engine's messages rely on.
func TestTasksDoNotAllocate(t *testing.T) {
	var s Scheduler
	h := &WatchHandle{}
	c := &Conn{}
	f := func() {}
	n := testing.AllocsPerRun(100, func() {
		s.postMessage(1, 0, c, 0, (*eventArrival)(h))
		s.post(1, 0, f)
		s.pop()
		s.pop()
	})
	if n != 0 {
		t.Fatalf("%v allocations per message", n)
	}
}
