package apiserver

import (
	"math"
	"time"

	am "watchscope/apimachinery"
	"watchscope/mvcc"
	"watchscope/watchcache"
)

// Submit hands one request to the replica at now. The answer (or, for a
// WATCH, the stream) appears in TakeCompleted at once or after queueing,
// freshness waits and service time.
func (s *Server) Submit(now time.Duration, req Request) {
	s.advance(now)
	s.dirty = true
	if !s.up || now < s.listenAt() {
		s.completed = append(s.completed, Completion{Response: Response{ID: req.ID, Replica: s.cfg.Name, ConnErr: ErrConnRefused}})
		return
	}
	req = s.setListOptionsDefaults(req)
	c := s.newCall()
	*c = call{req: req, submitted: now}
	p, err := s.parse(req)
	c.p = p
	if err != nil {
		s.answer(c, errorResponse(req.ID, err))
		return
	}
	c.rc = s.byName[groupResource(p.res)]
	c.route, c.why = s.predictRoute(c)
	c.width = s.width(c)
	start, err := s.admit(now, c)
	if err != nil {
		c.route, c.why = "apf-rejected", "429"
		s.answer(c, errorResponse(req.ID, err))
		return
	}
	if start {
		s.execute(now, c)
	}
}

// setListOptionsDefaults is the 1.36 request handler's defaulting
// (metainternalversion.SetListOptionsDefaults, before validation): with
// the WatchList gate on, a WATCH from resourceVersion "" or "0" that sets
// neither sendInitialEvents nor resourceVersionMatch becomes a streaming
// watch-list (sendInitialEvents=true, NotOlderThan). It gets the initial
// events as before and, if it allows bookmarks, then a BOOKMARK annotated
// k8s.io/initial-events-end; from RV "" the cache first catches up with
// etcd, as a consistent read does.
func (s *Server) setListOptionsDefaults(req Request) Request {
	o := req.Options
	if req.Verb != WATCH || s.cfg.DisableWatchList || o.SendInitialEvents != nil || o.ResourceVersionMatch != "" ||
		(o.ResourceVersion != "" && o.ResourceVersion != "0") {
		return req
	}
	on := true
	req.Options.SendInitialEvents, req.Options.ResourceVersionMatch = &on, "NotOlderThan"
	return req
}

// listenAt is when the (re)started process accepts connections.
func (s *Server) listenAt() time.Duration { return s.startedAt + s.cfg.Memory.StartupDelay }

func (s *Server) advance(now time.Duration) {
	if now > s.now {
		s.now = now
	}
}

// admit runs the flow-control filter: max-in-flight or APF.
func (s *Server) admit(now time.Duration, c *call) (bool, error) {
	if s.mif != nil {
		if err := s.mif.admit(c); err != nil {
			return false, err
		}
		c.holdsSeats = c.req.Verb != WATCH
		return true, nil
	}
	c.flowSchema = s.cfg.Classify(c.req)
	start, err := s.apf.admit(now, c)
	c.holdsSeats = start
	return start, err
}

// releaseSeats gives back c's seats (once).
func (s *Server) releaseSeats(c *call) {
	if !c.holdsSeats {
		return
	}
	c.holdsSeats = false
	if s.mif != nil {
		s.mif.release(c)
		return
	}
	s.apf.release(c)
}

func (s *Server) predictRoute(c *call) (Route, string) {
	switch c.req.Verb {
	case LIST:
		return s.routeList(c.rc, c.req, c.p)
	case GET:
		return routeGet(c.rc, c.req)
	case WATCH:
		if c.rc.cacher == nil {
			return RouteEtcd, "watch cache disabled"
		}
		return RouteCache, "watch from cache"
	}
	return RouteEtcd, "write"
}

// width is the APF work estimate in seats (list_work_estimator.go): a
// LIST is charged ceil(objects/100) seats, min 1, max 100, where objects
// is the stored count when the list is served from the cache or filtered
// by selectors (or Exact), else twice the limit. A WATCH costs 1 seat, or
// (WatchList gate on) is charged like a cached LIST when it sends initial
// events (RV "" / "0" / sendInitialEvents=true).
func (s *Server) width(c *call) int {
	o := c.req.Options
	switch c.req.Verb {
	case LIST:
		stored := s.objectCount(c.rc)
		est := stored
		if !isCacheRoute(c.route) && !c.p.hasSelectors() && o.ResourceVersionMatch != "Exact" {
			limit := stored
			if o.Limit > 0 && o.Limit < stored {
				limit = o.Limit
			}
			est = 2 * limit
		}
		return seatsFor(est)
	case WATCH:
		sie := o.SendInitialEvents != nil && *o.SendInitialEvents
		if !s.cfg.DisableWatchList && (o.ResourceVersion == "" || o.ResourceVersion == "0" || sie) {
			return seatsFor(s.objectCount(c.rc))
		}
	}
	return 1
}

func seatsFor(objects int64) int {
	seats := int(math.Ceil(float64(objects) / objectsPerSeat))
	return min(max(seats, 1), maxListSeats)
}

// objectCount is the stored object count the work estimator uses: the
// cache's count, else etcd's, refreshed once a minute (the storage
// object count tracker).
func (s *Server) objectCount(rc *resourceCache) int64 {
	if rc.cacher != nil && rc.cacher.ReadyState() == watchcache.Ready {
		n, _ := rc.cacher.StoreStats()
		return int64(n)
	}
	key := rc.res.GroupResource()
	if oc, ok := s.counts[key]; ok && s.now-oc.at < time.Minute {
		return oc.n
	}
	prefix := []byte(rc.res.KeyPrefix())
	resp, err := s.etcd.Range(mvcc.RangeRequest{Key: prefix, RangeEnd: mvcc.PrefixEnd(prefix), CountOnly: true})
	if err != nil {
		return 0
	}
	s.counts[key] = objectCount{n: resp.Count, at: s.now}
	return resp.Count
}

type objectCount struct {
	n  int64
	at time.Duration
}

// answer records the request in the metrics and queues the response.
func (s *Server) answer(c *call, resp Response) {
	resp.ID, resp.Replica = c.req.ID, s.cfg.Name
	if resp.Route == "" {
		resp.Route = string(c.route)
	}
	s.countRequest(c, resp.Code)
	s.completed = append(s.completed, Completion{Response: resp, Stream: c.stream})
	if c.stream == nil {
		s.recycle(c) // answered: nothing refers to it any more (call.go)
	}
}

// objectResponse builds a 200/201 with one object.
func objectResponse(code int32, o *am.Object) Response {
	return Response{Code: code, Object: o, SizeBytes: int(objectBytes(o))}
}
