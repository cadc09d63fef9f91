// Package live runs the stage's simulated world: it owns the world (a
// sandbox, or the world of the lesson being played), the clock that maps
// frames to virtual time, the demo script and the queue of commands sent
// from the page, and after every tick it copies what the stage draws into
// a view.Snapshot. It does not import Ebiten, so its tests run anywhere
// with plain `go test`.
package live

import (
	"time"

	"watchscope/engine"
	"watchscope/ui/view"
)

// Sim is what the stage needs from the simulated world: the console (the
// only way anything in the world changes), the clock, and read-only views
// of etcd's store and of the world's other layers.
type Sim interface {
	// Exec runs one console command (etcdctl, kubectl or sim syntax).
	Exec(line string) (string, error)
	// RunUntil runs the world up to virtual time t.
	RunUntil(t time.Duration)
	// RunFrame is one frame's share of the world: toward the stage
	// clock's virtual time t, within a wall-clock budget. It reports
	// whether the world kept up; when it does not, the stage clock owes
	// the world at most MaxLead and drops the rest, so a world that cannot
	// keep up runs slower than real time (see framePace).
	// budget <= 0 means FrameBudget.
	RunFrame(t, budget time.Duration) (keptUp bool)
	// Now is the world's virtual time.
	Now() time.Duration
	// Revs is etcd's current and compact revision.
	Revs() (rev, compactRev int64)
	// History is the stored records from main revision from on, oldest
	// first, at most max.
	History(from int64, max int) []view.Record
	// Keys is the key index in key order (at most max keys), the number
	// of keys in the index and the number of live keys.
	Keys(max int) (keys []view.KeyIndex, total, live int)
	// World is the engine world behind it, read-only for the stage.
	World() *engine.World
}
