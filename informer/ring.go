package informer

// initialBufferSize is the processorListener's first ring size.
const initialBufferSize = 1024

// ringGrowing is k8s.io/utils/buffer.RingGrowing: a ring buffer that
// doubles when full and never shrinks - the real informer's deliberate
// choice to let a slow handler's backlog grow without bound rather than
// block the FIFO or its sibling handlers.
//
//	data: [ . . x x x x . . ]   beg = 2, readable = 4
//
// The ring's capacity (cap, what ListenerStats reports) follows the real
// one exactly: 1024, doubling when a write finds it full. The storage
// behind it is only as large as the backlog ever was: a 5,000-node world
// has thousands of listeners whose backlog stays at a handful, and 1024
// empty slots each would be a quarter of the heap. Storage grows by
// doubling too (at least 8 slots, at most the capacity).
type ringGrowing[T any] struct {
	data     []T // storage; len(data) <= capacity
	capacity int
	beg      int
	readable int
}

func newRingGrowing[T any](n int) *ringGrowing[T] { return &ringGrowing[T]{capacity: n} }

func (r *ringGrowing[T]) write(v T) {
	if r.readable == r.capacity {
		r.capacity *= 2
	}
	if r.readable == len(r.data) {
		grown := make([]T, min(max(2*len(r.data), 8), r.capacity))
		n := copy(grown, r.data[r.beg:])
		copy(grown[n:], r.data[:r.beg])
		r.data, r.beg = grown, 0
	}
	r.data[(r.beg+r.readable)%len(r.data)] = v
	r.readable++
}

func (r *ringGrowing[T]) peek() (T, bool) {
	var zero T
	if r.readable == 0 {
		return zero, false
	}
	return r.data[r.beg], true
}

func (r *ringGrowing[T]) read() (T, bool) {
	var zero T
	if r.readable == 0 {
		return zero, false
	}
	v := r.data[r.beg]
	r.data[r.beg] = zero
	r.beg = (r.beg + 1) % len(r.data)
	r.readable--
	return v, true
}

func (r *ringGrowing[T]) len() int { return r.readable }
func (r *ringGrowing[T]) cap() int { return r.capacity }
