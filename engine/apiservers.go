package engine

import (
	"fmt"
	"hash/fnv"
	"strconv"
	"time"

	am "watchscope/apimachinery"
	"watchscope/apiserver"
	"watchscope/internal/freelist"
)

// APIServersConfig describes the kube-apiserver replicas of a world.
// Server is every replica's configuration; its Name and Rand are set per
// replica ("apiserver-N", the world's random source).
type APIServersConfig struct {
	Replicas int
	Server   apiserver.Config
}

// APIServerNode is the network name of replica i.
func APIServerNode(i int) string { return fmt.Sprintf("apiserver-%d", i) }

// apiClients is the client side of the API: one sticky connection per
// client node (HTTP/2 keeps one connection to one replica), the requests
// waiting for answers and the open watches.
type apiClients struct {
	w        *World
	replicas []*apiReplica
	conns    map[string]*clientConn // by client node
	nextID   uint64
	metrics  map[string]*float64 // last synced counter values by series
	// readRates are the slow consumers: events per second a client's
	// new watches read (see World.SlowConsumer).
	readRates map[string]float64
	// line is the buffer REQ and RESP trace details are written into.
	line []byte
	// free are answered calls kept for reuse (newPending).
	free freelist.List[pendingCall]
}

// apiReplica is one replica as an engine Ticker.
type apiReplica struct {
	c       *apiClients
	srv     *apiserver.Server
	node    string
	pending map[uint64]*pendingCall
	watches map[*apiserver.Stream]*WatchHandle
	// onConn indexes pending and watches by connection (conn_calls.go).
	onConn   map[*Conn]*connCalls
	lastSync time.Duration
	boots    int // the replica's process count at the last sync
	// syncCache and syncKey serve syncMetrics (metrics_sync.go).
	syncCache map[string]*syncedSeries
	syncKey   []byte
	// compactCause is the newest compaction of etcd this replica logged
	// (or a CompactNow): why etcd answers 410 to an older revision.
	compactCause EventID
	// ready is each resource's newest watch cache (re)initialization on
	// this replica: a cache that has evicted nothing since starts its
	// window there (see goneCause).
	ready map[string]cacheInit
}

// cacheInit is a watch cache's initialization: its trace event and the
// resourceVersion it started at.
type cacheInit struct {
	id EventID
	rv uint64
}

// goneCause is the trace event that explains a 410 this replica sent for
// resource, else fallback (the request's own cause). The watch cache's
// "too old resource version: N (M)" (oldest = M, its oldest event) comes
// from the cache's window: when that window still starts where the
// resource's cache was (re)initialized, the initialization is the cause
// (a client resuming from before a restart); when it has moved on, the
// ring evicted the events, and the request that asked for them is the
// last cause the trace has (why? adds the cache's fact). A 410 without
// the cache's numbers (an expired continue token, a LIST or watch etcd
// refused) follows etcd's newest compaction.
func (r *apiReplica) goneCause(resource string, oldest uint64, fallback EventID) EventID {
	if oldest > 0 {
		if c, ok := r.ready[resource]; ok && oldest <= c.rv+1 {
			return c.id
		}
		return fallback
	}
	if r.compactCause != 0 {
		return r.compactCause
	}
	return fallback
}

// clientConn is a client's connection to one replica.
type clientConn struct {
	conn    *Conn
	replica int
}

type pendingCall struct {
	req    apiserver.Request
	rep    *apiReplica
	conn   *Conn
	cause  EventID
	done   func(apiserver.Response)
	handle *WatchHandle
	resp   apiserver.Response // the answer, while it travels back
}

// WatchHandle is a client's open watch. Stop closes it from the client.
type WatchHandle struct {
	rep     *apiReplica
	stream  *apiserver.Stream
	conn    *Conn
	cause   EventID
	sink    watchSink // where the start, the events and the end go
	ended   bool
	endSent bool // the stream's end is on the wire
	// moreDue: a drainMore for this stream is queued (see drainSlice).
	moreDue bool
	// reader, when set, reads the stream at a limited rate (a slow
	// consumer); nil reads everything as soon as it is buffered.
	reader *slowReader
	// inFlight are the events on the wire to the client, oldest first
	// (watch_fifo.go).
	inFlight eventFIFO
	// Replica is the node serving the watch.
	Replica string
}

func (w *World) attachAPIServers(cfg APIServersConfig) error {
	w.api = &apiClients{w: w, conns: map[string]*clientConn{}, metrics: map[string]*float64{}, free: freelist.New[pendingCall](maxFreePending),
		readRates: map[string]float64{}}
	for i := range cfg.Replicas {
		sc := cfg.Server
		sc.Name, sc.Rand = APIServerNode(i), w.rng
		srv, err := apiserver.New(sc, w.Etcd, w.now)
		if err != nil {
			return err
		}
		rep := &apiReplica{c: w.api, srv: srv, node: sc.Name, pending: map[uint64]*pendingCall{},
			watches: map[*apiserver.Stream]*WatchHandle{}}
		w.APIServers = append(w.APIServers, srv)
		w.api.replicas = append(w.api.replicas, rep)
		w.Net.AddNode(sc.Name)
		w.AddTicker(sc.Name, rep)
	}
	return nil
}

// Advance steps the replica when it has work due, then delivers what it
// produced. Reading streams may unblock the cacher, so it repeats while
// the replica reports work due now. The bound is a livelock guard, not a
// budget: a watch-list of 150,000 pods moves through a cacheWatcher's
// result buffer (capacity ~100) in 1,500 rounds at one instant.
func (r *apiReplica) Advance(now time.Duration) { r.advance(now) }

// advance is Advance returning the replica's NextWake once nothing is
// due (when the livelock guard ends the loop instead: ok false, with
// known false).
func (r *apiReplica) advance(now time.Duration) (at time.Duration, ok, known bool) {
	for range maxReplicaRounds {
		at, ok := r.srv.NextWake()
		if !ok || at > now {
			r.srv.AdvanceClock(now) // what srv.Advance does when nothing is due
			return at, ok, true
		}
		r.srv.Step(now)
		r.deliver()
	}
	return 0, false, false
}

// logKinds is the trace kind of each API server log entry.
var logKinds = [...]Kind{
	apiserver.LogCompact: KindCompact, apiserver.LogCacheReady: KindCacheReady,
	apiserver.LogCachePending: KindCachePending, apiserver.LogWatcherTerminated: KindWatcherTerminated,
	apiserver.LogKilled: KindKilled, apiserver.LogRestart: KindRestart,
}

// maxReplicaRounds bounds Advance's loop (see Advance).
const maxReplicaRounds = 1 << 20

// NextWake is the replica's.
func (r *apiReplica) NextWake() (time.Duration, bool) { return r.srv.NextWake() }

// deliver sends completions, stream events and stream ends to clients,
// and records the replica's log in the trace.
func (r *apiReplica) deliver() {
	r.deliverAnswers()
	// Only the streams the replica marked can have output or have ended:
	// thousands of idle watches are not visited.
	for _, st := range r.srv.TakeReadyStreams() {
		if st.Buffered() > 0 || st.Ended() {
			r.drain(st)
		}
	}
}

// deliverAnswers is deliver without the scan of open streams: right after
// a Submit no stream but the answered one (drained by openWatch) can have
// new output, and the Step that follows the Submit scans them anyway.
func (r *apiReplica) deliverAnswers() {
	w := r.c.w
	for _, e := range r.srv.TakeLog() {
		k := logKinds[e.Kind]
		id := w.RecordEvent(TraceEvent{Cause: w.cause, Node: r.node, Kind: k, Detail: e.Detail,
			Reason: e.Reason, Message: e.Message, Resource: e.Resource, RV: e.RV, Req: e.Req, Client: e.Client})
		switch k {
		case KindCompact:
			r.compactCause = id
		case KindCacheReady:
			if r.ready == nil {
				r.ready = map[string]cacheInit{}
			}
			r.ready[e.Resource] = cacheInit{id, e.RV}
		}
	}
	for _, c := range r.srv.TakeCompleted() {
		r.complete(c)
	}
	for _, st := range r.srv.TakeEndedStreams() {
		r.drain(st)
	}
	r.syncMetrics()
}

// complete sends one answer back over its connection. The call stays
// pending until the answer arrives: a connection that breaks while the
// answer is on the wire fails the call (connClosed), as a reset reaches a
// client waiting to read its response; otherwise the client would wait
// for an answer the network dropped, forever.
func (r *apiReplica) complete(c apiserver.Completion) {
	p, ok := r.pending[c.Response.ID]
	if !ok {
		return
	}
	w := r.c.w
	resp := c.Response
	cause := p.cause
	if resp.Code == 410 && resp.Status != nil {
		cause = r.goneCause(p.req.Resource, resp.Status.TooOld[1], cause)
	}
	line := strconv.AppendUint(append(r.c.line[:0], '#'), resp.ID, 10)
	r.c.line = resp.AppendText(append(line, ' '))
	id := w.RecordEvent(respEvent(cause, r.node, w.text.string(r.c.line), p.req, resp))
	if w.checker != nil && resp.Object != nil && resp.Code < 300 && p.req.Verb != apiserver.GET && p.req.Verb != apiserver.LIST {
		w.checker.recordWrite(p.req, resp.Object)
	}
	if resp.ConnErr != nil {
		// The connection is gone (refused or reset): the client learns it
		// from its own TCP stack, not from a message on that connection.
		r.dropPending(resp.ID, p)
		r.c.dropConn(p.req.Client)
		w.Schedule(w.now, id, func() {
			if p.handle != nil {
				p.handle.end(resp.ConnErr)
			} else {
				p.done(resp)
			}
		})
		return
	}
	if p.handle != nil {
		r.openWatch(p, c, id)
		return
	}
	p.resp = resp
	sendTask(p.conn, resp.SizeBytes, id, (*answerArrival)(p))
}

// refusalArrival is a refused watch's answer reaching the client.
type refusalArrival pendingCall

func (a *refusalArrival) run() {
	p := (*pendingCall)(a)
	p.rep.dropPending(p.req.ID, p)
	p.handle.end(p.resp.Err())
}

// openWatch binds a stream to its handle, or ends the handle if the watch
// was refused.
func (r *apiReplica) openWatch(p *pendingCall, c apiserver.Completion, cause EventID) {
	h := p.handle
	h.cause = cause
	if c.Stream == nil { // pending until the refusal arrives, as an answer is
		p.resp = c.Response
		sendTask(p.conn, c.Response.SizeBytes, cause, (*refusalArrival)(p))
		return
	}
	r.dropPending(c.Response.ID, p)
	if h.ended { // the client gave up before the stream opened
		c.Stream.Stop()
		return
	}
	h.stream = c.Stream
	r.addWatch(c.Stream, h)
	sendTask(p.conn, statusLineBytes, cause, (*startArrival)(h))
	if rate, ok := r.c.readRates[p.req.Client]; ok {
		h.reader = newSlowReader(r, h, rate)
	}
	r.drain(c.Stream)
}

// drain moves a stream's buffered events onto the wire, then its end.
func (r *apiReplica) drain(st *apiserver.Stream) {
	h, ok := r.watches[st]
	if !ok {
		return
	}
	if h.endSent {
		return
	}
	if h.reader != nil {
		h.reader.kick()
		return
	}
	if h.moreDue {
		return // a continuation is queued and drains in order
	}
	r.drainN(st, h, drainSlice)
	if !h.endSent && st.Buffered() > 0 {
		h.moreDue = true
		r.c.w.laterTask(drainGap, (*drainMore)(h))
	}
}

// A watch-list of 150,000 pods (the controller-manager's, after a
// restart) is 150,000 initial events buffered on one stream at once. Put
// on the wire in one step, that is hundreds of milliseconds of one
// browser frame. So one step moves at most drainSlice events and the
// rest follow drainGap later, like a server writing a long response in
// chunks:
//
//	t        events 1 .. 250 on the wire
//	t+1us    events 251 .. 500
//	...      (arrival order on the connection is unchanged)
//
// A slice is small enough that a step stays well inside a frame's budget
// in wasm. Most streams (a kubelet's few pods, live events) never buffer
// that many and are drained in the step that filled them.
const (
	drainSlice = 250
	drainGap   = time.Microsecond
)

// drainMore is a stream's next slice coming due.
type drainMore WatchHandle

func (d *drainMore) run() {
	h := (*WatchHandle)(d)
	h.moreDue = false
	if h.stream != nil {
		h.rep.drain(h.stream)
	}
}

// drainN moves at most limit buffered events (limit < 0: all) onto the
// wire, then the stream's end once it is over and drained.
func (r *apiReplica) drainN(st *apiserver.Stream, h *WatchHandle, limit int) {
	for ; limit != 0; limit-- {
		e, ok := st.Next()
		if !ok {
			break
		}
		cause := h.cause
		if e.Type == am.Error {
			c := cause
			if e.Status != nil && e.Status.Code == 410 {
				c = r.goneCause(st.Req.Resource, e.Status.TooOld[1], c)
			}
			ev := TraceEvent{Cause: c, Node: r.node, Kind: KindWatchError, Detail: fmt.Sprintf("#%d %s", st.ID, e.String()),
				Req: st.ID, Client: st.Req.Client, Verb: st.Req.Verb, Resource: st.Req.Resource}
			if e.Status != nil {
				ev.Code, ev.Reason, ev.Message = e.Status.Code, string(e.Status.Reason), e.Status.Message
				ev.RV, ev.OldestRV = e.Status.TooOld[0], e.Status.TooOld[1]
			}
			cause = r.c.w.RecordEvent(ev)
		}
		if e.Type == am.Bookmark {
			r.recordBookmark(st, h, e) // the arrival keeps the watch's cause: nothing else changes
		}
		if sendTask(h.conn, eventBytes(e), cause, (*eventArrival)(h)) {
			h.inFlight.push(e) // the arrival takes it (watch_fifo.go)
		}
	}
	if st.Ended() && !h.endSent {
		// The handle stays registered until the end arrives: if the
		// connection breaks first, connClosed still ends it.
		h.endSent = true
		reason := st.EndReason()
		id := r.c.w.RecordEvent(TraceEvent{Cause: h.cause, Node: r.node, Kind: KindWatchEnd,
			Detail: fmt.Sprintf("#%d %s", st.ID, endText(reason)),
			Req:    st.ID, Client: st.Req.Client, Verb: st.Req.Verb, Resource: st.Req.Resource})
		send(h.conn, 0, id, func() {
			r.dropWatch(st, h)
			h.end(reason)
		})
	}
}

// recordBookmark records a BOOKMARK the stream st puts on the wire to
// its watcher: "#12 BOOKMARK rv=900", with " (initial-events-end)" on
// the bookmark that ends a watch-list's initial events.
func (r *apiReplica) recordBookmark(st *apiserver.Stream, h *WatchHandle, e am.WatchEvent) {
	var rv uint64
	if e.Object != nil {
		rv = e.Object.RV()
	}
	detail := "#" + strconv.FormatUint(st.ID, 10) + " BOOKMARK rv=" + strconv.FormatUint(rv, 10)
	if e.IsInitialEventsEnd() {
		detail += " (initial-events-end)"
	}
	r.c.w.RecordEvent(TraceEvent{Cause: h.cause, Node: r.node, Kind: KindBookmark, Detail: detail,
		Req: st.ID, Client: st.Req.Client, Verb: st.Req.Verb, Resource: st.Req.Resource, RV: rv,
		InitialEventsEnd: e.IsInitialEventsEnd()})
}

// respEvent is the RESP event of an answer to req: its code, reason and
// the resourceVersion of the object or list it carries.
func respEvent(cause EventID, node, detail string, req apiserver.Request, resp apiserver.Response) TraceEvent {
	ev := TraceEvent{Cause: cause, Node: node, Kind: KindResp, Detail: detail, Code: resp.Code,
		Req: resp.ID, Client: req.Client, Verb: req.Verb, Resource: req.Resource, Route: resp.Route, Seats: int32(resp.Seats)}
	switch {
	case resp.ConnErr != nil:
		ev.Code, ev.Reason, ev.Route = 0, resp.ConnErr.Error(), ""
	case resp.Status != nil:
		ev.Code, ev.Reason, ev.Message = resp.Status.Code, string(resp.Status.Reason), resp.Status.Message
	case resp.List != nil:
		ev.Items = int32(len(resp.List.Items))
		ev.RV, _ = strconv.ParseUint(resp.List.ResourceVersion, 10, 64)
		ev.Continue = resp.List.Continue
	case resp.Object != nil:
		ev.RV, _ = strconv.ParseUint(resp.Object.ResourceVersion, 10, 64)
	}
	return ev
}

func endText(err error) string {
	if err == nil {
		return "stream closed by the server"
	}
	return err.Error()
}

// eventBytes is an event's size on the wire.
func eventBytes(e am.WatchEvent) int {
	if e.Object != nil && e.Object.SizeBytes > 0 {
		return int(e.Object.SizeBytes)
	}
	return 512
}

// send transmits on conn; on a closed connection the message is lost
// (the OnClose handler reports the loss).
func send(conn *Conn, size int, cause EventID, deliver func()) {
	sendTask(conn, size, cause, funcTask(deliver))
}

// sendTask is send with the arrival's work as a task. It reports
// whether the message went out.
func sendTask(conn *Conn, size int, cause EventID, deliver task) bool {
	if conn == nil || conn.Closed() {
		return false
	}
	return conn.Peer().send(size, cause, deliver) == nil
}

// statusLineBytes is the size of an HTTP 200 status line and headers.
const statusLineBytes = 200

// watchSink is the client side of a watch: what happens when its status
// line, each event and its end arrive. A client's own watch is its sink
// (no closures per watch); World.Watch's callbacks make a funcSink.
type watchSink interface {
	watchStarted()
	watchEvent(e am.WatchEvent)
	watchEnded(err error)
}

// funcSink is a watchSink of World.Watch's callbacks (either may be nil).
type funcSink struct {
	onEvent func(am.WatchEvent)
	onEnd   func(error)
}

func (f *funcSink) watchStarted() {}

func (f *funcSink) watchEvent(e am.WatchEvent) {
	if f.onEvent != nil {
		f.onEvent(e)
	}
}

func (f *funcSink) watchEnded(err error) {
	if f.onEnd != nil {
		f.onEnd(err)
	}
}

func (h *WatchHandle) start() {
	if !h.ended {
		h.sink.watchStarted()
	}
}

// startArrival is a watch's status line reaching the client.
type startArrival WatchHandle

func (a *startArrival) run() { (*WatchHandle)(a).start() }

func (h *WatchHandle) event(e am.WatchEvent) {
	if !h.ended {
		h.sink.watchEvent(e)
	}
}

func (h *WatchHandle) end(err error) {
	if h.ended {
		return
	}
	h.ended = true
	h.sink.watchEnded(err)
}

// Stop closes the watch from the client side: no more events are
// delivered and the server forgets the watcher.
func (h *WatchHandle) Stop() {
	h.ended = true
	h.reader.stop()
	if h.stream != nil {
		h.stream.Stop()
		h.rep.dropWatch(h.stream, h)
	}
}

// Ended reports whether the watch is over (ended or stopped).
func (h *WatchHandle) Ended() bool { return h.ended }

// pickReplica is the load balancer: a client sticks to replica
// hash(client) mod n; after a lost connection it moves to the next one.
func (a *apiClients) connFor(client string) (*clientConn, error) {
	if cc, ok := a.conns[client]; ok && !cc.conn.Closed() {
		return cc, nil
	}
	n := len(a.replicas)
	if n == 0 {
		return nil, fmt.Errorf("engine: no API server replicas configured")
	}
	idx := int(hashString(client) % uint64(n))
	if old, ok := a.conns[client]; ok {
		idx = (old.replica + 1) % n
	}
	a.w.Net.AddNode(client)
	conn, err := a.w.Net.Dial(client, a.replicas[idx].node)
	if err != nil {
		return nil, err
	}
	cc := &clientConn{conn: conn, replica: idx}
	a.conns[client] = cc
	conn.OnClose(func(reason error) { a.connClosed(cc, reason) })
	return cc, nil
}

// dropConn forgets a client's connection so its next request goes to
// the next replica.
func (a *apiClients) dropConn(client string) {
	if cc, ok := a.conns[client]; ok {
		cc.conn.Close()
	}
}

// connClosed fails every request and watch still riding on cc.
func (a *apiClients) connClosed(cc *clientConn, reason error) {
	rep := a.replicas[cc.replica]
	for _, id := range rep.pendingOn(cc.conn) {
		p := rep.pending[id]
		rep.dropPending(id, p)
		if p.handle != nil {
			p.handle.end(reason)
		} else {
			p.done(apiserver.Response{ID: id, Replica: rep.node, ConnErr: reason})
		}
	}
	for _, h := range rep.handlesOn(cc.conn) {
		h.reader.stop()
		if !h.stream.Ended() {
			h.stream.Stop()
		}
		rep.dropWatch(h.stream, h)
		h.end(reason)
	}
}

func hashString(s string) uint64 {
	h := fnv.New64a()
	h.Write([]byte(s))
	return h.Sum64()
}

// AdvanceClock is Advance for a replica the engine knows has nothing due
// (see advanceTickers): its clock moves, nothing runs.
func (r *apiReplica) AdvanceClock(now time.Duration) { r.srv.AdvanceClock(now) }
