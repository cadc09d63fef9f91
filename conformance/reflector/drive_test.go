package reflector

import (
	"encoding/json"
	"fmt"
	"io"
	"strings"
	"syscall"
	"time"

	am "watchscope/apimachinery"
	"watchscope/apiserver"
	"watchscope/engine"
)

// send forwards one request of the real client into the world.
func (d *driver) send(h hook) {
	req, err := toRequest(h.req)
	if err != nil {
		d.t.Errorf("real client sent %s: %v", h.req.URL, err)
		h.reply <- rtResult{err: err}
		return
	}
	d.nextID++
	req.ID = d.nextID
	if req.Verb == apiserver.LIST {
		d.w.Do(d.node, req, func(resp apiserver.Response) {
			d.deliver(func() {
				h.reply <- listResponse(resp)
			})
		})
		return
	}
	bw := &bridgeWatch{id: req.ID, reply: h.reply}
	d.watches = append(d.watches, bw)
	d.all = append(d.all, bw)
	bw.h = d.w.Watch(d.node, req, func(e am.WatchEvent) {
		d.deliver(func() { d.writeEvent(bw, e) })
	}, func(err error) {
		d.deliver(func() { d.endWatch(bw, err) })
	})
}

// deliver queues something for the reflector; settle hands it over.
func (d *driver) deliver(f func()) { d.pending = append(d.pending, f) }

// settle hands over every queued delivery, one at a time, each followed
// by awaitIdle.
func (d *driver) settle() {
	for len(d.pending) > 0 {
		f := d.pending[0]
		d.pending = d.pending[1:]
		d.markBusy()
		f()
		d.awaitIdle()
	}
}

// headers answers a WATCH whose stream opened: 200 and a streaming body.
// The reflector then blocks reading it, so it is idle at once.
func (d *driver) headers(bw *bridgeWatch) {
	if bw.started || bw.ended {
		return
	}
	bw.started = true
	pr, pw := io.Pipe()
	bw.pw = pw
	resp := httpResponse(200, nil, 0)
	resp.ContentLength = -1
	resp.Body = &watchBody{PipeReader: pr, bw: bw, hooks: d.hooks}
	bw.reply <- rtResult{resp: resp}
	d.busy = false
}

func (d *driver) writeEvent(bw *bridgeWatch, e am.WatchEvent) {
	if bw.stopped || !bw.started {
		d.busy = false
		return
	}
	b, err := json.Marshal(e)
	if err != nil {
		d.t.Fatalf("encode %s: %v", e, err)
	}
	if _, err := bw.pw.Write(append(b, '\n')); err != nil {
		d.busy = false // the client closed the body meanwhile
	}
}

// endWatch delivers the end of a watch: a refusal before the stream
// opened, else the end of the body (EOF for a normal close, a reset
// connection, or an ERROR event for a status).
func (d *driver) endWatch(bw *bridgeWatch, err error) {
	if bw.ended {
		d.busy = false
		return
	}
	bw.ended = true
	if !bw.started {
		bw.started = true
		bw.reply <- errorResult(err)
		return
	}
	if bw.stopped {
		d.busy = false
		return
	}
	var se *am.StatusError
	switch {
	case err == nil:
		_ = bw.pw.Close()
	case asStatus(err, &se):
		b, _ := json.Marshal(am.WatchEvent{Type: am.Error, Status: &se.ErrStatus})
		_, _ = bw.pw.Write(append(b, '\n'))
		_ = bw.pw.Close()
	default:
		_ = bw.pw.CloseWithError(syscall.ECONNRESET)
	}
}

func asStatus(err error, se **am.StatusError) bool {
	s, ok := err.(*am.StatusError)
	*se = s
	return ok
}

// scanTrace looks for the replica's answer to a pending WATCH: a RESP
// "#<id> 200" means the stream is open and the headers are on their way.
func (d *driver) scanTrace() {
	if len(d.watches) == 0 {
		d.seen = d.w.Trace.Last()
		return
	}
	for _, ev := range d.w.Trace.Since(d.seen) {
		if ev.Kind != engine.KindResp || ev.Node == d.node {
			continue
		}
		for i, bw := range d.watches {
			if strings.HasPrefix(ev.Detail, fmt.Sprintf("#%d 200", bw.id)) {
				d.watches = append(d.watches[:i], d.watches[i+1:]...)
				d.deliver(func() { d.headers(bw) })
				break
			}
		}
	}
	d.seen = d.w.Trace.Last()
	// A watch that ended (refused) no longer waits for headers.
	kept := d.watches[:0]
	for _, bw := range d.watches {
		if !bw.ended && !bw.started {
			kept = append(kept, bw)
		}
	}
	d.watches = kept
}

// step runs one world event and notices what it produced.
func (d *driver) step() {
	d.w.Step()
	d.clk.set(d.w.Now())
	d.scanTrace()
}

// advanceWorld runs the world to t without handing anything over (the
// reflector is in a real-clock wait with no call open).
func (d *driver) advanceWorld(t time.Duration) {
	for {
		at, ok := d.w.NextAt()
		if !ok || at > t {
			break
		}
		d.step()
	}
	d.w.RunUntil(t)
	d.clk.set(d.w.Now())
}

// runTo moves the world and the reflector together to virtual time t:
// world events and virtual-clock timers in time order, every delivery
// handed over (and the reflector settled) before time moves on.
func (d *driver) runTo(t time.Duration) {
	for {
		d.settle()
		wt, wok := d.w.NextAt()
		ct, cok := d.clk.next()
		switch {
		case cok && ct <= t && (!wok || ct < wt):
			d.w.RunUntil(ct)
			d.clk.set(d.w.Now())
			d.markBusy()
			if d.clk.fireDue() == 0 {
				d.busy = false
			}
			d.awaitIdle()
		case wok && wt <= t:
			d.step()
		default:
			d.w.RunUntil(t)
			d.clk.set(d.w.Now())
			d.settle()
			return
		}
	}
}
