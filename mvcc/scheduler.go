package mvcc

import (
	"slices"
	"time"
)

// scheduler is the member's virtual clock and its timers: every loop that
// etcd runs on a goroutine with a ticker (the unsynced-watcher sync every
// 100ms, the victim retry every 10ms, compaction batches every 10ms, the
// per-stream progress ticker, the auto-compactor) is a timer here. Timers
// due at the same instant run in the order they were set (seq), so a run
// is deterministic.
type scheduler struct {
	now    time.Duration
	seq    uint64
	timers []*timer // pending, unordered; small, so a linear scan is enough
}

// timer is one pending wake-up. name says which loop it belongs to.
type timer struct {
	at   time.Duration
	seq  uint64
	name string
	fn   func()
	done bool
}

// at schedules fn at virtual time t (not before now).
func (sc *scheduler) at(t time.Duration, name string, fn func()) *timer {
	if t < sc.now {
		t = sc.now
	}
	sc.seq++
	tm := &timer{at: t, seq: sc.seq, name: name, fn: fn}
	sc.timers = append(sc.timers, tm)
	return tm
}

// after schedules fn d after now.
func (sc *scheduler) after(d time.Duration, name string, fn func()) *timer {
	return sc.at(sc.now+d, name, fn)
}

// stop cancels a pending timer (nil and already-run timers are fine).
func (sc *scheduler) stop(tm *timer) {
	if tm == nil || tm.done {
		return
	}
	tm.done = true
	sc.timers = slices.DeleteFunc(sc.timers, func(t *timer) bool { return t == tm })
}

// pending reports whether tm is set and has not run yet.
func pending(tm *timer) bool { return tm != nil && !tm.done }

// earliest returns the index of the next timer to run, or -1.
func (sc *scheduler) earliest() int {
	best := -1
	for i, t := range sc.timers {
		if best == -1 || t.at < sc.timers[best].at ||
			(t.at == sc.timers[best].at && t.seq < sc.timers[best].seq) {
			best = i
		}
	}
	return best
}

// advance runs, in (at, seq) order, every timer due at or before now,
// including timers that those timers set for a time <= now. The clock
// shows each timer's own time while it runs and ends at now. Time never
// goes backwards.
func (sc *scheduler) advance(now time.Duration) {
	for {
		i := sc.earliest()
		if i == -1 || sc.timers[i].at > now {
			break
		}
		t := sc.timers[i]
		sc.timers = slices.Delete(sc.timers, i, i+1)
		t.done = true
		if t.at > sc.now {
			sc.now = t.at
		}
		t.fn()
	}
	if now > sc.now {
		sc.now = now
	}
}

// next returns the time of the earliest pending timer.
func (sc *scheduler) next() (time.Duration, bool) {
	i := sc.earliest()
	if i == -1 {
		return 0, false
	}
	return sc.timers[i].at, true
}
