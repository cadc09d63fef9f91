package engine

import (
	"errors"
	"slices"
	"time"
)

// ErrNoApplier: the world was built without Config.Apply.
var ErrNoApplier = errors.New("engine: no command applier configured")

// Applier interprets one external command ("etcdctl put a 1", "sim
// advance 5s") against the world and returns what a terminal would print.
// It may read and change anything in the world, schedule events and run
// the clock (w.RunFor). It must draw randomness only from w.Rand().
type Applier func(w *World, cmd string) (string, error)

// LoggedCommand is one entry of the command log: the text of a command
// and the virtual time at which it was executed.
type LoggedCommand struct {
	At   time.Duration
	Text string
}

// CommandNode is the trace node of external commands.
const CommandNode = "user"

// Exec executes an external command. This is the only door into the
// world from outside, which is what makes rewind possible: the seed plus
// the command log determine everything.
//
//  1. run every event still due at or before Now (a command always acts
//     on a settled instant, so replay can reproduce it with RunUntil);
//  2. advance the tickers to Now;
//  3. append {Now, cmd} to the log and record a CMD trace event;
//  4. hand the command to the Applier, with Cause() = the CMD event, so
//     everything it sets off traces back to the command;
//  5. re-arm the tickers' wake-ups.
//
// Errors from the Applier are part of history: the command stays logged.
// A command executed from inside another (a script) is traced but not
// logged, because replaying the outer one repeats it.
func (w *World) Exec(cmd string) (string, error) {
	if w.cfg.Apply == nil {
		return "", ErrNoApplier
	}
	nested := w.inExec
	if !nested {
		w.RunUntil(w.now)
		w.advanceTickers()
		w.log = append(w.log, LoggedCommand{At: w.now, Text: cmd})
	}
	prev := w.cause
	w.cause = w.RecordCause(0, CommandNode, KindCmd, cmd)
	w.inExec = true
	out, err := w.cfg.Apply(w, cmd)
	w.inExec = nested
	w.cause = prev
	w.syncWakes()
	w.changes++
	return out, err
}

// Log returns a copy of the command log, oldest first.
func (w *World) Log() []LoggedCommand { return slices.Clone(w.log) }
