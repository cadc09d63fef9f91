package engine

import "time"

// Snapshot is what a frame of the UI reads: plain values copied out of
// the world, safe to keep after the world moves on. Seq changes whenever
// anything happened (an event ran or a command executed), so a frame
// whose Seq equals the previous one can skip rebuilding its widgets.
// Later layers add their own views (etcd revision tape, watch cache ring,
// informers) as fields here.
type Snapshot struct {
	Seq     uint64
	Now     time.Duration
	Pending int
	Trace   TraceSummary
	Recent  []TraceEvent // the newest trace events, oldest first
	Faults  []string     // active network faults, oldest first
}

// TraceSummary is the size and hash of the trace.
type TraceSummary struct {
	Len, Dropped uint64
	Window       int
	Hash         string
}

// Snapshot copies out the world's state with up to recent trace events.
func (w *World) Snapshot(recent int) Snapshot {
	return Snapshot{
		Seq:     w.changes,
		Now:     w.now,
		Pending: w.sched.Len(),
		Trace: TraceSummary{
			Len: w.Trace.Len(), Dropped: w.Trace.Dropped(),
			Window: w.Trace.Window(), Hash: w.Trace.Hash(),
		},
		Recent: w.Trace.Recent(recent),
		Faults: w.Net.Faults(),
	}
}
