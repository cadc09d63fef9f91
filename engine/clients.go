package engine

import (
	"errors"
	"maps"
	"slices"

	am "watchscope/apimachinery"
	"watchscope/apiserver"
	"watchscope/informer"
	"watchscope/workqueue"
)

// Client is one client-go process living on its own node (a kubelet, a
// controller manager, kubectl -w): a SharedInformerFactory whose
// informers' reflectors talk to the API servers through the world. The
// glue follows informer's contract (see informer/doc.go):
//
//	reflector ─TakeCalls─► Client.send ─► w.Do (LIST) / w.Watch (WATCH) ─► replica
//	    ▲                                                  │ network
//	    └── OnListResult / OnWatchStarted / OnWatchEvent / OnWatchEnded
//	        Step at NextWake (one scheduled wake-up per client, never a scan)
//
// Every reflector decision is recorded in the trace as a REFLECTOR event
// caused by whatever delivered the answer that led to it, and the next
// wake-up (a backoff, a resync) is caused by the newest decision, so the
// trace's "why?" chain runs from a relist's REQ back through the 410 to
// the compaction or cache re-initialization that caused it.
type Client struct {
	w       *World
	node    string
	factory *informer.SharedInformerFactory
	// controllers drain workqueues their informers' handlers fill.
	controllers  []*workqueue.Controller
	controllerOf []string                // the resource feeding each controller
	watches      map[uint64]*clientWatch // open watches by call ID
	wake         Handle
	cause        EventID // the newest decision: the cause of the next wake
	stopped      bool
	// wakeSlot and stepFn are the wake-up's, made once and reused each
	// time the wake-up moves.
	wakeSlot slot
	stepFn   func()
}

// clientWatch is one open WATCH call of a client, and the sink of its
// WatchHandle.
type clientWatch struct {
	c       *Client
	h       *WatchHandle
	inf     *informer.SharedIndexInformer
	id      uint64 // the informer's call ID
	started bool
	check   *streamCheck // nil unless the world checks streams
}

// InformerConfig returns an informer configuration drawing from the
// world's random source (required for replay), with the 1.36 defaults
// for everything else.
func (w *World) InformerConfig() informer.InformerConfig {
	return informer.InformerConfig{Rand: w.rng, FIFO: informer.AtomicRealFIFO, Backoff: w.clientBackoff(),
		DisableBookmarks: w.cfg.ClientDisableBookmarks || w.knobs.noBookmarks}
}

// AddClient puts a client-go process on node, running the informers of
// f (create them with f.InformerFor and register handlers first), and
// starts it now. The node name must be new.
func (w *World) AddClient(node string, f *informer.SharedInformerFactory) (*Client, error) {
	if _, ok := w.clientIndex[node]; ok || w.Net.nodes[node] != nil {
		return nil, errors.New("engine: node " + node + " already exists")
	}
	if len(w.api.replicas) == 0 {
		return nil, errors.New("engine: clients need API server replicas")
	}
	c := &Client{w: w, node: node, factory: f, watches: map[uint64]*clientWatch{}}
	c.stepFn = c.step
	w.clients = append(w.clients, c)
	w.clientIndex[node] = c
	w.Net.AddNode(node)
	f.Start(w.now)
	c.flush()
	return c, nil
}

// Clients lists the clients in the order they were added.
func (w *World) Clients() []*Client { return w.clients }

// Client finds a client by node name.
func (w *World) Client(node string) (*Client, bool) {
	c, ok := w.clientIndex[node]
	return c, ok
}

// Node is the client's node name.
func (c *Client) Node() string { return c.node }

// Factory is the client's informer factory.
func (c *Client) Factory() *informer.SharedInformerFactory { return c.factory }

// Informers are the client's informers, in creation order.
func (c *Client) Informers() []*informer.SharedIndexInformer { return c.factory.Informers() }

// OpenWatches is the number of watches the client has open or opening.
func (c *Client) OpenWatches() int { return len(c.watches) }

// Stop stops the client's informers and closes its watches.
func (c *Client) Stop() {
	if c.stopped {
		return
	}
	c.stopped = true
	for _, inf := range c.factory.Informers() {
		inf.Stop(c.w.now)
	}
	for _, ctrl := range c.controllers {
		ctrl.ShutDown(c.w.now)
	}
	for _, id := range slices.Sorted(maps.Keys(c.watches)) {
		c.watches[id].h.Stop()
		c.watches[id].endCheck()
	}
	clear(c.watches)
	c.wake.Cancel()
}

// flush records the informers' decisions, sends their calls and keeps
// one wake-up queued at the factory's NextWake. Call it after every
// answer the client was given.
func (c *Client) flush() {
	if c.stopped {
		return
	}
	for _, inf := range c.factory.Informers() {
		c.recordDecisions(inf)
		for _, call := range inf.TakeCalls() {
			c.send(inf, call)
		}
	}
	c.reschedule()
}

// recordDecisions moves the reflector's trace into the world's trace.
func (c *Client) recordDecisions(inf *informer.SharedIndexInformer) {
	r := inf.Reflector()
	if r == nil {
		return
	}
	for _, d := range r.TakeTrace() {
		c.cause = c.w.RecordEvent(TraceEvent{Cause: c.w.cause, Node: c.node, Kind: KindReflector, Detail: d.Text,
			Code: d.Code, Reason: d.Reason, Req: d.Req, Resource: d.Resource, List: d.List,
			RV: d.TooOld[0], OldestRV: d.TooOld[1], Synced: d.Synced})
	}
}

func (c *Client) reschedule() {
	w := c.w
	at, ok := c.nextWake(w.now)
	if !ok {
		c.wake.Cancel()
		return
	}
	at = max(at, w.now)
	if c.wake.Pending() && c.wake.At() == at {
		return
	}
	c.wake.Cancel()
	c.wake = w.sched.rearm(&c.wakeSlot, at, c.cause, c.stepFn)
}

func (c *Client) step() {
	c.factory.Step(c.w.now)
	for _, ctrl := range c.controllers {
		ctrl.Step(c.w.now)
	}
	c.flush()
}

// send carries one call over the network, caused by the newest decision.
func (c *Client) send(inf *informer.SharedIndexInformer, call informer.Call) {
	w := c.w
	prev := w.cause
	if c.cause != 0 {
		w.cause = c.cause
	}
	defer func() { w.cause = prev }()
	req := apiserver.Request{Resource: call.Resource, Namespace: call.Namespace, Options: call.Options}
	switch call.Verb {
	case informer.VerbList:
		req.Verb = apiserver.LIST
		w.Do(c.node, req, func(resp apiserver.Response) {
			if c.stopped {
				return
			}
			if w.checker != nil && resp.List != nil {
				w.checker.relist(c.node + "/" + call.Resource)
			}
			inf.OnListResult(w.now, call.ID, resp.List, clientErr(resp.Err()))
			c.flush()
		})
	case informer.VerbWatch:
		c.watch(inf, call.ID, req)
	case informer.VerbCancel:
		if cw, ok := c.watches[call.ID]; ok {
			delete(c.watches, call.ID)
			cw.h.Stop()
			cw.endCheck()
		}
	}
}

// watch opens a WATCH and routes its start, events and end to inf: the
// clientWatch is the watch's sink.
func (c *Client) watch(inf *informer.SharedIndexInformer, id uint64, req apiserver.Request) {
	w := c.w
	cw := &clientWatch{c: c, inf: inf, id: id}
	if w.checker != nil {
		cw.check = w.checker.newStream(c.node, req)
	}
	c.watches[id] = cw
	cw.h = w.watch(c.node, req, cw)
}

func (cw *clientWatch) watchStarted() {
	c := cw.c
	cw.started = true
	cw.inf.OnWatchStarted(c.w.now, cw.id, nil)
	c.flush()
}

func (cw *clientWatch) watchEvent(e am.WatchEvent) {
	c := cw.c
	if cw.check != nil {
		cw.check.event(e)
	}
	cw.inf.OnWatchEvent(c.w.now, cw.id, e)
	c.flush()
}

func (cw *clientWatch) watchEnded(err error) {
	c, inf, id, now := cw.c, cw.inf, cw.id, cw.c.w.now
	if c.watches[id] == cw {
		delete(c.watches, id)
	}
	cw.endCheck()
	if c.stopped {
		return
	}
	switch {
	case !cw.started && err != nil:
		inf.OnWatchStarted(now, id, clientErr(err))
	case !cw.started:
		inf.OnWatchStarted(now, id, nil)
		inf.OnWatchEnded(now, id, nil)
	default:
		inf.OnWatchEnded(now, id, streamEndErr(err))
	}
	c.flush()
}

// clientErr is the error client-go sees for a failed request: a dead
// replica's refused connection is dial's "connection refused" (which the
// reflector retries without relisting); everything else as it came.
func clientErr(err error) error {
	if errors.Is(err, apiserver.ErrConnRefused) {
		return informer.ErrConnectionRefused
	}
	return err
}

// streamEndErr is what the watch decoder reports when an open stream
// ends: a reset connection surfaces as a closed result channel, exactly
// like a normal close (client-go's StreamWatcher logs it and closes), so
// only API errors pass through.
func streamEndErr(err error) error {
	var se *am.StatusError
	if errors.As(err, &se) {
		return err
	}
	return nil
}

func (cw *clientWatch) endCheck() {
	if cw.check != nil {
		cw.check.end()
	}
}
