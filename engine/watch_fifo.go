package engine

import am "watchscope/apimachinery"

// eventFIFO holds a watch's events while they travel to the client.
// Messages on one connection arrive in the order they were sent (see
// Conn), and a watch's events all ride its one connection, so each
// event message can carry just its handle and take the oldest event
// when it arrives: no closure per event. (If the connection closes, the
// messages still in flight are dropped and so is their queue, with the
// handle.)
//
//	drainN:  push(e1) send ─┐ push(e2) send ─┐
//	arrival:                └─ pop() = e1    └─ pop() = e2
type eventFIFO struct {
	events []am.WatchEvent
	head   int // index of the oldest event
}

// push adds e as the newest event. A queue that never empties (a busy
// watch always has events on the wire) would only grow at the back, so
// a full array whose first half is already taken is compacted instead
// of grown: each event is copied at most once on average.
func (q *eventFIFO) push(e am.WatchEvent) {
	if n := len(q.events); n == cap(q.events) && q.head > 0 && q.head >= n/2 {
		m := copy(q.events, q.events[q.head:])
		clear(q.events[m:])
		q.events, q.head = q.events[:m], 0
	}
	q.events = append(q.events, e)
}

// len is the number of events in the queue.
func (q *eventFIFO) len() int { return len(q.events) - q.head }

// maxKeptFIFO is the largest array an empty queue keeps (see pop).
const maxKeptFIFO = 2

// pop removes and returns the oldest event; the queue must not be empty.
func (q *eventFIFO) pop() am.WatchEvent {
	e := q.events[q.head]
	q.events[q.head] = am.WatchEvent{}
	q.head++
	if q.head == len(q.events) {
		// An empty queue keeps a small array for the next event: most
		// watches (5,000 kubelets') get one event now and then. A bigger
		// one is dropped: each kubelet watch got a burst of initial
		// events once, and those arrays would add up to megabytes of
		// live heap.
		if cap(q.events) > maxKeptFIFO {
			q.events = nil
		}
		q.events, q.head = q.events[:0], 0
	}
	return e
}

// eventArrival is a watch event reaching the client: the oldest one on
// the wire for this handle.
type eventArrival WatchHandle

func (a *eventArrival) run() {
	h := (*WatchHandle)(a)
	h.event(h.inFlight.pop())
}
