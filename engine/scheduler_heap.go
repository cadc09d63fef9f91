package engine

// The Scheduler's binary heap over entries stored by value. Entry i's
// children are 2i+1 and 2i+2; every move of an entry that has a slot
// writes its new index there, so a Handle can find (and cancel) it.

// before reports whether a runs before b: earlier time, then lower seq.
func (a *entry) before(b *entry) bool {
	if a.at != b.at {
		return a.at < b.at
	}
	return a.seq < b.seq
}

// push numbers e and adds it to the heap.
func (s *Scheduler) push(e entry) {
	s.seq++
	e.seq = s.seq
	s.queue = append(s.queue, e)
	s.up(len(s.queue) - 1)
}

// pop removes and returns the earliest entry.
func (s *Scheduler) pop() (entry, bool) {
	if len(s.queue) == 0 {
		return entry{}, false
	}
	return s.remove(0), true
}

// remove takes entry i out of the heap and returns it; its slot, if
// any, is marked not pending.
func (s *Scheduler) remove(i int) entry {
	q := s.queue
	e := q[i]
	last := len(q) - 1
	if i != last {
		s.place(i, q[last])
	}
	q[last] = entry{} // drop the references the popped copy held
	s.queue = q[:last]
	if i != last {
		if !s.down(i) {
			s.up(i)
		}
	}
	s.shrink()
	if e.slot != nil {
		e.slot.index = -1
	}
	return e
}

// place stores e at index i and tells its slot.
func (s *Scheduler) place(i int, e entry) {
	s.queue[i] = e
	if e.slot != nil {
		e.slot.index = i
	}
}

// up moves entry i towards the root while it runs before its parent.
func (s *Scheduler) up(i int) {
	q := s.queue
	e := q[i]
	for i > 0 {
		p := (i - 1) / 2
		if !e.before(&q[p]) {
			break
		}
		s.place(i, q[p])
		i = p
	}
	s.place(i, e)
}

// down moves entry i towards the leaves while a child runs before it,
// and reports whether it moved.
func (s *Scheduler) down(i0 int) bool {
	q := s.queue
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
		s.place(i, q[c])
		i = c
	}
	s.place(i, e)
	return i > i0
}

// minShrink is the capacity below which the queue's array is never
// reallocated smaller.
const minShrink = 1024

// shrink halves the array once three quarters of it are unused. A
// 5,000-node world's startup has 150,000 watch events on the wire at one
// instant, then about 12,000 pending events: without shrinking, that
// peak's array (64 bytes an entry) would stay in the live heap.
func (s *Scheduler) shrink() {
	if c := cap(s.queue); c > minShrink && len(s.queue) < c/4 {
		s.queue = append(make([]entry, 0, c/2), s.queue...)
	}
}
