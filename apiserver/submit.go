package apiserver

import (
	"time"

	am "watchscope/apimachinery"
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
	c.width = s.width(c, s.apf.maxSeats(c.flowSchema))
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

// answer records the request in the metrics and queues the response.
func (s *Server) answer(c *call, resp Response) {
	resp.ID, resp.Replica = c.req.ID, s.cfg.Name
	if resp.Route == "" {
		resp.Route = string(c.route)
	}
	if s.apf != nil {
		resp.FlowSchema, resp.PriorityLevel, resp.Seats = c.flowSchema, c.level, c.width
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
