package apiserver

import "slices"

// Stream tallies. Metrics are sampled every 100ms of virtual time and the
// memory check runs after every request, so neither may walk the 10,000+
// open watches of a 5,000-node cluster. Two running tallies replace the
// walks:
//
//	longrunning[{group-resource, scope}]  +1 when a stream opens,
//	                                      -1 when it leaves the live list
//	buffering  (a set of live streams)    every stream marked since its
//	                                      buffer was last seen empty
//
// A stream's buffer only grows when its source pumps or fails, and both
// mark the stream (cacheWatcher notify, etcd watchers every Step), so the
// streams outside the buffering set hold nothing: summing the set is
// summing every stream.
type streamTally struct {
	longrunning map[[2]string]int
	buffering   []*Stream
}

// watchScope is the scope label of apiserver_longrunning_requests.
func watchScope(req Request) string {
	switch {
	case req.Name != "":
		return "resource"
	case req.Namespace != "":
		return "namespace"
	}
	return "cluster"
}

func streamTallyKey(st *Stream) [2]string {
	return [2]string{groupResource(st.call.p.res), watchScope(st.Req)}
}

// streamOpened counts a stream that joined the live list.
func (s *Server) streamOpened(st *Stream) {
	if s.longrunning == nil {
		s.longrunning = map[[2]string]int{}
	}
	s.longrunning[streamTallyKey(st)]++
}

// streamLeft uncounts a stream that left the live list; a key whose count
// reaches zero is removed, as a walk over the live list would not see it.
func (s *Server) streamLeft(st *Stream) {
	k := streamTallyKey(st)
	if s.longrunning[k]--; s.longrunning[k] <= 0 {
		delete(s.longrunning, k)
	}
}

// noteBuffering adds a just-marked stream to the buffering set, once.
func (s *Server) noteBuffering(st *Stream) {
	if !st.bufferMarked {
		st.bufferMarked = true
		s.buffering = append(s.buffering, st)
	}
}

// bufferedEvents is the number of events waiting in live streams' result
// buffers. Streams found empty or gone leave the set (a later mark brings
// them back).
func (s *Server) bufferedEvents() int64 {
	var n int64
	s.buffering = slices.DeleteFunc(s.buffering, func(st *Stream) bool {
		b := 0
		if !st.gone {
			b = st.Buffered()
		}
		if b == 0 {
			st.bufferMarked = false
			return true
		}
		n += int64(b)
		return false
	})
	return n
}

// resetTally forgets every stream (the process died).
func (s *Server) resetTally() {
	for _, st := range s.buffering {
		st.bufferMarked = false
	}
	s.longrunning, s.buffering = nil, nil
}
