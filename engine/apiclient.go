package engine

import (
	am "watchscope/apimachinery"
	"watchscope/apiserver"
)

// Do sends req from the client node to an API server replica over the
// network and calls done with the answer when it arrives back (or with
// Response.ConnErr set when the connection failed or broke). A zero
// req.ID is replaced by a fresh one. The request is traced as REQ on the
// client node, caused by w.Cause(); the answer as RESP.
func (w *World) Do(client string, req apiserver.Request, done func(apiserver.Response)) {
	w.api.send(client, req, done, nil)
}

// Watch opens a watch from the client node. onEvent gets every event as
// it arrives; onEnd is called once: nil when the server closed the stream
// normally (timeout, terminated watcher), the Status error when the watch
// was refused (429 while a cache initializes), or the connection error
// when the replica died or a network fault cut the connection.
func (w *World) Watch(client string, req apiserver.Request, onEvent func(am.WatchEvent), onEnd func(error)) *WatchHandle {
	return w.watch(client, req, &funcSink{onEvent: onEvent, onEnd: onEnd})
}

// watch is Watch with the client side as a watchSink.
func (w *World) watch(client string, req apiserver.Request, sink watchSink) *WatchHandle {
	req.Verb = apiserver.WATCH
	h := &WatchHandle{sink: sink}
	w.api.send(client, req, nil, h)
	return h
}

func (a *apiClients) send(client string, req apiserver.Request, done func(apiserver.Response), h *WatchHandle) {
	w := a.w
	if req.ID == 0 {
		a.nextID++
		req.ID = a.nextID
	}
	req.Client = client
	a.line = req.AppendText(a.line[:0])
	ev := TraceEvent{Cause: w.cause, Node: client, Kind: KindReq, Detail: w.text.string(a.line),
		Req: req.ID, Client: client, Verb: req.Verb, Resource: req.Resource, Continue: req.Options.Continue}
	if req.Verb == apiserver.LIST || req.Verb == apiserver.WATCH || req.Verb == apiserver.GET { // the verbs whose query the text prints
		ev.AskedRV, ev.Limit = req.Options.ResourceVersion, req.Options.Limit
		ev.SendInitialEvents = req.Options.SendInitialEvents != nil && *req.Options.SendInitialEvents
	}
	reqID := w.RecordEvent(ev)
	cc, err := a.connFor(client)
	if err != nil {
		ev.Cause, ev.Kind, ev.Detail, ev.Continue, ev.AskedRV, ev.Limit = reqID, KindResp, err.Error(), "", "", 0
		ev.SendInitialEvents = false
		ev.Reason = ev.Detail
		w.RecordEvent(ev)
		resp := apiserver.Response{ID: req.ID, ConnErr: err}
		w.Schedule(w.now, reqID, func() {
			if h != nil {
				h.end(err)
			} else {
				done(resp)
			}
		})
		return
	}
	rep := a.replicas[cc.replica]
	if h != nil {
		h.rep, h.conn, h.Replica = rep, cc.conn, rep.node
	}
	p := a.newPending()
	*p = pendingCall{req: req, rep: rep, conn: cc.conn, cause: reqID, done: done, handle: h}
	rep.addPending(req.ID, p)
	_ = cc.conn.send(requestBytes(req), reqID, (*requestArrival)(p))
}

// requestArrival is a pending call's request reaching its replica: the
// replica takes it and delivers what it answers at once. (The message
// carries the call itself, not a closure made for it.)
type requestArrival pendingCall

func (a *requestArrival) run() {
	p := (*pendingCall)(a)
	rep, now := p.rep, p.rep.c.w.now
	rep.srv.Submit(now, p.req)
	rep.deliverAnswers()
	// Advancing the replica is the event's last act, so its NextWake
	// answer is still right when Step syncs the wake-ups (see tailWake).
	if at, ok, known := rep.advance(now); known {
		p.rep.c.w.tail = tailWake{t: rep, at: at, ok: ok}
	}
}

// answerArrival is a pending call's answer reaching the client. That is
// the call's end: nothing refers to it any more, so it goes back to the
// free list before done runs.
type answerArrival pendingCall

func (a *answerArrival) run() {
	p := (*pendingCall)(a)
	p.rep.dropPending(p.req.ID, p)
	done, resp := p.done, p.resp
	p.rep.c.recycle(p)
	done(resp)
}

// maxFreePending bounds the free list of pending calls: enough for the
// thousand requests a second of a 5,000-node world (a few are in flight
// at a time), while a burst's thousands are left to the collector.
const maxFreePending = 64

// newPending returns a pending call from the free list, or a new one.
// A pending call is about 400 bytes, and one a request was ~7% of the
// bytes a 5,000-node world allocated.
func (a *apiClients) newPending() *pendingCall { return a.free.Get() }

// recycle clears p (so it holds on to nothing) and keeps it for reuse.
func (a *apiClients) recycle(p *pendingCall) { a.free.Put(p) }

// requestBytes is a request's size on the wire: headers plus the body.
func requestBytes(req apiserver.Request) int {
	n := 300
	if req.Body != nil {
		n += int(max(req.Body.SizeBytes, 200))
	}
	return n
}

// resetCounters starts every counter series of the replica again at zero:
// a new kube-apiserver process has a new registry. The series stay (a
// scraper sees them drop to zero, as rate() and increase() expect).
// Gauges go to zero too: the new process sets the ones it exports in the
// same sync, and one it no longer exports (APF's seat histograms after a
// restart with --enable-priority-and-fairness=false) must not keep the
// old process's value.
func (r *apiReplica) resetCounters() {
	for _, e := range r.syncCache {
		if e.counter != nil {
			e.counter.Reset()
		}
		if e.gauge != nil {
			e.gauge.Set(0)
		}
		if e.last != nil {
			*e.last = 0
		}
	}
}

// syncMetrics copies the replica's series into the world's registry at
// most every 100ms of virtual time, labelled with instance=<replica>.
// Each series is looked up by a raw key (name and label values) in the
// replica's syncCache, so the Prometheus text form is built only the
// first time a series is seen (see syncedSeries).
func (r *apiReplica) syncMetrics() {
	w := r.c.w
	if r.lastSync != 0 && w.now-r.lastSync < w.Metrics.Interval()/10 {
		return
	}
	r.lastSync = w.now
	if b := r.srv.Boots(); b != r.boots {
		r.boots = b
		r.resetCounters()
	}
	for _, s := range r.srv.Samples() {
		e := r.syncedSeries(s)
		if !s.Counter {
			e.gauge.Set(s.Value)
			continue
		}
		delta := s.Value - *e.last
		*e.last = s.Value
		if delta > 0 {
			if e.counter == nil {
				e.counter = w.Metrics.Counter(s.Name, e.labels...)
			}
			e.counter.Add(delta)
		}
	}
}

// ReplicaFor is the replica a client's next request goes to: the one its
// open connection is on, else the one the load balancer would pick (see
// connFor). It opens nothing; -1 when the world has no API server.
func (w *World) ReplicaFor(client string) int {
	a := w.api
	n := len(a.replicas)
	if n == 0 {
		return -1
	}
	cc, ok := a.conns[client]
	switch {
	case ok && !cc.conn.Closed():
		return cc.replica
	case ok:
		return (cc.replica + 1) % n
	}
	return int(hashString(client) % uint64(n))
}
