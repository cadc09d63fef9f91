package workqueue

import (
	"slices"
	"testing"
	"time"
)

// TestKeys: the keys a picture of the queue shows are the queue's own, in
// the order Get hands them out; the delayed ones soonest first (ties in
// the order they were delayed); the workers' in worker order; n bounds each.
func TestKeys(t *testing.T) {
	q := New("q", nil, nil, 0)
	run(t, q, "add a;add b;add c;get;add a;after x 2s;after y 1s;after z 1s")
	queued, waiting := q.Keys(10)
	if want := []string{"b", "c"}; !slices.Equal(queued, want) { // a is processing: marked dirty, not queued
		t.Errorf("queued %v, want %v", queued, want)
	}
	if want := []string{"y", "z", "x"}; !slices.Equal(waiting, want) {
		t.Errorf("waiting %v, want %v", waiting, want)
	}
	if queued, waiting = q.Keys(1); !slices.Equal(queued, []string{"b"}) || !slices.Equal(waiting, []string{"y"}) {
		t.Errorf("Keys(1) = %v, %v", queued, waiting)
	}
	c := NewController(New("c", nil, nil, 0), 2, 100*time.Millisecond, func(time.Duration, string) error { return nil })
	c.Queue.Add(0, "k1")
	c.Queue.Add(0, "k2")
	c.Queue.Add(0, "k3")
	c.Step(0)
	if got := c.Working(); !slices.Equal(got, []string{"k1", "k2"}) {
		t.Errorf("working %v, want [k1 k2]", got)
	}
	if queued, _ := c.Queue.Keys(5); !slices.Equal(queued, []string{"k3"}) {
		t.Errorf("queued beside the workers %v, want [k3]", queued)
	}
}
