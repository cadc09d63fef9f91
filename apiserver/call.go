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
