package engine

import (
	"fmt"
	"time"
)

// Ticker is a component with timers of its own, such as the simulated
// etcd server (progress notifications, periodic compaction). The engine
// keeps it on the world's clock:
//
//   - before every event and every command at time now, it calls
//     Advance(now); Advance must fire every timer due at or before now;
//   - after every event and command it asks NextWake and keeps exactly
//     one wake-up event queued at that time, so nothing is ever late.
//
// A ticker whose NextWake is still <= now right after its own wake-up has
// advanced it would loop forever at one instant; the engine panics.
//
// NextWake must depend only on the ticker's own state and clock, and an
// Advance(now) with NextWake after now must change nothing but that
// clock: the engine relies on both to skip asking again (see
// advanceTickers).
type Ticker interface {
	Advance(now time.Duration)
	NextWake() (time.Duration, bool)
}

// clockTicker is a Ticker that can move its clock without first asking
// itself whether anything is due: what Advance does when NextWake is
// after now, for an engine that already knows the answer.
type clockTicker interface {
	AdvanceClock(now time.Duration)
}

// tickerEntry is one registered ticker and its queued wake-up.
type tickerEntry struct {
	node string
	t    Ticker
	wake Handle
	// next and nextOK are NextWake as syncWake last asked it. They are
	// still the answer at the next advanceTickers when nothing ran in
	// between (World.wakesFresh): the ticker's state and clock are the
	// same.
	next   time.Duration
	nextOK bool
	// slot and check are the wake-up's, made once and reused each time
	// the wake-up moves (it moves after most events).
	slot  slot
	check func()
}

// AddTicker registers t, running on node. Tickers are advanced in
// registration order.
func (w *World) AddTicker(node string, t Ticker) {
	te := &tickerEntry{node: node, t: t}
	te.check = func() { w.checkWoken(te) }
	w.tickers = append(w.tickers, te)
	w.syncWake(te)
}

// advanceTickers advances every ticker to now, in registration order.
//
// Asking a replica for NextWake walks its caches, calls and streams, and
// it was asked twice per event: by syncWake at the end of one event and
// by its own Advance at the start of the next. When nothing ran in
// between (wakesFresh), the first answer still holds, so a ticker with
// nothing due only has its clock moved:
//
//	event N    ... syncWake: next = NextWake()     ─┐ same state,
//	event N+1  advanceTickers: next > now?  ◄───────┘ same clock
//	               yes: AdvanceClock(now)      (no second NextWake)
//	               no:  Advance(now) - it works, so the tickers after it
//	                    may have changed (etcd events): ask them afresh
func (w *World) advanceTickers() {
	fresh := w.wakesFresh
	w.wakesFresh = false
	for _, te := range w.tickers {
		if fresh && (!te.nextOK || te.next > w.now) {
			if ct, ok := te.t.(clockTicker); ok {
				ct.AdvanceClock(w.now)
			} else {
				te.t.Advance(w.now)
			}
			continue
		}
		te.t.Advance(w.now)
		fresh = false
	}
}

func (w *World) syncWakes() {
	for _, te := range w.tickers {
		w.syncWake(te)
	}
	w.tail = tailWake{}
}

// tailWake is a ticker's NextWake answer taken by an event as its very
// last act (a request reaching a replica ends by advancing it): nothing
// runs between it and the syncWakes after the event, which uses it
// instead of asking again. NextWake is a pure question, so the tickers
// synced before this one cannot change the answer.
type tailWake struct {
	t  Ticker // nil: none
	at time.Duration
	ok bool
}

// syncWake (re)queues te's wake-up so that exactly one is pending, at
// NextWake, or none if the ticker has no timer.
func (w *World) syncWake(te *tickerEntry) {
	var next time.Duration
	var ok bool
	if w.tail.t != nil && w.tail.t == te.t {
		next, ok = w.tail.at, w.tail.ok
	} else {
		next, ok = te.t.NextWake()
	}
	te.next, te.nextOK = next, ok
	if !ok {
		te.wake.Cancel()
		return
	}
	next = max(next, w.now)
	if te.wake.Pending() && te.wake.At() == next {
		return
	}
	te.wake.Cancel()
	te.wake = w.sched.rearm(&te.slot, next, 0, te.check)
}

// checkWoken runs as the wake-up event, after the ticker was advanced.
func (w *World) checkWoken(te *tickerEntry) {
	if next, ok := te.t.NextWake(); ok && next <= w.now {
		panic(fmt.Sprintf("engine: ticker on %s still wants to wake at %v after Advance(%v)",
			te.node, next, w.now))
	}
}
