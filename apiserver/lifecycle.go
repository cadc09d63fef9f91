package apiserver

import (
	"fmt"
	"time"
)

// MemoryBytes is the modelled resident memory (process_resident_memory_bytes).
func (s *Server) MemoryBytes() int64 {
	if !s.up {
		return 0
	}
	m := s.cfg.Memory
	total := m.BaseBytes + s.memLists
	for _, rc := range s.resources {
		if rc.cacher != nil {
			n, b := rc.cacher.StoreStats()
			total += m.cacheMemory(n, b)
		}
	}
	return total + s.bufferedEvents()*defaultObjectBytes
}

// ResetPeakMemory starts measuring the peak of MemoryBytes from now:
// PeakMemoryBytes is then the highest value any memory check saw (one
// runs whenever a request starts holding memory, and after every step).
func (s *Server) ResetPeakMemory() {
	s.trackPeak, s.peakMem = true, s.MemoryBytes()
}

// PeakMemoryBytes is the highest modelled memory since ResetPeakMemory
// (0 before the first reset).
func (s *Server) PeakMemoryBytes() int64 { return s.peakMem }

// checkMemory records the peak when asked to and OOM-kills the process
// past the limit.
func (s *Server) checkMemory() {
	if s.trackPeak && s.up {
		s.peakMem = max(s.peakMem, s.MemoryBytes())
	}
	if !s.up || s.cfg.Memory.Limit <= 0 {
		return
	}
	if used := s.MemoryBytes(); used > s.cfg.Memory.Limit {
		if s.now-s.startedAt >= crashLoopResetAfter {
			s.crashes = 0
		}
		s.crashes++
		delay := s.cfg.Memory.restartDelay(s.crashes)
		when := "restart at once (first crash)"
		if delay > 0 {
			when = fmt.Sprintf("restart in %v (CrashLoopBackOff)", delay)
		}
		s.kill(ReasonOOMKilled, fmt.Sprintf("%d bytes > limit %d; %d LISTs in flight hold %d bytes; %s",
			used, s.cfg.Memory.Limit, s.inflightLists(), s.memLists, when))
		s.restartAt = s.now + delay
		s.oomKills++
	}
}

func (s *Server) inflightLists() int {
	n := 0
	for _, c := range s.executing {
		if c.mem > 0 {
			n++
		}
	}
	return n
}

// Restart restarts the process now (kill, then start): every watch ends
// with a reset connection, requests in flight are lost, every cache
// re-initializes from etcd.
func (s *Server) Restart(now time.Duration) {
	s.advance(now)
	if s.up {
		s.kill(ReasonRestart, "")
	}
	s.restarts++
	s.logf(LogRestart, "process restarted")
	s.boot(now, now+s.cfg.Memory.StartupDelay)
}

// Kill stops the process (as an OOM kill or a crash would) without a
// scheduled restart; Restart brings it back.
func (s *Server) Kill(now time.Duration, reason string) {
	s.advance(now)
	if s.up {
		s.kill(reason, "")
	}
	s.restartAt = 1<<63 - 1
}

// kill drops the process state: requests in flight and queued get a reset
// connection, streams end with ErrConnReset, reflectors close their etcd
// watches. The trace and DownReason say "reason: message" (just the
// reason without one).
func (s *Server) kill(reason, message string) {
	detail := reason
	if message != "" {
		detail += ": " + message
	}
	s.log = append(s.log, LogEntry{At: s.now, Kind: LogKilled, Detail: detail, Reason: reason, Message: message})
	s.up, s.downReason = false, detail
	lost := append([]*call(nil), s.executing...)
	if s.apf != nil {
		lost = append(lost, s.apf.drop()...)
	}
	for _, c := range lost {
		if c.stream != nil {
			continue
		}
		s.completed = append(s.completed, Completion{Response: Response{ID: c.req.ID, Replica: s.cfg.Name, ConnErr: ErrConnReset}})
	}
	for _, st := range s.streams {
		st.kill(ErrConnReset)
		st.gone = true
		s.endedStreams = append(s.endedStreams, st)
	}
	s.streams, s.etcdStreams, s.executing, s.memLists = nil, nil, nil, 0
	s.servingCalls = 0
	s.ready, s.drop = nil, nil
	s.resetTally()
	for _, rc := range s.resources {
		if rc.reflector != nil {
			rc.reflector.Stop()
		}
	}
}

// DownReason is why the process last died ("" if never).
func (s *Server) DownReason() string { return s.downReason }

// TakeEndedStreams returns and clears the streams that left the live list
// since the last call: every stream when the process died (EndReason
// ErrConnReset), and streams that ended on their own (a request timeout,
// EndReason nil) so their end still reaches the client.
func (s *Server) TakeEndedStreams() []*Stream {
	out := s.endedStreams
	s.endedStreams = nil
	return out
}

// RestartAt is when a dead process comes back.
func (s *Server) RestartAt() time.Duration { return s.restartAt }

var _ = time.Second
