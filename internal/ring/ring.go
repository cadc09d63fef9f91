// Package ring is a FIFO queue over a ring of slots: the one the watch
// cache uses where the real one has a buffered Go channel (a watcher's
// input and result channels, the cacher's incoming channel), and the one
// under an informer listener's buffer.RingGrowing.
//
// A ring has a capacity, a number: Push fails when it is full, as a
// non-blocking send on a full channel would. The storage behind it is
// only as large as the queue ever was, growing by doubling from a first
// size up to the capacity: a 5,000-node world has thousands of queues
// whose backlog stays at a handful, and slots for their full capacity
// would be most of the heap.
//
//	slots: [ . . x x x x . . ]   head = 2, Len = 4, Cap = any >= 4
package ring

// Ring is a FIFO of at most Cap() values. The zero Ring has capacity 0;
// make one with New.
type Ring[T any] struct {
	slots    []T
	head, n  int
	capacity int
	first    int // the storage's first size
}

// New returns an empty ring of the given capacity whose storage, once
// needed, starts at first slots (at least 1) and doubles.
func New[T any](capacity, first int) Ring[T] {
	return Ring[T]{capacity: capacity, first: max(first, 1)}
}

// Len is how many values are queued.
func (r *Ring[T]) Len() int { return r.n }

// Cap is how many values fit.
func (r *Ring[T]) Cap() int { return r.capacity }

// Slots is the size of the storage now (at most Cap).
func (r *Ring[T]) Slots() int { return len(r.slots) }

// Full reports whether Push would fail.
func (r *Ring[T]) Full() bool { return r.n >= r.capacity }

// Empty reports whether Pop would fail.
func (r *Ring[T]) Empty() bool { return r.n == 0 }

// Grow raises the capacity to capacity (a smaller one changes nothing):
// RingGrowing's doubling when a write finds it full.
func (r *Ring[T]) Grow(capacity int) { r.capacity = max(capacity, r.capacity) }

// Push appends x at the tail; false, and nothing queued, when full.
func (r *Ring[T]) Push(x T) bool {
	if r.n >= r.capacity {
		return false
	}
	if r.n == len(r.slots) {
		r.grow()
	}
	i := r.head + r.n
	if i >= len(r.slots) {
		i -= len(r.slots)
	}
	r.slots[i] = x
	r.n++
	return true
}

// grow doubles the storage (from first, up to the capacity), oldest
// value first.
func (r *Ring[T]) grow() {
	next := make([]T, min(max(2*len(r.slots), r.first), r.capacity))
	k := copy(next, r.slots[r.head:])
	copy(next[k:], r.slots[:r.head])
	r.slots, r.head = next, 0
}

// Pop removes and returns the value at the head; false when empty. The
// slot is cleared, so the ring holds on to nothing it gave away.
func (r *Ring[T]) Pop() (T, bool) {
	var zero T
	if r.n == 0 {
		return zero, false
	}
	x := r.slots[r.head]
	r.slots[r.head] = zero
	if r.head++; r.head == len(r.slots) {
		r.head = 0
	}
	r.n--
	return x, true
}

// Peek returns the value at the head without removing it.
func (r *Ring[T]) Peek() (T, bool) {
	if r.n == 0 {
		var zero T
		return zero, false
	}
	return r.slots[r.head], true
}

// Reset empties the ring and releases its storage; the capacity stays.
func (r *Ring[T]) Reset() { r.slots, r.head, r.n = nil, 0, 0 }

// At returns the i-th value from the head (0 is the one Pop returns
// next); false when i is outside [0, Len).
func (r *Ring[T]) At(i int) (T, bool) {
	if i < 0 || i >= r.n {
		var zero T
		return zero, false
	}
	return r.slots[(r.head+i)%len(r.slots)], true
}
