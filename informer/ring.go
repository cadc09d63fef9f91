package informer

// initialBufferSize is the processorListener's first ring size.
const initialBufferSize = 1024

// ringGrowing is k8s.io/utils/buffer.RingGrowing: a ring buffer that
// doubles when full and never shrinks - the real informer's deliberate
// choice to let a slow handler's backlog grow without bound rather than
// block the FIFO or its sibling handlers.
//
//	data: [ . . x x x x . . ]   beg = 2, readable = 4
type ringGrowing[T any] struct {
	data     []T
	beg      int
	readable int
}

func newRingGrowing[T any](n int) *ringGrowing[T] { return &ringGrowing[T]{data: make([]T, n)} }

func (r *ringGrowing[T]) write(v T) {
	if r.readable == len(r.data) {
		grown := make([]T, 2*len(r.data))
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
func (r *ringGrowing[T]) cap() int { return len(r.data) }
