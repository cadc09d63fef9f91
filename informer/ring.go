package informer

import "watchscope/internal/ring"

// initialBufferSize is the processorListener's first ring size.
const initialBufferSize = 1024

// ringGrowing is k8s.io/utils/buffer.RingGrowing: a ring buffer that
// doubles when full and never shrinks - the real informer's deliberate
// choice to let a slow handler's backlog grow without bound rather than
// block the FIFO or its sibling handlers.
//
// Its capacity (Cap, what ListenerStats reports) follows the real one
// exactly: 1024, doubling when a write finds it full. The storage behind
// it is only as large as the backlog ever was (package ring): a 5,000-node
// world has thousands of listeners whose backlog stays at a handful, and
// 1024 empty slots each would be a quarter of the heap. Storage grows by
// doubling too, from 8 slots.
type ringGrowing[T any] struct{ ring.Ring[T] }

func newRingGrowing[T any](n int) *ringGrowing[T] {
	return &ringGrowing[T]{ring.New[T](n, 8)}
}

// write queues v; a full ring doubles its capacity first, so a write
// never fails.
func (r *ringGrowing[T]) write(v T) {
	if r.Full() {
		r.Grow(2 * r.Cap())
	}
	r.Push(v)
}
