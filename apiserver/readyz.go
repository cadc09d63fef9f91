package apiserver

import (
	"strings"
	"time"

	"watchscope/watchcache"
)

// Readiness: GET /readyz. kube-apiserver answers it from a list of named
// checks; a failing one makes the answer 500, and a load balancer that
// health-checks /readyz sends no new connections to the replica
// meanwhile. Since 1.36 (WatchCacheInitializationPostStartHook, beta on)
// one of them is the post-start hook "storage-readiness"
// (k8s.io/apiserver server/storage_readiness_hook.go): every 100 ms it
// asks each registered storage's ReadinessCheck (the watch cache is
// Ready) and finishes when all pass, or after
// --storage-initialization-timeout (1m) whatever they say ("Deadline
// exceeded while waiting for storage readiness... ignoring"). Like every
// post-start hook it reports only whether it has finished: a cache that
// goes Pending later does not make /readyz fail again.
//
//	[+]ping ok
//	[+]log ok
//	[+]etcd ok
//	[-]poststarthook/storage-readiness failed: reason withheld
//	[+]shutdown ok
//	readyz check failed
//
// A real kube-apiserver lists about forty checks (informer-sync, each
// post-start hook, ...); the simulation prints the ones it models, in
// the real order. The hook is latched at the step every cache is Ready,
// where the real one notices within its 100 ms poll.

// readyzCheck is one named check and whether it passes.
type readyzCheck struct {
	name string
	ok   bool
}

func (s *Server) readyzChecks() []readyzCheck {
	return []readyzCheck{
		{"ping", true},
		{"log", true},
		{"etcd", true},
		{"poststarthook/storage-readiness", s.storageReadinessDone()},
		{"shutdown", true},
	}
}

// storageReadinessDone reports whether the storage-readiness hook has
// returned: every cache was Ready once since the process started
// serving, or the timeout passed.
func (s *Server) storageReadinessDone() bool {
	return s.storageReady || s.now >= s.listenAt()+s.cfg.StorageInitializationTimeout
}

// Readiness is the replica's readiness in words for the stage: "" when
// /readyz passes (or the process is down), "starting: connections
// refused" before it listens, "not ready: /readyz 500
// (storage-readiness)" while the hook waits for the caches.
func (s *Server) Readiness() string {
	switch {
	case !s.up:
		return ""
	case !s.Serving():
		return "starting: connections refused"
	case !s.storageReadinessDone():
		return "not ready: /readyz 500 (storage-readiness)"
	}
	return ""
}

// allCachesReady reports whether every watch cache is Ready now.
func (s *Server) allCachesReady() bool {
	for _, rc := range s.resources {
		if rc.cacher != nil && rc.cacher.ReadyState() != watchcache.Ready {
			return false
		}
	}
	return true
}

// Readyz answers GET /readyz at now (verbose: ?verbose): the body and
// the HTTP status. A passing quiet answer is "ok"; a failing one always
// lists every check, as healthz.go does. ok is false when the process
// does not accept connections at all (the caller's "connection refused").
func (s *Server) Readyz(now time.Duration, verbose bool) (body string, code int, ok bool) {
	s.advance(now)
	if !s.Serving() {
		return "", 0, false
	}
	checks := s.readyzChecks()
	pass := true
	for _, c := range checks {
		pass = pass && c.ok
	}
	if pass && !verbose {
		return "ok", 200, true
	}
	var b strings.Builder
	for _, c := range checks {
		if c.ok {
			b.WriteString("[+]" + c.name + " ok\n")
		} else {
			b.WriteString("[-]" + c.name + " failed: reason withheld\n")
		}
	}
	if pass {
		b.WriteString("readyz check passed\n")
		return b.String(), 200, true
	}
	b.WriteString("readyz check failed\n")
	return b.String(), 500, true
}
