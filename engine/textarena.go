package engine

import "unsafe"

// textArena turns short formatted texts into strings without one
// allocation each: the request and answer lines of a 5,000-node world
// (two per request, ~1,000 requests a second) and its lease renewal
// times (500 a second) are copied one after the other into a shared
// chunk, and each string is a view of its part.
//
//	chunk: [ REQ #41 GET ... | RESP #41 200 ... | REQ #42 ... |   free   ]
//	         └ string 1 ──┘   └ string 2 ────┘   └ string 3┘   ▲ next copy
//
// Bytes already handed out are never written again (copies only go to
// the free tail; a full chunk is replaced, not reused), so the strings
// stay immutable as Go requires. A chunk is freed by the collector once
// no string from it is left, e.g. once its events fell out of the trace
// window.
type textArena struct {
	free []byte // the current chunk's unused tail
}

// textChunk is the size of a chunk: ~150 trace lines.
const textChunk = 16 << 10

// string returns b's contents as a string stored in the arena.
func (a *textArena) string(b []byte) string {
	if len(b) == 0 {
		return ""
	}
	if len(b) > len(a.free) {
		if len(b) > textChunk/4 {
			return string(b) // a long line gets its own allocation
		}
		a.free = make([]byte, textChunk)
	}
	n := copy(a.free, b)
	s := unsafe.String(unsafe.SliceData(a.free), n)
	a.free = a.free[n:]
	return s
}
