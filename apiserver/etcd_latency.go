package apiserver

import "time"

// SetEtcdWatchLatency makes etcd's watch responses reach this replica's
// caches d late from now on (0: at once), as on a loaded etcd or a slow
// link between etcd and the API server. Requests to etcd (writes, quorum
// reads, the consistent read's current-revision check) are not delayed,
// so for up to d the caches are behind etcd: an RV "0" read is served
// stale, an RV "" (consistent) LIST waits up to 3 s for the cache and
// falls back to etcd after that. The setting outlives restarts.
func (s *Server) SetEtcdWatchLatency(d time.Duration) {
	s.cfg.EtcdWatchLatency = max(d, 0)
	for _, rc := range s.resources {
		if rc.reflector != nil {
			rc.reflector.SetLatency(s.cfg.EtcdWatchLatency)
		}
	}
	s.dirty = true
}

// EtcdWatchLatency is the current latency of the caches' etcd watches.
func (s *Server) EtcdWatchLatency() time.Duration { return s.cfg.EtcdWatchLatency }

// StallEtcdWatches stops this replica's caches from reading their etcd
// watches for d from now (a starved or stuck process): etcd queues what
// it can, then holds the watches back as slow; if the compactor passes
// them meanwhile, etcd cancels them and the caches re-initialize (see
// watchcache.Reflector.Stall). A restart ends the stall (new reflectors).
func (s *Server) StallEtcdWatches(now, d time.Duration) {
	s.advance(now)
	for _, rc := range s.resources {
		if rc.reflector != nil {
			rc.reflector.Stall(now + max(d, 0))
		}
	}
	s.dirty = true
}

// EtcdWatchStalled reports whether resource's cache is not reading its
// etcd watch now (StallEtcdWatches): etcd's writes do not reach it.
func (s *Server) EtcdWatchStalled(resource string) bool {
	rc := s.lookup(resource)
	return rc != nil && rc.reflector != nil && rc.reflector.Running() && s.now < rc.reflector.StalledUntil()
}
