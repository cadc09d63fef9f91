package engine

import (
	"time"
)

// slowReader is a watch client that reads its stream at a fixed rate, like
// a program that handles each event synchronously before reading the next
// one. It reads one event every 1/rate seconds while events are buffered;
// everything else stays in the API server's cacheWatcher:
//
//	dispatcher ─► input (cap N) ─► result (cap N) ─► slowReader ─► client
//	                  ▲ full                               1 event per tick
//	                  └─ the dispatcher waits its budget, then terminates
//	                     the watcher ("Forcing ... watcher close due to
//	                     unresponsiveness"); the client sees the stream end
//	                     and re-watches from its last RV (F5)
type slowReader struct {
	rep      *apiReplica
	h        *WatchHandle
	every    time.Duration
	lastRead time.Duration
	timer    Handle
	stopped  bool
}

func newSlowReader(rep *apiReplica, h *WatchHandle, rate float64) *slowReader {
	every := time.Duration(float64(time.Second) / rate)
	return &slowReader{rep: rep, h: h, every: max(every, time.Microsecond), lastRead: rep.c.w.now}
}

// kick makes sure a read is scheduled while the stream has something to
// read (or its end to report).
func (s *slowReader) kick() {
	if s == nil || s.stopped || s.timer.Pending() {
		return
	}
	w := s.rep.c.w
	s.timer = w.Schedule(max(w.now, s.lastRead+s.every), s.h.cause, s.read)
}

// read takes one event off the stream and schedules the next read.
func (s *slowReader) read() {
	st := s.h.stream
	if s.stopped || st == nil {
		return
	}
	if st.Buffered() == 0 && !st.Ended() {
		return // nothing to read; the next drain kicks again
	}
	s.lastRead = s.rep.c.w.now
	s.rep.drainN(st, s.h, 1)
	if _, open := s.rep.watches[st]; open && !s.h.endSent {
		s.kick()
	}
}

// stop cancels the pending read (nil-safe).
func (s *slowReader) stop() {
	if s == nil {
		return
	}
	s.stopped = true
	s.timer.Cancel()
}
