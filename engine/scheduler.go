package engine

import "time"

// Scheduler is the world's event queue: a min-heap of pending events
// ordered by (At, Seq). Seq is an insertion counter, so two events due at
// the same virtual instant always run in the order they were scheduled.
// That tie-break is what makes a run reproducible: without it, the heap's
// internal layout (and so the order of same-time events) would depend on
// unrelated pushes and pops.
//
//	        (1.000s,#4)              the root is always the next event
//	       /           \
//	(1.000s,#9)    (1.200s,#5)       children are never earlier
//	   /      \
//	(2s,#6) (1.5s,#11)
//
// The heaps hold their events by value in slices: a 5,000-node world
// schedules thousands of events a second (most of them messages arriving
// on a connection), and a heap of pointers cost one allocation per event
// and a pointer chase per comparison. Only an event someone may cancel
// carries a slot, the small record a Handle points to, which follows the
// event's position (scheduler_heap.go splits the queue in a near and a
// far heap):
//
//	near: [ e(1.0s,#4) | e(1.0s,#9) | e(1.2s,#5,slot) | ... ]
//	                                        │  ▲
//	                   slot{near, index=2} │ (updated on every move)
//	Handle{slot} ──────────────────────────────┘
//
// The Scheduler does not own a clock: the World pops the earliest event,
// moves its clock to the event's time and runs it.
type Scheduler struct {
	near, far eventHeap // see scheduler_heap.go
	// last is the time of the last event popped: the split's "now".
	last time.Duration
	// seq is the last sequence number handed out; it never goes back.
	seq uint64
	// waiting counts the messages queued on connections behind the one
	// each has in the heap (msg_queue.go).
	waiting int
}

// Scheduled is one pending event: a function to run at At. Cause is the
// trace event that led to it, so whatever it records can point back.
type Scheduled struct {
	At    time.Duration
	Seq   uint64
	Cause EventID
	Run   func()
}

// entry is one queued event. A message (conn set) is a delivery of size
// bytes on conn: it runs conn.arrive(size, work) instead of work, which
// spares Conn.Send a closure per message.
type entry struct {
	at    time.Duration
	seq   uint64
	cause EventID
	work  task
	conn  *Conn
	size  int
	slot  *slot // nil unless a Handle names the event
}

// task is an event's work. A function is one (funcTask); the engine's
// own messages pass the object they are about instead (a pending call,
// a watch handle), as a pointer in an interface needs no allocation
// while a closure made per message does.
type task interface{ run() }

// funcTask is a function as a task.
type funcTask func()

func (f funcTask) run() { f() }

// slot is where a cancelable event sits: its heap and its index there
// (-1 once it has been popped or canceled), and when it is due.
type slot struct {
	heap  *eventHeap
	index int
	at    time.Duration
}

// pending reports whether the slot's event is queued.
func (sl *slot) pending() bool { return sl.heap != nil && sl.index >= 0 }

// Handle names one scheduled event so that it can be canceled. The zero
// Handle names nothing; canceling it is a no-op.
type Handle struct {
	sl *slot
}

// Schedule queues run to happen at virtual time at and returns its handle.
func (s *Scheduler) Schedule(at time.Duration, cause EventID, run func()) Handle {
	return s.rearm(new(slot), at, cause, run)
}

// rearm is Schedule with the caller's slot, for an owner that keeps one
// event of its own queued again and again (a ticker's wake-up): the slot
// must not be pending.
func (s *Scheduler) rearm(sl *slot, at time.Duration, cause EventID, run func()) Handle {
	if run == nil {
		panic("engine: Schedule with a nil function")
	}
	if sl.pending() {
		panic("engine: rearming a pending event")
	}
	sl.at = at
	s.push(entry{at: at, cause: cause, work: funcTask(run), slot: sl})
	return Handle{sl: sl}
}

// post queues an event nobody will cancel (no Handle, no allocation).
func (s *Scheduler) post(at time.Duration, cause EventID, run func()) {
	if run == nil {
		panic("engine: Schedule with a nil function")
	}
	s.push(entry{at: at, cause: cause, work: funcTask(run)})
}

// postMessage queues the arrival of size bytes on conn; deliver runs
// then unless the connection closed meanwhile (see Conn.arrive).
// Only a connection's oldest message is in the heap; the others wait on
// the connection (msg_queue.go).
func (s *Scheduler) postMessage(at time.Duration, cause EventID, conn *Conn, size int, deliver task) {
	if deliver == nil {
		panic("engine: Schedule with a nil function")
	}
	s.seq++
	e := entry{at: at, seq: s.seq, cause: cause, work: deliver, conn: conn, size: size}
	if conn.inHeap {
		conn.waiting.push(e)
		s.waiting++
		return
	}
	conn.inHeap = true
	s.place(e)
}

// Peek reports the time of the next event without removing it.
func (s *Scheduler) Peek() (time.Duration, bool) {
	h := s.next()
	if h == nil {
		return 0, false
	}
	return h.q[0].at, true
}

// Pop removes and returns the next event in (At, Seq) order.
func (s *Scheduler) Pop() (Scheduled, bool) {
	e, ok := s.pop()
	if !ok {
		return Scheduled{}, false
	}
	return Scheduled{At: e.at, Seq: e.seq, Cause: e.cause, Run: e.runner()}, true
}

// runner is the entry's work as one function (the World runs entries
// directly, see exec; this serves Pop).
func (e entry) runner() func() {
	if f, ok := e.work.(funcTask); ok && e.conn == nil {
		return f
	}
	return e.exec
}

// exec runs the entry's work: a message's arrival, or the plain task.
func (e entry) exec() {
	if e.conn != nil {
		e.conn.arrive(e.size, e.work)
		return
	}
	e.work.run()
}

// Len is the number of pending events.
func (s *Scheduler) Len() int { return len(s.near.q) + len(s.far.q) + s.waiting }

// Cancel removes the event from the queue. It reports whether the event
// was still pending (false if it already ran or was canceled before).
func (h Handle) Cancel() bool {
	if !h.Pending() {
		return false
	}
	h.sl.heap.remove(h.sl.index)
	return true
}

// Pending reports whether the event is still waiting to run.
func (h Handle) Pending() bool { return h.sl != nil && h.sl.pending() }

// At is the virtual time the event was scheduled for.
func (h Handle) At() time.Duration {
	if h.sl == nil {
		return 0
	}
	return h.sl.at
}
