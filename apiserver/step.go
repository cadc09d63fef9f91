package apiserver

import (
	"fmt"
	"time"

	"watchscope/watchcache"
)

// progressPoll is how often a replica with a consistent read waiting
// steps its reflectors so they can send etcd progress requests (100ms,
// progressRequestPeriod).
const progressPoll = 100 * time.Millisecond

// Advance is the engine Ticker method: it steps the replica when
// something is due (or something changed since the last step).
func (s *Server) Advance(now time.Duration) {
	if at, ok := s.NextWake(); ok && at <= now {
		s.Step(now)
	} else {
		s.advance(now)
	}
}

// AdvanceClock moves the replica's clock to now (never back) without
// stepping it: for a driver that has just seen NextWake is after now,
// and would make Advance compute NextWake a second time.
func (s *Server) AdvanceClock(now time.Duration) { s.advance(now) }

// Step runs everything due at now: restart of a dead process, the
// cachers' reflectors, the compactor, finished reads and service times,
// APF dispatch and queue timeouts, watch initialization, etcd watchers,
// and the memory check.
func (s *Server) Step(now time.Duration) {
	s.advance(now)
	s.dirty = false
	if !s.up {
		if now < s.restartAt {
			return
		}
		s.logf(LogRestart, fmt.Sprintf("container restarted by the kubelet (restart %d)", s.crashes))
		s.boot(now, now+s.cfg.Memory.StartupDelay)
	}
	s.stepCaches(now)
	s.compactor.tick(now, s.etcd)
	for _, l := range s.compactor.takeLog() {
		s.logf(LogCompact, l)
	}
	s.progressCalls(now)
	if s.apf != nil {
		s.apf.dispatch(now, func(c *call) { c.holdsSeats = true; s.execute(now, c) },
			func(c *call, err error) { c.route = "apf-rejected"; s.answer(c, errorResponse(c.req.ID, err)) })
	}
	s.progressCalls(now)
	s.checkMemory()
	s.dirty = false
}

// stepCaches steps every started reflector and logs readiness changes.
func (s *Server) stepCaches(now time.Duration) {
	for _, rc := range s.resources {
		if rc.reflector == nil || now < rc.startAt {
			continue
		}
		before := rc.cacher.ReadyState()
		rc.reflector.Step(now)
		after := rc.cacher.ReadyState()
		switch {
		case before != watchcache.Ready && after == watchcache.Ready:
			rv := rc.cacher.ListResourceVersion()
			s.log = append(s.log, LogEntry{At: s.now, Kind: LogCacheReady, Resource: rc.res.Resource, RV: rv,
				Detail: fmt.Sprintf("%s cache initialized at RV %d", rc.res.GroupResource(), rv)})
		case before == watchcache.Ready && after != watchcache.Ready:
			s.logf(LogCachePending, fmt.Sprintf("%s cache reflector ended: %v", rc.res.GroupResource(), rc.reflector.LastError))
		}
		for _, t := range rc.cacher.Terminations() {
			e := LogEntry{At: s.now, Kind: LogWatcherTerminated, Detail: t.Line, Resource: rc.res.Resource}
			if st := s.cacheStream(t.Watcher); st != nil {
				e.Req, e.Client = st.ID, st.Req.Client
			}
			s.log = append(s.log, e)
		}
	}
	s.storageReady = s.storageReady || s.allCachesReady()
}

// cacheStream is the open stream a watch cache's watcher feeds, nil when
// none does.
func (s *Server) cacheStream(watcher int) *Stream {
	for _, st := range s.streams {
		if cw, ok := st.src.(*watchcache.CacheWatcher); ok && cw.ID() == watcher {
			return st
		}
	}
	return nil
}

// progressCalls completes reads, service times, watch initializations,
// and pumps etcd watchers.
func (s *Server) progressCalls(now time.Duration) {
	// The loop may remove calls from executing, so it walks a copy, kept
	// in callScratch between steps (and taken out of it meanwhile, so a
	// nested use could never clobber it).
	calls := append(s.callScratch[:0], s.executing...)
	s.callScratch = nil
	for _, c := range calls {
		switch {
		case c.read != nil:
			s.pollRead(c)
		case c.stream != nil:
			s.checkWatchInitialized(c)
		}
		if c.serving && now >= c.finishAt {
			s.finish(c)
		}
	}
	clear(calls)
	s.callScratch = calls[:0]
	for _, st := range s.etcdStreams {
		if ew, ok := st.src.(*etcdWatcher); ok {
			ew.pump(now)
		}
		s.markStream(st)
	}
	s.etcdStreams = dropEnded(s.etcdStreams, nil)
	s.dropEndedStreams()
}

// dropEnded removes ended streams in place, keeping the order. When ended
// is set, the removed streams go there, so the driver still delivers the
// end of a stream that ended on its own (a watch's request timeout) after
// it left the live list.
func dropEnded(streams []*Stream, ended *[]*Stream) []*Stream {
	live := streams[:0]
	for _, st := range streams {
		switch {
		case !st.Ended():
			live = append(live, st)
		case ended != nil:
			*ended = append(*ended, st)
		}
	}
	clear(streams[len(live):])
	return live
}

// NextWake is the earliest time Step has work.
func (s *Server) NextWake() (time.Duration, bool) {
	if !s.up {
		return s.restartAt, true
	}
	var at time.Duration
	ok := false
	consider := func(t time.Duration) {
		if !ok || t < at {
			at, ok = t, true
		}
	}
	if s.dirty {
		consider(s.now)
	}
	for _, rc := range s.resources {
		if rc.reflector == nil {
			continue
		}
		if s.now < rc.startAt {
			consider(rc.startAt)
		} else if t, due := rc.reflector.NextWake(); due {
			consider(t)
		}
		if rc.cacher.PendingReads() > 0 {
			consider(s.now + progressPoll)
		}
	}
	if s.compactor != nil {
		consider(s.compactor.next)
	}
	s.callWakes(consider)
	return at, ok
}

func (s *Server) callWakes(consider func(time.Duration)) {
	if s.servingCalls > 0 {
		for _, c := range s.executing {
			if c.serving {
				consider(c.finishAt)
			}
		}
	}
	if s.apf != nil {
		if t, ok := s.apf.nextTimeout(); ok {
			consider(t)
		}
	}
	for _, st := range s.etcdStreams {
		if ew, ok := st.src.(*etcdWatcher); ok && !ew.closed {
			if ew.ws != nil && ew.ws.Len() > 0 && len(ew.out) < outgoingBufSize {
				consider(s.now)
			}
			consider(ew.deadline)
		}
	}
}
