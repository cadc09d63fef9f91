package engine

// A connection's messages arrive in the order they were sent, each no
// earlier than the one before (Conn.send). So the Scheduler needs only the
// oldest message of each connection in its heap; the rest wait in the
// connection's msgQueue with the sequence number they were given when
// sent, and the next one enters the heap when the one before it is popped:
//
//	heap:      ... (1.5ms,#10 conn A) ... (1.6ms,#12 conn B) ...
//	conn A:    (1.5ms,#11) (1.5ms,#13) (1.7ms,#20) ...   waiting, in order
//
// Events still run in exactly (time, seq) order: a connection's waiting
// messages all come after its message in the heap. But a watch-list of
// 150,000 events no longer makes a heap of 150,000 entries, whose array
// grew by copying (41 MiB of copies in 0.1 s of a restart storm, with the
// garbage collector's write barriers on) and whose every push and pop
// sifted through 17 levels.
//
// The queue is a list of blocks, so it never copies what it holds: a
// small first block (most connections have one or two messages on the
// wire), then msgBlockLen entries a block.
type msgQueue struct {
	head, tail *msgBlock
	hi, ti     int // next to pop in head, next free in tail
	n          int
}

type msgBlock struct {
	e    []entry
	next *msgBlock
}

const (
	msgFirstBlockLen = 4
	msgBlockLen      = 256
)

// push adds e after the last waiting message.
func (q *msgQueue) push(e entry) {
	switch {
	case q.tail == nil:
		q.head = &msgBlock{e: make([]entry, msgFirstBlockLen)}
		q.tail, q.hi, q.ti = q.head, 0, 0
	case q.ti == len(q.tail.e):
		b := &msgBlock{e: make([]entry, msgBlockLen)}
		q.tail.next, q.tail, q.ti = b, b, 0
	}
	q.tail.e[q.ti] = e
	q.ti++
	q.n++
}

// pop removes the oldest waiting message, if any.
func (q *msgQueue) pop() (entry, bool) {
	if q.n == 0 {
		return entry{}, false
	}
	e := q.head.e[q.hi]
	q.head.e[q.hi] = entry{} // drop its references
	q.hi++
	q.n--
	switch {
	case q.n == 0:
		*q = msgQueue{} // blocks go to the collector
	case q.hi == len(q.head.e):
		q.head, q.hi = q.head.next, 0
	}
	return e, true
}
