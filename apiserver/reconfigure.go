package apiserver

import (
	"time"

	"watchscope/watchcache"
)

// Reconfigure changes the replica's flags the way an operator does it on a
// real control plane: edit the static pod manifest, and the kubelet
// restarts kube-apiserver with the new flags. So the new configuration
// takes effect through a restart at now (every watch ends, every cache
// re-initializes). Name and Rand are kept.
func (s *Server) Reconfigure(now time.Duration, cfg Config) error {
	if _, err := watchcache.ParseWatchCacheSizes(cfg.WatchCacheSizes); err != nil {
		return err
	}
	cfg.Name, cfg.Rand = s.cfg.Name, s.cfg.Rand
	s.cfg = cfg.withDefaults()
	s.Restart(now)
	return nil
}
