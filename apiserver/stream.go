package apiserver

import (
	am "watchscope/apimachinery"
	"watchscope/watchcache"
)

// Stream is an open WATCH as the client's connection sees it: events come
// out of Next, never blocking; Ended reports that the stream is over and
// drained; EndReason says why (nil: the server closed it normally, at the
// request timeout or because the watcher was terminated; ErrConnReset:
// the replica died).
//
//	cache watch:  CacheWatcher.result ──Next──► client
//	etcd watch:   mvcc WatchStream ──etcd3 watcher (cap 100)──Next──► client
type Stream struct {
	ID      uint64
	Req     Request
	Replica string
	src     watchSource
	srv     *Server
	call    *call
	ended   bool
	reason  error
	// seq is the stream's place in the server's list of open streams;
	// gone is set once it left that list (ended, or the process died).
	seq  uint64
	gone bool
	// readyMarked and dropMarked say the stream is already in the
	// server's ready list (for the driver) and drop list (for Step).
	readyMarked, dropMarked bool
	// bufferMarked says the stream is in the server's buffering set
	// (stream_tally.go).
	bufferMarked bool
	// Delivered counts events handed to the client.
	Delivered int64
}

// watchSource is what serves a stream: a cacheWatcher or an etcd3 watcher.
type watchSource interface {
	Next() (am.WatchEvent, bool)
	Closed() bool
	Stop()
	InitialEventsSent() bool
	ResultLen() int
}

// Next pops the next event, if one is buffered now.
func (st *Stream) Next() (am.WatchEvent, bool) {
	if st.ended && st.src == nil {
		return am.WatchEvent{}, false
	}
	e, ok := st.src.Next()
	if ok {
		st.Delivered++
		st.srv.dirty = true
		st.srv.watchEventsTotal[groupResource(st.call.p.res)]++
		st.srv.markStream(st) // reading the last event may end it
	}
	return e, ok
}

// Ended reports that no event will come any more.
func (st *Stream) Ended() bool {
	return st.ended || (st.src != nil && st.src.Closed())
}

// EndReason is why the stream ended (see Stream).
func (st *Stream) EndReason() error { return st.reason }

// Stop is the client closing the watch.
func (st *Stream) Stop() {
	if st.src != nil {
		st.src.Stop()
	}
	st.srv.dirty = true
	st.srv.markStream(st)
}

// kill ends the stream because the process died.
func (st *Stream) kill(reason error) {
	st.ended, st.reason = true, reason
	if st.src != nil {
		st.src.Stop()
	}
	st.src = nil
}

// Buffered is the number of events waiting for the client.
func (st *Stream) Buffered() int {
	if st.src == nil {
		return 0
	}
	return st.src.ResultLen()
}

var _ watchSource = (*watchcache.CacheWatcher)(nil)

// CacheWatcher is what serves the stream, for viewers: the cache watcher
// when the watch cache serves it, nil when an etcd watch does.
func (st *Stream) CacheWatcher() *watchcache.CacheWatcher {
	cw, _ := st.src.(*watchcache.CacheWatcher)
	return cw
}
