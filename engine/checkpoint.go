package engine

import (
	"errors"
	"fmt"
	"time"
)

// ErrDiverged: replaying the log did not reproduce the checkpoint. The
// world is not deterministic (a bug: map order, wall clock, a private
// random source) or the log or config differ from the original run.
var ErrDiverged = errors.New("engine: replay diverged from the checkpoint")

// ErrLogOrder: the command log goes back in time.
var ErrLogOrder = errors.New("engine: command log is not in time order")

// Checkpoint identifies a moment of a run: its time, how many commands
// had been executed, how many trace events recorded, and the trace hash.
// It is small (no world state), so the UI can keep one per timeline mark.
type Checkpoint struct {
	At       time.Duration
	Commands int
	TraceLen uint64
	Hash     string
}

// String is "t=12.000s cmds=4 trace=310 hash=3f9a0c1d2e4b".
func (c Checkpoint) String() string {
	return fmt.Sprintf("t=%s cmds=%d trace=%d hash=%.12s", FormatTime(c.At), c.Commands, c.TraceLen, c.Hash)
}

// Checkpoint describes the world now.
func (w *World) Checkpoint() Checkpoint {
	return Checkpoint{At: w.now, Commands: len(w.log), TraceLen: w.Trace.Len(), Hash: w.Trace.Hash()}
}

// Restore rebuilds the world as it was at virtual time at, by event
// sourcing: build a fresh world from cfg (same seed) and replay the
// logged commands with At <= at, running the clock between them, then
// run until at. Because the world is deterministic, the result is exact:
// the same state, the same trace, the same hash as the original run at
// that moment.
//
// Why replay rather than copying state: every component (mvcc btrees,
// watch caches, informers, closures in the event queue) would need a deep
// copy, and any field forgotten would silently fork reality; replay has
// nothing to forget, and it doubles as a determinism check. The cost is
// time: a restore re-runs the whole history from zero, O(events until at).
// The hook for speeding this up is restoreBase: store full world copies
// every so often and start from the newest one at or before at.
//
// While replaying, the clock never passes the next logged command (or
// at). That matters for a command that ran the clock itself ("sim
// advance 5s") and was cut short by a rewind: in a forked log, the next
// command comes earlier than the advance would have ended.
func Restore(cfg Config, log []LoggedCommand, at time.Duration) (*World, error) {
	return restore(cfg, true, log, at)
}

func restore(cfg Config, withEtcd bool, log []LoggedCommand, at time.Duration) (*World, error) {
	w, next, err := restoreBase(cfg, withEtcd, log, at)
	if err != nil {
		return nil, err
	}
	w.replay = true
	defer func() { w.replay = false }()
	for i := next; i < len(log) && log[i].At <= at; i++ {
		if log[i].At < w.now {
			return nil, fmt.Errorf("%w: command %d %q at %v, clock at %v", ErrLogOrder, i, log[i].Text, log[i].At, w.now)
		}
		w.horizon = at
		if i+1 < len(log) {
			w.horizon = min(at, log[i+1].At)
		}
		w.RunUntil(log[i].At)
		w.Exec(log[i].Text) // output and errors were seen the first time
	}
	w.horizon = at
	w.RunUntil(at)
	return w, nil
}

// restoreBase returns the world to replay from and the index of the first
// log entry it has not applied yet. Today that is always a fresh world and
// 0; periodic full snapshots would plug in here.
func restoreBase(cfg Config, withEtcd bool, _ []LoggedCommand, _ time.Duration) (*World, int, error) {
	w, err := build(cfg, withEtcd)
	return w, 0, err
}

// RestoreCheckpoint restores to exactly the moment of cp (the first
// cp.Commands commands, then the clock to cp.At) and verifies the trace
// hash, returning ErrDiverged if replay does not reproduce it.
func RestoreCheckpoint(cfg Config, log []LoggedCommand, cp Checkpoint) (*World, error) {
	return restoreCheckpoint(cfg, true, log, cp)
}

func restoreCheckpoint(cfg Config, withEtcd bool, log []LoggedCommand, cp Checkpoint) (*World, error) {
	if cp.Commands > len(log) {
		return nil, fmt.Errorf("%w: checkpoint needs %d commands, log has %d", ErrDiverged, cp.Commands, len(log))
	}
	w, err := restore(cfg, withEtcd, log[:cp.Commands], cp.At)
	if err != nil {
		return nil, err
	}
	if got := w.Checkpoint(); got != cp {
		return nil, fmt.Errorf("%w: want %v, got %v", ErrDiverged, cp, got)
	}
	return w, nil
}

// ForkAt rewinds: it returns a new world as this one was at time at,
// leaving this one untouched. Commands executed on the fork write a new
// future (its log is this log up to at, then the new commands).
func (w *World) ForkAt(at time.Duration) (*World, error) {
	return restore(w.cfg, w.withEtcd, w.log, at)
}

// Fork rewinds to a checkpoint of this world, verified by its hash.
func (w *World) Fork(cp Checkpoint) (*World, error) {
	return restoreCheckpoint(w.cfg, w.withEtcd, w.log, cp)
}
