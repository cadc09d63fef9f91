// Package freelist recycles values of one type: a hot path that makes
// and drops one object per request (an API server's call, a client's
// pending call; a 5,000-node world makes a thousand a second) takes a
// used one back instead of allocating, and the garbage collector has
// that much less to do.
//
// The list is bounded: it keeps enough for the requests in flight in a
// steady world, and leaves a burst's thousands to the collector.
package freelist

// List keeps up to a bound of recycled *T. Make one with New.
type List[T any] struct {
	free  []*T
	bound int
}

// New returns an empty list that keeps at most bound values.
func New[T any](bound int) List[T] { return List[T]{bound: bound} }

// Get returns a recycled value (zeroed when it was Put), or a new one.
func (l *List[T]) Get() *T {
	n := len(l.free)
	if n == 0 {
		return new(T)
	}
	p := l.free[n-1]
	l.free[n-1] = nil
	l.free = l.free[:n-1]
	return p
}

// Put zeroes *p, so it holds on to nothing, and keeps it for Get while
// the list has room. The caller must not use p afterwards.
func (l *List[T]) Put(p *T) {
	var zero T
	*p = zero
	if len(l.free) < l.bound {
		l.free = append(l.free, p)
	}
}

// Len is how many values the list keeps now.
func (l *List[T]) Len() int { return len(l.free) }
