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
// The queue is a blockQueue.
type msgQueue = blockQueue[entry]

// blockQueue is a FIFO kept as a list of blocks, so it never copies what
// it holds when it grows (a slice doubling to hold 150,000 entries
// copies them, with the garbage collector's write barrier on each
// pointer): a small first block, enough for the one or two messages or
// events most connections and watches have on the wire, kept while the
// queue is empty, then blocks twice the size of the one before, up to
// queueBlockLen, dropped as they empty (a burst of ten messages allocates
// blocks for 8 more, not for 256).
//
//	head block (4)   block (8)       block (16) ...  block (256)
//	[ . . x x ] ---> [ x ... x ] --> [ x ... x ] --> [ x x . . . ]
//	      ^hi                                              ^ti
type blockQueue[T any] struct {
	head, tail *queueBlock[T]
	hi, ti     int // next to pop in head, next free in tail
	n          int
}

type queueBlock[T any] struct {
	e    []T
	next *queueBlock[T]
}

const (
	queueFirstBlockLen = 4
	queueBlockLen      = 256
)

// push adds v at the back.
func (q *blockQueue[T]) push(v T) {
	switch {
	case q.tail == nil:
		q.head = &queueBlock[T]{e: make([]T, queueFirstBlockLen)}
		q.tail, q.hi, q.ti = q.head, 0, 0
	case q.ti == len(q.tail.e):
		b := &queueBlock[T]{e: make([]T, min(2*len(q.tail.e), queueBlockLen))}
		q.tail.next, q.tail, q.ti = b, b, 0
	}
	q.tail.e[q.ti] = v
	q.ti++
	q.n++
}

// pop removes the front value, if any.
func (q *blockQueue[T]) pop() (T, bool) {
	var zero T
	if q.n == 0 {
		return zero, false
	}
	v := q.head.e[q.hi]
	q.head.e[q.hi] = zero // drop its references
	q.hi++
	q.n--
	switch {
	case q.n == 0 && len(q.head.e) == queueFirstBlockLen:
		q.head.next = nil
		q.tail, q.hi, q.ti = q.head, 0, 0 // keep the small block
	case q.n == 0:
		*q = blockQueue[T]{} // big blocks go to the collector
	case q.hi == len(q.head.e):
		q.head, q.hi = q.head.next, 0
	}
	return v, true
}

// len is the number of values queued.
func (q *blockQueue[T]) len() int { return q.n }

// held is how many values the queue's blocks have room for.
func (q *blockQueue[T]) held() int {
	n := 0
	for b := q.head; b != nil; b = b.next {
		n += len(b.e)
	}
	return n
}
