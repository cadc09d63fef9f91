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
//
// The queue is a blockQueue (block_queue.go): a controller's watch-list
// of 150,000 events is 150,000 events on the wire at once, and a slice
// doubling to hold them copied megabytes while the page waited.
type eventFIFO struct {
	q blockQueue[am.WatchEvent]
}

// push adds e as the newest event.
func (f *eventFIFO) push(e am.WatchEvent) { f.q.push(e) }

// len is the number of events in the queue.
func (f *eventFIFO) len() int { return f.q.len() }

// pop removes and returns the oldest event; the queue must not be empty.
func (f *eventFIFO) pop() am.WatchEvent {
	e, ok := f.q.pop()
	if !ok {
		panic("engine: an event arrived that was never sent")
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
