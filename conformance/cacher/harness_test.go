package cacher

import (
	"slices"
	"strings"
	"testing"
	"time"
)

// pair runs one scenario on both sides: the same writes, watches and lists
// in the same order. Every write is checked to get the same revision on
// both; before each read both caches have caught up with etcd.
type pair struct {
	t    *testing.T
	real *realSide
	sim  *simSide
	rev  int64
}

// newPair starts both sides; pre is written before the caches start, so
// they first list at revision 1+len(pre).
func newPair(t *testing.T, pre ...writeOp) *pair {
	t.Helper()
	p := &pair{t: t, real: startReal(t, pre...), sim: startSim(t, pre...), rev: int64(1 + len(pre))}
	// startSim ran the sim's clock while the real one stood still: one
	// step puts both at the same cacher time (no timer is due before 1s).
	p.real.clock.Step(p.sim.now)
	p.sync()
	return p
}

// write applies ops on both sides and checks the revisions agree.
func (p *pair) write(ops ...writeOp) {
	p.t.Helper()
	for _, op := range ops {
		rr, sr := p.real.apply(op), p.sim.apply(op)
		if rr != sr {
			p.t.Fatalf("%s: real etcd at revision %d, sim at %d", op, rr, sr)
		}
		p.rev = rr
	}
	p.sync()
}

// sync lets both caches catch up with the current revision.
func (p *pair) sync() {
	p.t.Helper()
	p.tick(settleStep)
	p.real.waitFresh(p.rev)
}

// settleStep is how much cacher time a sync or a read of events takes.
// A synced etcd watcher gets each write at once on both sides, so a few
// 10ms steps suffice; keeping it short keeps a scenario under the ~1s of
// the first bookmark tick unless it advances time on purpose.
const settleStep = 30 * time.Millisecond

// tick moves both cachers' clocks forward by d: the sim in virtual time
// (10ms steps), the real one by stepping its fake clock in steps of at
// most 250ms, waiting briefly after each step for the dispatcher
// goroutine. A step never jumps over the bookmark timer: the real clock
// stops at the first 10ms step at or after it (where the sim's
// dispatcher sees it due) and waits until the dispatcher has re-armed
// it, so both tick at the same cacher times (tickClock).
func (p *pair) tick(d time.Duration) {
	p.sim.settle(d)
	for d > 0 {
		step := min(d, 250*time.Millisecond)
		armed, due := p.real.ticks.state()
		fires := false
		if until := due.Sub(p.real.clock.Now()); until <= step {
			step, fires = max(roundUp(until, 10*time.Millisecond), 0), true
		}
		p.real.clock.Step(step)
		d -= step
		if fires {
			p.real.waitRearmed(armed)
		}
		time.Sleep(2 * time.Millisecond)
	}
}

func roundUp(d, unit time.Duration) time.Duration { return (d + unit - 1) / unit * unit }

func (p *pair) compact(rev int64) {
	p.t.Helper()
	p.real.compact(rev)
	p.sim.compact(rev)
}

// watchPair is one watch opened on both sides.
type watchPair struct {
	real *realWatch
	sim  *simWatch
}

func (p *pair) watch(req watchReq) *watchPair {
	p.t.Helper()
	return &watchPair{real: p.real.watch(req), sim: p.sim.watch(req)}
}

// events settles both, waits until the real watch has as many events as
// the sim one (or want, if longer) plus a quiet period, and returns both.
func (p *pair) events(w *watchPair, want int) (real, sim []string) {
	p.tick(settleStep)
	n := max(want, len(w.sim.got))
	w.real.waitFor(n)
	// Extra real events (more than the sim or the expectation has) would
	// otherwise go unseen if they come just after the n-th: wait a little.
	time.Sleep(quietPeriod)
	got, _ := w.real.snapshot()
	return texts(got), texts(w.sim.got)
}

// quietPeriod is how long the harness waits for real events beyond the
// number it expects; the real Cacher delivers a dispatched event to a
// watcher within microseconds on an idle machine.
const quietPeriod = 20 * time.Millisecond

// expectEvents asserts want on both sides, as named subtests so that a
// divergence of the simulation shows as "<scenario>/sim".
func (p *pair) expectEvents(name string, w *watchPair, want []string) {
	p.t.Helper()
	real, sim := p.events(w, len(want))
	p.check(name, want, real, sim)
}

// expectList asserts one LIST page on both sides.
func (p *pair) expectList(name string, req listReq, want listPage) {
	p.t.Helper()
	real, sim := p.real.list(req), p.sim.list(req)
	p.check(name, []string{want.String()}, []string{real.String()}, []string{sim.String()})
}

func (p *pair) check(name string, want, real, sim []string) {
	p.t.Helper()
	p.t.Run(name+"/real", func(t *testing.T) {
		if !slices.Equal(real, want) {
			t.Errorf("real apiserver Cacher differs from the expectation (the test is wrong)\n got: %s\nwant: %s", lines(real), lines(want))
		}
	})
	p.t.Run(name+"/sim", func(t *testing.T) {
		if !slices.Equal(sim, real) {
			t.Errorf("watchscope/watchcache differs from the real Cacher\n sim: %s\nreal: %s", lines(sim), lines(real))
		}
	})
}

func lines(s []string) string {
	if len(s) == 0 {
		return "(none)"
	}
	return "\n   " + strings.Join(s, "\n   ")
}

// expectClosed asserts that the stream ended on both sides.
func (p *pair) expectClosed(name string, w *watchPair) {
	p.t.Helper()
	p.tick(settleStep)
	real, sim := fmtClosed(w.real.waitClosed()), fmtClosed(w.sim.closed())
	p.check(name, []string{"closed"}, []string{real}, []string{sim})
}

func fmtClosed(b bool) string {
	if b {
		return "closed"
	}
	return "open"
}
