package engine

import "time"

// The Scheduler keeps two binary heaps of entries stored by value:
//
//	near: events due within nearHorizon of the last event run
//	      (messages on the wire, short timers): tens of entries
//	far:  the rest (lease renewals, resyncs, watch timeouts): thousands
//
// Most events are messages, pushed and popped within a millisecond or
// two, so they sift through a heap 6 levels deep instead of one of
// 12,000 entries (14 levels). The next event is the earlier of the two
// roots in (at, seq) order, so the split changes nothing in the order
// events run. An entry stays in the heap it was pushed to.
//
// In each heap entry i's children are 2i+1 and 2i+2, and every move of
// an entry that has a slot writes its heap and new index there, so a
// Handle can find (and cancel) it.

// nearHorizon is how far ahead of the last event run an event may be
// due and still go to the near heap.
const nearHorizon = 50 * time.Millisecond

// eventHeap is one of the Scheduler's heaps.
type eventHeap struct {
	q []entry
}

// before reports whether a runs before b: earlier time, then lower seq.
func (a *entry) before(b *entry) bool {
	if a.at != b.at {
		return a.at < b.at
	}
	return a.seq < b.seq
}

// push numbers e and adds it to the heap its due time belongs to.
func (s *Scheduler) push(e entry) {
	s.seq++
	e.seq = s.seq
	s.place(e)
}

// place adds an entry already numbered to the heap its due time belongs
// to.
func (s *Scheduler) place(e entry) {
	h := &s.far
	if e.at-s.last < nearHorizon {
		h = &s.near
	}
	h.q = append(h.q, e)
	h.up(len(h.q) - 1)
}

// next is the heap whose root runs first (nil when both are empty).
func (s *Scheduler) next() *eventHeap {
	switch {
	case len(s.near.q) == 0 && len(s.far.q) == 0:
		return nil
	case len(s.far.q) == 0:
		return &s.near
	case len(s.near.q) == 0:
		return &s.far
	case s.near.q[0].before(&s.far.q[0]):
		return &s.near
	}
	return &s.far
}

// pop removes and returns the earliest entry.
func (s *Scheduler) pop() (entry, bool) {
	h := s.next()
	if h == nil {
		return entry{}, false
	}
	e := h.remove(0)
	s.last = e.at
	if e.conn != nil { // the connection's next message enters the heap
		if next, ok := e.conn.waiting.pop(); ok {
			s.waiting--
			s.place(next)
		} else {
			e.conn.inHeap = false
		}
	}
	return e, true
}

// remove takes entry i out of the heap and returns it; its slot, if
// any, is marked not pending.
func (h *eventHeap) remove(i int) entry {
	q := h.q
	e := q[i]
	last := len(q) - 1
	if i != last {
		h.place(i, q[last])
	}
	q[last] = entry{} // drop the references the popped copy held
	h.q = q[:last]
	if i != last {
		if !h.down(i) {
			h.up(i)
		}
	}
	if e.slot != nil {
		e.slot.index = -1
	}
	h.shrink()
	return e
}

// place stores e at index i and tells its slot.
func (h *eventHeap) place(i int, e entry) {
	h.q[i] = e
	if e.slot != nil {
		e.slot.heap, e.slot.index = h, i
	}
}

// up moves entry i towards the root while it runs before its parent.
func (h *eventHeap) up(i int) {
	q := h.q
	e := q[i]
	for i > 0 {
		p := (i - 1) / 2
		if !e.before(&q[p]) {
			break
		}
		h.place(i, q[p])
		i = p
	}
	h.place(i, e)
}

// down moves entry i towards the leaves while a child runs before it,
// and reports whether it moved.
func (h *eventHeap) down(i0 int) bool {
	q := h.q
	n := len(q)
	e := q[i0]
	i := i0
	for {
		c := 2*i + 1
		if c >= n {
			break
		}
		if r := c + 1; r < n && q[r].before(&q[c]) {
			c = r
		}
		if !q[c].before(&e) {
			break
		}
		h.place(i, q[c])
		i = c
	}
	h.place(i, e)
	return i > i0
}

// minShrink is the capacity below which a heap's array is never
// reallocated smaller.
const minShrink = 1024

// shrink halves the array once three quarters of it are unused. A
// 5,000-node world's startup has 150,000 watch events on the wire at one
// instant, then about 12,000 pending events: without shrinking, that
// peak's array (64 bytes an entry) would stay in the live heap.
func (h *eventHeap) shrink() {
	if c := cap(h.q); c > minShrink && len(h.q) < c/4 {
		h.q = append(make([]entry, 0, c/2), h.q...)
	}
}
