package reflector

import (
	"io"
	"net/http"
	"testing"
	"time"

	"watchscope/engine"
)

// hookKind is what the real reflector's side reports to the driver.
type hookKind int

const (
	hookRequest      hookKind = iota // RoundTrip: a request waits for its answer
	hookEventHandled                 // handleAnyWatch finished one event
	hookWatchLoop                    // (*Reflector).watch began an iteration
	hookTimer                        // a timer of the virtual clock was set
	hookStopped                      // the client closed a watch body
)

type hook struct {
	kind  hookKind
	wait  time.Duration
	req   *http.Request
	reply chan rtResult
	watch *bridgeWatch
}

// bridgeWatch is one WATCH of the real client while it lives in the world.
type bridgeWatch struct {
	id      uint64
	h       *engine.WatchHandle
	reply   chan rtResult
	pw      *io.PipeWriter
	started bool // headers answered
	stopped bool // the client closed it
	ended   bool // the server side is over
}

// driver runs the world on the test goroutine and the real reflector on
// its own goroutines, one step at a time:
//
//	world event ──delivery──► reflector (answer, headers, event, end, timer)
//	     ▲                         │ works for microseconds, then blocks
//	     └──── hook ◄──────────────┘ request / event handled / timer set
//
// After each delivery the driver waits for the hook that shows the
// reflector blocked again (awaitIdle) before virtual time moves on, so
// the reflector reacts at the same virtual instant ours does. Waits the
// real reflector spends on the real clock (the run loop's backoff, the
// REST client's Retry-After sleep) are measured and the world is moved
// forward by the same amount before the next request is sent.
type driver struct {
	t       testing.TB
	w       *engine.World
	node    string
	clk     *vclock
	hooks   chan hook
	closed  chan struct{}
	pending []func()
	watches []*bridgeWatch // awaiting headers
	all     []*bridgeWatch
	nextID  uint64
	seen    engine.EventID
	busy    bool
	since   time.Time // real time the reflector became busy
	// RealWaits are the real-time waits mapped into virtual time.
	RealWaits []time.Duration
}

// realWaitThreshold: a busy period longer than this is a real-clock wait.
// The reflector needs microseconds for everything else, and the only real
// waits of these scenarios are the REST client's Retry-After sleeps, whole
// seconds; but on a busy machine a goroutine can wait for a CPU for a
// tenth of a second or more (a CI run under load took 113 ms between two
// pages of one LIST, and the scenario failed as "a wait with no backoff
// window"), so the threshold sits halfway to the shortest real wait.
const realWaitThreshold = 500 * time.Millisecond

// settleTimeout bounds one busy period (the longest real wait is a 30-60s
// backoff, which no scenario reaches).
const settleTimeout = 40 * time.Second

func newDriver(t testing.TB, w *engine.World, node string) *driver {
	hooks := make(chan hook, 4096)
	w.Net.AddNode(node)
	return &driver{t: t, w: w, node: node, clk: newVClock(hooks), hooks: hooks, closed: make(chan struct{}), nextID: 1 << 40}
}

// started marks the reflector busy from now (RunWithContext just began).
func (d *driver) started() { d.markBusy() }

func (d *driver) markBusy() {
	d.busy, d.since = true, time.Now()
}

// awaitIdle handles hooks until the reflector is blocked on the driver.
func (d *driver) awaitIdle() {
	timeout := time.NewTimer(settleTimeout)
	defer timeout.Stop()
	for d.busy {
		select {
		case h := <-d.hooks:
			d.handle(h)
		case <-timeout.C:
			d.t.Fatalf("real reflector did not settle within %v (virtual time %v)", settleTimeout, d.w.Now())
		}
	}
	d.drainHooks()
}

// drainHooks handles hooks that are already queued without waiting.
func (d *driver) drainHooks() {
	for {
		select {
		case h := <-d.hooks:
			d.handle(h)
		default:
			return
		}
	}
}

func (d *driver) handle(h hook) {
	switch h.kind {
	case hookRequest:
		if d.busy {
			if e := time.Since(d.since); e > realWaitThreshold {
				d.RealWaits = append(d.RealWaits, e)
				d.advanceWorld(d.w.Now() + e.Round(time.Millisecond))
			}
		}
		d.busy = false
		d.send(h)
	case hookTimer, hookEventHandled:
		d.busy = false
	case hookWatchLoop:
		if len(d.watchesOpen()) > 0 {
			d.busy = false // a watch-list handed its stream to the watch loop
		}
	case hookStopped:
		bw := h.watch
		if !bw.stopped {
			bw.stopped = true
			bw.h.Stop()
		}
	}
}

// watchesOpen lists started watches neither side has closed.
func (d *driver) watchesOpen() []*bridgeWatch {
	var out []*bridgeWatch
	for _, bw := range d.all {
		if bw.started && !bw.stopped && !bw.ended {
			out = append(out, bw)
		}
	}
	return out
}
