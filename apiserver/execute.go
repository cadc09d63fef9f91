package apiserver

import (
	"fmt"
	"time"

	am "watchscope/apimachinery"
	"watchscope/watchcache"
)

// execute starts an admitted request: writes go to etcd at once; reads
// either complete now or wait for the cache (freshness); the answer is
// released after the cost model's service time.
func (s *Server) execute(now time.Duration, c *call) {
	s.executing = append(s.executing, c)
	switch c.req.Verb {
	case CREATE, UPDATE, DELETE:
		obj, err := s.write(now, c.req, c.p)
		if err != nil {
			s.serve(c, errorResponse(c.req.ID, err), s.cfg.Cost.writeCost(0), 0)
			return
		}
		code := int32(200)
		if c.req.Verb == CREATE {
			code = 201
		}
		s.serve(c, objectResponse(code, obj), s.cfg.Cost.writeCost(objectBytes(obj)), 0)
	case GET:
		s.startGet(now, c)
	case LIST:
		s.startList(now, c)
	case WATCH:
		s.startWatch(now, c)
	}
}

// serve holds c for its service time with mem bytes, then answers.
func (s *Server) serve(c *call, resp Response, cost time.Duration, mem int64) {
	if !c.serving {
		s.servingCalls++
	}
	c.resp, c.serving, c.finishAt, c.mem = resp, true, s.now+cost, mem
	s.memLists += mem
	s.checkMemory()
}

func (s *Server) startGet(now time.Duration, c *call) {
	if c.route == RouteCache {
		c.read = c.rc.cacher.Get(now, c.req.Namespace, c.req.Name, c.req.Options.ResourceVersion)
		s.pollRead(c)
		return
	}
	obj, err := s.etcdGet(c.p, c.req.Namespace, c.req.Name)
	if err != nil {
		s.serve(c, errorResponse(c.req.ID, err), s.cfg.Cost.getCost(true, 0), 0)
		return
	}
	s.serve(c, objectResponse(200, obj), s.cfg.Cost.getCost(true, objectBytes(obj)), 0)
}

func (s *Server) startList(now time.Duration, c *call) {
	if c.route == RouteEtcd {
		s.listFromEtcd(c)
		return
	}
	o := c.req.Options
	opts := watchcache.ListOptions{Namespace: c.req.Namespace, ResourceVersion: o.ResourceVersion,
		ResourceVersionMatch: o.ResourceVersionMatch, Limit: o.Limit, Continue: o.Continue,
		LabelSelector: c.p.labels, FieldSelector: c.p.fields}
	if c.route == RouteCacheConsistent {
		rv, err := s.currentStorageRV(c.p.res)
		if err != nil {
			s.serve(c, errorResponse(c.req.ID, err), s.cfg.Cost.RequestOverhead, 0)
			return
		}
		c.storageRV, opts.StorageRV = rv, rv
	}
	c.read = c.rc.cacher.List(now, opts)
	s.pollRead(c)
}

// listFromEtcd serves a LIST from etcd3 storage and reports whether it
// succeeded.
func (s *Server) listFromEtcd(c *call) bool {
	list, work, err := s.etcdList(c.req, c.p)
	if err != nil {
		s.serve(c, errorResponse(c.req.ID, err), s.cfg.Cost.listCost(work), 0)
		return false
	}
	s.serveList(c, list, work)
	return true
}

func (s *Server) serveList(c *call, list am.List, work listWork) {
	work.returned = int64(len(list.Items))
	resp := Response{Code: 200, List: &list, SizeBytes: int(work.bytes) + statusBytes}
	s.serve(c, resp, s.cfg.Cost.listCost(work), s.cfg.Memory.listMemory(work))
}

// pollRead finishes a cache read that is done: falls back to etcd where
// the delegator would (consistent-read timeout, missing snapshot).
func (s *Server) pollRead(c *call) {
	if c.read == nil || !c.read.Done() {
		return
	}
	res, err := c.read.Result()
	c.read = nil
	if err != nil {
		switch {
		case c.route == RouteCacheConsistent && am.IsTooLargeResourceVersion(err):
			c.route, c.why = RouteEtcdFallback, fmt.Sprintf("cache did not reach RV %d within 3s", c.storageRV)
			c.rc.cacher.RecordConsistentReadFallback(s.listFromEtcd(c))
		case c.route == RouteCacheSnapshot && am.IsResourceExpired(err):
			c.route, c.why = RouteEtcd, "no cache snapshot at that RV"
			s.listFromEtcd(c)
		default:
			if c.route == RouteCacheConsistent {
				c.rc.cacher.RecordConsistentReadFailure()
			}
			s.serve(c, errorResponse(c.req.ID, err), s.cfg.Cost.RequestOverhead, 0)
		}
		return
	}
	if c.req.Verb == GET {
		o := res.Items[0]
		s.serve(c, objectResponse(200, o), s.cfg.Cost.getCost(false, objectBytes(o)), 0)
		return
	}
	list := am.List{Kind: c.p.res.Kind + "List", ResourceVersion: fmt.Sprint(res.ResourceVersion),
		Continue: res.Continue, RemainingItemCount: res.RemainingItemCount, Items: res.Items}
	work := listWork{examined: int64(len(res.Items)), bytes: res.SizeBytes + res.Unsized*defaultObjectBytes}
	if c.p.hasSelectors() {
		n, _ := c.rc.cacher.StoreStats()
		work.examined = int64(n)
	}
	s.serveList(c, list, work)
}

// startWatch opens the stream (from the cache, or from etcd when the
// resource is not cached). A refusal before the stream opens (the 429 of
// a Pending cache) is an ordinary HTTP answer.
func (s *Server) startWatch(now time.Duration, c *call) {
	o := c.req.Options
	timeout := time.Duration(float64(DefaultMinRequestTimeout) * (1 + s.cfg.Rand.Float64()))
	if o.TimeoutSeconds != nil {
		timeout = time.Duration(*o.TimeoutSeconds) * time.Second
	}
	deadline := now + timeout
	var src watchSource
	if c.rc.cacher == nil {
		src = s.newEtcdWatcher(now, c.req, c.p, deadline)
	} else {
		opts := watchcache.WatchOptions{Namespace: c.req.Namespace, Name: c.req.Name, ResourceVersion: o.ResourceVersion,
			SendInitialEvents: o.SendInitialEvents, AllowWatchBookmarks: o.AllowWatchBookmarks,
			LabelSelector: c.p.labels, FieldSelector: c.p.fields, Deadline: deadline}
		if o.ResourceVersion == "" && o.SendInitialEvents != nil {
			rv, err := s.currentStorageRV(c.p.res)
			if err != nil {
				s.finishNow(c, errorResponse(c.req.ID, err))
				return
			}
			opts.StorageRV = rv
		}
		cw, err := c.rc.cacher.Watch(now, opts)
		if err != nil {
			s.finishNow(c, errorResponse(c.req.ID, err))
			return
		}
		src = cw
	}
	st := &Stream{ID: c.req.ID, Req: c.req, Replica: s.cfg.Name, src: src, srv: s, call: c, seq: s.streamSeq}
	s.streamSeq++
	c.stream = st
	s.streams = append(s.streams, st)
	s.streamOpened(st)
	if cw, ok := src.(*watchcache.CacheWatcher); ok {
		cw.SetNotify(func() { s.markStream(st) })
	}
	s.markStream(st)
	if _, ok := src.(*etcdWatcher); ok {
		s.etcdStreams = append(s.etcdStreams, st)
	}
	s.answer(c, Response{Code: 200, SizeBytes: statusBytes})
	s.checkWatchInitialized(c)
}

// finishNow answers c at once and forgets it.
func (s *Server) finishNow(c *call, resp Response) {
	s.serve(c, resp, 0, 0)
	s.finish(c)
}

// checkWatchInitialized releases a watch's seats once its initial events
// are sent (the real watcher signals APF then).
func (s *Server) checkWatchInitialized(c *call) bool {
	if c.stream == nil || !c.stream.src.InitialEventsSent() && !c.stream.Ended() {
		return false
	}
	s.releaseSeats(c)
	s.removeExecuting(c)
	return true
}

// finish answers a served call, releasing its seats and memory.
func (s *Server) finish(c *call) {
	s.releaseSeats(c)
	s.memLists -= c.mem
	c.mem = 0
	s.removeExecuting(c)
	s.answer(c, c.resp)
}

func (s *Server) removeExecuting(c *call) {
	for i, x := range s.executing {
		if x == c {
			if c.serving && s.servingCalls > 0 {
				s.servingCalls--
			}
			s.executing = append(s.executing[:i], s.executing[i+1:]...)
			return
		}
	}
}
