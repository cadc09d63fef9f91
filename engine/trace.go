package engine

import (
	"crypto/sha256"
	"encoding/hex"
	"hash"
)

// DefaultTraceWindow is how many recent trace events a world keeps in
// memory when Config.TraceWindow is zero.
const DefaultTraceWindow = 10000

// Trace is the world's append-only event log. Every event is folded into a
// running SHA-256 over its text form (so two runs can be compared by one
// string, however long they were), but only the most recent Window()
// events are kept for lookup: memory stays bounded and the bound is
// visible through Window() and Dropped().
//
//	ids:     1 ... 40 | 41  42  43 ... 140     window = 100
//	         dropped  | ring (oldest .. newest)
//	                    ^start
type Trace struct {
	ring []TraceEvent
	// start is the ring index of the oldest kept event; n events are kept.
	start, n int
	last     EventID // id of the newest event (0 before the first)
	dropped  uint64
	sum      hash.Hash
	// line is the buffer each event's text is formatted into for sum.
	line []byte
	// observe, when set, sees every event as it is recorded (Observe).
	observe func(TraceEvent)
}

// NewTrace returns an empty trace that keeps the last window events
// (DefaultTraceWindow if window <= 0).
func NewTrace(window int) *Trace {
	if window <= 0 {
		window = DefaultTraceWindow
	}
	return &Trace{ring: make([]TraceEvent, window), sum: sha256.New()}
}

// Record appends an event and returns its id. Ids are consecutive.
func (t *Trace) Record(ev TraceEvent) EventID {
	if ev.Cause > t.last {
		panic("engine: trace event caused by an event that has not happened yet: " + ev.Cause.String())
	}
	t.last++
	ev.ID = t.last
	t.line = append(ev.AppendText(t.line[:0]), '\n')
	t.sum.Write(t.line)
	if t.n == len(t.ring) {
		t.start = (t.start + 1) % len(t.ring)
		t.n--
		t.dropped++
	}
	t.ring[(t.start+t.n)%len(t.ring)] = ev
	t.n++
	if t.observe != nil {
		t.observe(ev)
	}
	return ev.ID
}

// Observe calls fn with every event recorded from now on, once it is
// kept (nil stops it). fn may only read the world, never change it: the
// stage uses it to take pictures of a lesson step while it runs, and the
// world's story is the same with or without an observer.
func (t *Trace) Observe(fn func(TraceEvent)) { t.observe = fn }

// Hash is the hex SHA-256 of every event's text form so far, one per line.
// Same seed and same commands give the same hash, natively and in WASM.
func (t *Trace) Hash() string { return hex.EncodeToString(t.sum.Sum(nil)) }

// Len is the number of events recorded since the start (kept or dropped).
func (t *Trace) Len() uint64 { return uint64(t.last) }

// Window is the bound: how many recent events are kept.
func (t *Trace) Window() int { return len(t.ring) }

// Dropped counts events that fell out of the window.
func (t *Trace) Dropped() uint64 { return t.dropped }

// Last is the id of the newest event (0 if none).
func (t *Trace) Last() EventID { return t.last }

// Get returns the event with this id while it is still in the window.
func (t *Trace) Get(id EventID) (TraceEvent, bool) {
	first := t.last - EventID(t.n) + 1
	if id == 0 || id < first || id > t.last {
		return TraceEvent{}, false
	}
	return t.ring[(t.start+int(id-first))%len(t.ring)], true
}

// Recent returns up to n of the newest kept events, oldest first.
func (t *Trace) Recent(n int) []TraceEvent {
	n = min(n, t.n)
	out := make([]TraceEvent, 0, n)
	for i := t.n - n; i < t.n; i++ {
		out = append(out, t.ring[(t.start+i)%len(t.ring)])
	}
	return out
}

// Since returns the kept events newer than id, oldest first (for a UI that
// polls for what happened since its last frame).
func (t *Trace) Since(id EventID) []TraceEvent {
	if id >= t.last {
		return nil
	}
	return t.Recent(int(t.last - id))
}

// Chain answers "why?": it follows Cause links from the event back to its
// root and returns the chain root first, the event itself last. The walk
// stops early at an event whose cause has left the window; then the first
// element's Cause is non-zero, which tells the reader the story goes back
// further. An unknown id gives nil.
func (t *Trace) Chain(id EventID) []TraceEvent {
	var rev []TraceEvent
	for id != 0 {
		ev, ok := t.Get(id)
		if !ok {
			break
		}
		rev = append(rev, ev)
		id = ev.Cause
	}
	out := make([]TraceEvent, len(rev))
	for i, ev := range rev {
		out[len(rev)-1-i] = ev
	}
	if len(out) == 0 {
		return nil
	}
	return out
}
