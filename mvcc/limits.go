package mvcc

// MaxRequestBytes is the member's --max-request-bytes: the largest raft
// proposal (a write request as etcd encodes it) it accepts.
func (s *Server) MaxRequestBytes() int { return s.cfg.MaxRequestBytes }
