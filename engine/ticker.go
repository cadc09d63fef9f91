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
type Ticker interface {
	Advance(now time.Duration)
	NextWake() (time.Duration, bool)
}

// tickerEntry is one registered ticker and its queued wake-up.
type tickerEntry struct {
	node string
	t    Ticker
	wake Handle
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

func (w *World) advanceTickers() {
	for _, te := range w.tickers {
		te.t.Advance(w.now)
	}
}

func (w *World) syncWakes() {
	for _, te := range w.tickers {
		w.syncWake(te)
	}
}

// syncWake (re)queues te's wake-up so that exactly one is pending, at
// NextWake, or none if the ticker has no timer.
func (w *World) syncWake(te *tickerEntry) {
	next, ok := te.t.NextWake()
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
