package engine

import (
	"fmt"
	"time"
)

// Schedule queues run at virtual time at (never earlier than now), caused
// by the trace event cause. While run executes, w.Cause() returns cause.
func (w *World) Schedule(at time.Duration, cause EventID, run func()) Handle {
	return w.sched.Schedule(max(at, w.now), cause, run)
}

// After queues run d after now, caused by w.Cause().
func (w *World) After(d time.Duration, run func()) Handle {
	return w.Schedule(w.now+d, w.cause, run)
}

// post is Schedule for an event nobody cancels: no Handle is made.
func (w *World) post(at time.Duration, cause EventID, run func()) {
	w.sched.post(max(at, w.now), cause, run)
}

// later is After for an event nobody cancels (the cluster's periodic
// writers, hundreds a second): no Handle is made.
func (w *World) later(d time.Duration, run func()) { w.post(w.now+d, w.cause, run) }

// laterTask is later with the work as a task (see task).
func (w *World) laterTask(d time.Duration, t task) {
	w.sched.push(entry{at: max(w.now+d, w.now), cause: w.cause, work: t})
}

// Step runs the next event, if there is one (and, during a replay, if it
// is not past the replay horizon). The loop for one event is:
//
//  1. pop the earliest (time, seq) event and move the clock to its time
//     (taking any metric samples due before it);
//  2. Advance every ticker to the new now, in registration order;
//  3. run the event with Cause() set to its cause;
//  4. make sure each ticker has a wake-up event at its NextWake.
func (w *World) Step() bool {
	at, ok := w.sched.Peek()
	if !ok || (w.replay && at > w.horizon) {
		return false
	}
	ev, _ := w.sched.pop()
	w.moveClock(ev.at)
	w.advanceTickers()
	prev := w.cause
	w.cause = ev.cause
	ev.exec()
	w.cause = prev
	w.syncWakes()
	w.changes++
	return true
}

// RunUntil runs every event due at or before t, then sets the clock to t
// (if t is ahead). It returns the number of events run.
func (w *World) RunUntil(t time.Duration) int {
	n, _ := w.RunUntilBudget(t, -1)
	return n
}

// RunFor is RunUntil(Now()+d).
func (w *World) RunFor(d time.Duration) int { return w.RunUntil(w.now + d) }

// RunUntilBudget is RunUntil with at most budget events (budget < 0: no
// limit), for a browser frame that must not run long. If the budget runs
// out first, the clock stays at the last event run and reached is false;
// calling again continues exactly where it stopped.
func (w *World) RunUntilBudget(t time.Duration, budget int) (ran int, reached bool) {
	if budget < 0 {
		return w.runUntil(t, nil)
	}
	return w.runUntil(t, func(ran int) bool { return ran >= budget })
}

// RunUntilOr is RunUntil that also stops, between two events, as soon as
// stop reports true (it is asked after every event, so each call makes
// progress; it must not change the world). The browser uses it with a
// wall-clock budget per frame:
//
//	events due:  e1  e2  e3 | e4  e5     t
//	             run run run^ stop        (clock stays at e3)
//	next call:               e4  e5 ... t (exactly as if never stopped)
//
// Stopping changes nothing the world does: the events still run one by
// one in (time, seq) order, so the trace is the same however a run is
// cut. It reports whether t was reached.
func (w *World) RunUntilOr(t time.Duration, stop func() bool) bool {
	if stop == nil {
		_, reached := w.runUntil(t, nil)
		return reached
	}
	_, reached := w.runUntil(t, func(ran int) bool { return ran > 0 && stop() })
	return reached
}

// runUntil is the loop of RunUntil: every event due at or before t, then
// the clock to t; halt (nil: never) is asked before each event with the
// number run so far and ends the run early, clock at the last event run.
func (w *World) runUntil(t time.Duration, halt func(ran int) bool) (ran int, reached bool) {
	if w.replay {
		t = min(t, w.horizon)
	}
	// A caller may have changed a ticker outside any event (a command
	// opening a watch, a test calling etcd directly): queue its wake-up
	// before looking at the queue, or the clock would jump past it.
	w.syncWakes()
	for {
		at, ok := w.sched.Peek()
		if !ok || at > t {
			if t > w.now {
				w.moveClock(t)
			}
			return ran, true
		}
		if halt != nil && halt(ran) {
			return ran, false
		}
		// The tickers' wake-ups were just synced (above or at the end of
		// the last Step) and nothing has run since: Step may trust them.
		w.wakesFresh = true
		w.Step()
		ran++
	}
}

// NextAt reports when the next event is due.
func (w *World) NextAt() (time.Duration, bool) { return w.sched.Peek() }

// Pending is the number of queued events, ticker wake-ups included.
func (w *World) Pending() int { return w.sched.Len() }

// Idle reports whether nothing is queued except ticker wake-ups: the world
// has settled and only timers (progress notifications, compaction,
// resyncs) can still change it.
func (w *World) Idle() bool {
	wakes := 0
	for _, te := range w.tickers {
		if te.wake.Pending() {
			wakes++
		}
	}
	return w.sched.Len() == wakes
}

// moveClock sets the clock forward to t, sampling metrics on the way.
func (w *World) moveClock(t time.Duration) {
	if t < w.now {
		panic(fmt.Sprintf("engine: clock moving back from %v to %v", w.now, t))
	}
	if w.Metrics.nextSample < t {
		// Sampling reads gauges; the tickers are asked afresh after it.
		w.wakesFresh = false
	}
	w.Metrics.SampleBefore(t)
	w.now = t
}
