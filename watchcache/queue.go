package watchcache

// boundedQueue is a FIFO with a fixed capacity standing in for a buffered
// Go channel: push fails instead of blocking when full, pop returns
// (x, ok) instead of waiting.
type boundedQueue[T any] struct {
	items    []T
	head, n  int
	capacity int
}

func newBoundedQueue[T any](capacity int) boundedQueue[T] {
	return boundedQueue[T]{capacity: capacity}
}

func (q *boundedQueue[T]) Len() int    { return q.n }
func (q *boundedQueue[T]) Cap() int    { return q.capacity }
func (q *boundedQueue[T]) Full() bool  { return q.n >= q.capacity }
func (q *boundedQueue[T]) Empty() bool { return q.n == 0 }

// push appends x; false when the queue is full. The backing slice grows
// lazily so that 10,000 idle watchers cost little memory.
func (q *boundedQueue[T]) push(x T) bool {
	if q.n >= q.capacity {
		return false
	}
	if q.n == len(q.items) {
		q.grow()
	}
	q.items[(q.head+q.n)%len(q.items)] = x
	q.n++
	return true
}

func (q *boundedQueue[T]) grow() {
	size := min(max(2*len(q.items), 2), q.capacity)
	next := make([]T, size)
	for i := range q.n {
		next[i] = q.items[(q.head+i)%len(q.items)]
	}
	q.items, q.head = next, 0
}

func (q *boundedQueue[T]) pop() (T, bool) {
	var zero T
	if q.n == 0 {
		return zero, false
	}
	x := q.items[q.head]
	q.items[q.head] = zero
	q.head = (q.head + 1) % len(q.items)
	q.n--
	return x, true
}

func (q *boundedQueue[T]) peek() (T, bool) {
	var zero T
	if q.n == 0 {
		return zero, false
	}
	return q.items[q.head], true
}

func (q *boundedQueue[T]) clear() {
	q.items, q.head, q.n = nil, 0, 0
}
