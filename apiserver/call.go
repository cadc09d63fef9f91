package apiserver

import (
	"time"

	"watchscope/watchcache"
)

// call is one request inside the replica, from admission to answer.
type call struct {
	req       Request
	p         parsed
	rc        *resourceCache
	submitted time.Duration

	// APF
	flowSchema, level string
	width             int
	queue             int
	queuedAt          time.Duration
	holdsSeats        bool

	// execution
	route     Route
	why       string
	read      *watchcache.ReadRequest
	storageRV uint64
	serving   bool
	finishAt  time.Duration
	resp      Response
	mem       int64
	stream    *Stream
}

func (c *call) fsKey() [2]string { return [2]string{c.flowSchema, c.level} }

// Calls are recycled. A call is about 600 bytes, one per request: a
// 5,000-node world's thousand requests a second made it the largest
// allocation of the API servers (~14% of the bytes the world allocated).
// answer is every call's last use, except a watch's, whose Stream keeps
// its call for the stream's life: once answered, a call is out of
// executing and of the APF queues, and no caller reads it after answer
// returns, so it goes back to a small free list.

// maxFreeCalls bounds the free list: a replica has tens of requests in
// flight in a steady world; a burst's thousands are left to the
// collector.
const maxFreeCalls = 64

// newCall returns a call from the free list, or a new one.
func (s *Server) newCall() *call { return s.freeCalls.Get() }

// recycle clears c (so it holds on to nothing) and keeps it for reuse.
func (s *Server) recycle(c *call) { s.freeCalls.Put(c) }
