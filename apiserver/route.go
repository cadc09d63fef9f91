package apiserver

import (
	"strings"

	am "watchscope/apimachinery"
	"watchscope/watchcache"
)

// Route is how the delegator serves a read (C10, C11).
type Route string

// The routes, as Response.Route and the trace print them.
const (
	RouteCache           Route = "cache"
	RouteCacheSnapshot   Route = "cache-snapshot"   // exact RV / continue: snapshot, etcd if missing
	RouteCacheConsistent Route = "cache-consistent" // RV "": quorum RV, wait, cache; etcd on timeout
	RouteEtcd            Route = "etcd"
	RouteEtcdFallback    Route = "etcd-fallback" // consistent read whose cache wait timed out
)

// routeList is the 1.36 ShouldDelegateList table plus readiness:
//
//	cache disabled                                   etcd
//	not ready, no selectors, limit > 0               etcd
//	not ready, otherwise                             cache (answers 429)
//	continue with rv > 0                             snapshot at rv, else etcd (etcd if snapshots are off)
//	continue with rv < 0                             consistent read
//	resourceVersionMatch=NotOlderThan                cache
//	resourceVersionMatch=Exact                       snapshot, else etcd
//	RV "0"                                           cache (limit ignored)
//	RV ""                                            consistent read from cache (etcd if disabled)
//	RV "N", no limit                                 cache (not older than N)
//	RV "N", limit > 0 (legacy exact)                 snapshot, else etcd
func (s *Server) routeList(rc *resourceCache, req Request, p parsed) (Route, string) {
	o := req.Options
	if rc.cacher == nil {
		return RouteEtcd, "watch cache disabled"
	}
	if rc.cacher.ReadyState() != watchcache.Ready {
		if !p.hasSelectors() && o.Limit > 0 {
			return RouteEtcd, "cache not ready: paginated list without selectors"
		}
		return RouteCache, "cache not ready"
	}
	if o.Continue != "" {
		if _, rv, err := am.DecodeContinue(o.Continue, p.res.KeyPrefix()); err == nil && rv < 0 {
			return s.consistentRoute()
		}
		return s.snapshotRoute("continue: snapshot at the token's RV")
	}
	switch {
	case o.ResourceVersionMatch == "NotOlderThan":
		return RouteCache, "NotOlderThan"
	case o.ResourceVersionMatch == "Exact":
		return s.snapshotRoute("Exact")
	case o.ResourceVersion == "0":
		return RouteCache, "RV 0: any freshness"
	case o.ResourceVersion == "":
		return s.consistentRoute()
	case o.Limit > 0:
		return s.snapshotRoute("legacy exact (RV N with limit)")
	}
	return RouteCache, "RV N: not older than N"
}

// snapshotRoute: with ListFromCacheSnapshot off the cacher has no
// snapshots and the delegator sends exact and continue LISTs to etcd
// (ShouldDelegateExactRV / ShouldDelegateContinue), as 1.31-1.33 did.
func (s *Server) snapshotRoute(why string) (Route, string) {
	if s.cfg.DisableListFromCacheSnapshot {
		return RouteEtcd, why + " (ListFromCacheSnapshot off)"
	}
	return RouteCacheSnapshot, why
}

func (s *Server) consistentRoute() (Route, string) {
	if s.cfg.DisableConsistentReads {
		return RouteEtcd, "consistent read (from cache disabled)"
	}
	return RouteCacheConsistent, "consistent read from cache"
}

// routeGet: RV "" always etcd (quorum); RV set: cache, or etcd while the
// cache is not ready.
func routeGet(rc *resourceCache, req Request) (Route, string) {
	switch {
	case rc.cacher == nil:
		return RouteEtcd, "watch cache disabled"
	case req.Options.ResourceVersion == "":
		return RouteEtcd, "RV \"\": quorum read"
	case rc.cacher.ReadyState() != watchcache.Ready:
		return RouteEtcd, "cache not ready"
	}
	return RouteCache, "RV set"
}

// isCacheRoute reports whether a route reads the watch cache (the APF
// list work estimator charges cached lists by the stored count).
func isCacheRoute(r Route) bool { return strings.HasPrefix(string(r), "cache") }
