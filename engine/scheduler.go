package engine

import (
	"container/heap"
	"time"
)

// Scheduler is the world's event queue: a min-heap of pending events
// ordered by (At, Seq). Seq is an insertion counter, so two events due at
// the same virtual instant always run in the order they were scheduled.
// That tie-break is what makes a run reproducible: without it, the heap's
// internal layout (and so the order of same-time events) would depend on
// unrelated pushes and pops.
//
//	        (1.000s,#4)              the root is always the next event
//	       /           \
//	(1.000s,#9)    (1.200s,#5)       children are never earlier
//	   /      \
//	(2s,#6) (1.5s,#11)
//
// The Scheduler does not own a clock: the World pops the earliest event,
// moves its clock to the event's time and runs it.
type Scheduler struct {
	queue eventQueue
	// seq is the last sequence number handed out; it never goes back.
	seq uint64
}

// Scheduled is one pending event: a function to run at At. Cause is the
// trace event that led to it, so whatever it records can point back.
type Scheduled struct {
	At    time.Duration
	Seq   uint64
	Cause EventID
	Run   func()
}

// item is a Scheduled event plus its current position in the heap
// (-1 once it has been popped or canceled).
type item struct {
	Scheduled
	index int
}

// Handle names one scheduled event so that it can be canceled. The zero
// Handle names nothing; canceling it is a no-op.
type Handle struct {
	s  *Scheduler
	it *item
}

// Schedule queues run to happen at virtual time at and returns its handle.
func (s *Scheduler) Schedule(at time.Duration, cause EventID, run func()) Handle {
	if run == nil {
		panic("engine: Schedule with a nil function")
	}
	s.seq++
	it := &item{Scheduled: Scheduled{At: at, Seq: s.seq, Cause: cause, Run: run}}
	heap.Push(&s.queue, it)
	return Handle{s: s, it: it}
}

// Peek reports the time of the next event without removing it.
func (s *Scheduler) Peek() (time.Duration, bool) {
	if len(s.queue) == 0 {
		return 0, false
	}
	return s.queue[0].At, true
}

// Pop removes and returns the next event in (At, Seq) order.
func (s *Scheduler) Pop() (Scheduled, bool) {
	if len(s.queue) == 0 {
		return Scheduled{}, false
	}
	it := heap.Pop(&s.queue).(*item)
	return it.Scheduled, true
}

// Len is the number of pending events.
func (s *Scheduler) Len() int { return len(s.queue) }

// Cancel removes the event from the queue. It reports whether the event
// was still pending (false if it already ran or was canceled before).
func (h Handle) Cancel() bool {
	if !h.Pending() {
		return false
	}
	heap.Remove(&h.s.queue, h.it.index)
	return true
}

// Pending reports whether the event is still waiting to run.
func (h Handle) Pending() bool { return h.it != nil && h.it.index >= 0 }

// At is the virtual time the event was scheduled for.
func (h Handle) At() time.Duration {
	if h.it == nil {
		return 0
	}
	return h.it.At
}

// eventQueue implements heap.Interface over pending items.
type eventQueue []*item

func (q eventQueue) Len() int { return len(q) }

func (q eventQueue) Less(i, j int) bool {
	if q[i].At != q[j].At {
		return q[i].At < q[j].At
	}
	return q[i].Seq < q[j].Seq
}

func (q eventQueue) Swap(i, j int) {
	q[i], q[j] = q[j], q[i]
	q[i].index = i
	q[j].index = j
}

func (q *eventQueue) Push(x any) {
	it := x.(*item)
	it.index = len(*q)
	*q = append(*q, it)
}

func (q *eventQueue) Pop() any {
	old := *q
	n := len(old)
	it := old[n-1]
	old[n-1] = nil
	it.index = -1
	*q = old[:n-1]
	return it
}
