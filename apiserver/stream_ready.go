package apiserver

import (
	"cmp"
	"slices"
)

// Ready streams. A 5,000-node cluster keeps more than 10,000 watches
// open, and in any one step only a handful of them get an event. Instead
// of asking every stream "anything for me?" twice per step, a stream is
// marked when something happens to it, and only marked streams are
// looked at:
//
//	cacheWatcher.pump/close --notify--+
//	Stream.Next, Stream.Stop ---------+--> markStream(st)
//	etcd watcher pumped by Step ------+       |
//	                                          +--> s.drop   (Step: ended? leave the live list)
//	                                          +--> s.ready  (driver: TakeReadyStreams)
//
// Both lists are a superset of the streams that have output or have
// ended, and both are handed out in the order the streams opened, so
// visiting them gives exactly what scanning every stream gave.

// markStream queues st for Step's end check and for the driver, once each.
func (s *Server) markStream(st *Stream) {
	if st.gone {
		return
	}
	s.noteBuffering(st)
	if !st.readyMarked {
		st.readyMarked = true
		s.ready = append(s.ready, st)
	}
	if !st.dropMarked {
		st.dropMarked = true
		s.drop = append(s.drop, st)
	}
}

// TakeReadyStreams returns the open streams that may have buffered
// events or may have ended since the last call, in the order they opened
// (the order of Streams), and clears the list. Streams that left the live
// list on their own come from TakeEndedStreams instead.
//
// The slice returned is the replica's and is reused by the next call:
// walk it before calling again. (Reading the streams marks them again,
// into s.ready, which is a different slice.)
func (s *Server) TakeReadyStreams() []*Stream {
	clear(s.readyOut)
	out := s.readyOut[:0]
	for _, st := range s.ready {
		st.readyMarked = false
		if !st.gone {
			out = append(out, st)
		}
	}
	clear(s.ready)
	s.ready = s.ready[:0]
	slices.SortFunc(out, byStreamSeq)
	s.readyOut = out
	return out
}

// dropEndedStreams moves the marked streams that have ended from the live
// list to endedStreams, in the order they opened (what dropEnded over
// every stream did).
func (s *Server) dropEndedStreams() {
	var ended []*Stream
	for _, st := range s.drop {
		st.dropMarked = false
		if !st.gone && st.Ended() {
			st.gone = true
			s.streamLeft(st)
			ended = append(ended, st)
		}
	}
	s.drop = s.drop[:0]
	if len(ended) == 0 {
		return
	}
	slices.SortFunc(ended, byStreamSeq)
	s.endedStreams = append(s.endedStreams, ended...)
	s.streams = slices.DeleteFunc(s.streams, func(st *Stream) bool { return st.gone })
}

func byStreamSeq(a, b *Stream) int { return cmp.Compare(a.seq, b.seq) }
