package view

import "time"

// Durations of the stage's two motions.
const (
	SlideDur = 400 * time.Millisecond // a new revision slides onto the tape
	SweepDur = 700 * time.Millisecond // the compaction line sweeps to its new place
)

// Motion remembers what the stage showed and animates the changes:
//
//   - the tape's scroll position (the revision drawn in the rightmost
//     column) eases forward when a revision is written, so the new
//     revision slides in from the right;
//   - the compaction line sweeps from the old compact revision to the new
//     one, and history it passes over disappears only as it passes (the
//     records removed by the compaction are kept in Before until then).
type Motion struct {
	Columns int // revisions visible on the tape

	origin  Tween
	compact Tween
	seen    bool
	rev     int64
	compRev int64

	// Before is the history and key index as they were just before the
	// last compaction, drawn to the right of the moving line.
	BeforeRecords []Record
	BeforeKeys    []KeyIndex
	last          Snapshot

	// Tokens are the keys on the pipeline figure, travelling from stage
	// to stage.
	Tokens TokenMotion
	// Fan sends the fan-out figure's copies one after another.
	Fan FanMotion
}

// Observe takes the latest snapshot at animation time now and starts the
// tweens its changes call for.
func (m *Motion) Observe(s Snapshot, now time.Duration) {
	target := float64(max(s.Rev, int64(m.Columns)))
	if !m.seen {
		m.origin, m.compact = Hold(target), Hold(float64(s.CompactRev))
		m.seen, m.rev, m.compRev, m.last = true, s.Rev, s.CompactRev, s
		return
	}
	if s.Rev != m.rev && target-m.origin.At(now) > float64(2*m.Columns) {
		m.origin = Hold(target) // a burst: jump, sliding would show only the past
		m.rev = s.Rev
	} else if s.Rev != m.rev {
		m.origin = m.origin.Retarget(target, now, SlideDur, OutCubic)
		m.rev = s.Rev
	}
	if s.CompactRev != m.compRev {
		m.BeforeRecords, m.BeforeKeys = m.last.Records, m.last.Keys
		m.compact = m.compact.Retarget(float64(s.CompactRev), now, SweepDur, InOutCubic)
		m.compRev = s.CompactRev
	}
	m.last = s
}

// Origin is the (fractional) revision at the tape's rightmost column.
func (m *Motion) Origin(now time.Duration) float64 { return m.origin.At(now) }

// CompactLine is the (fractional) revision the compaction line stands at.
func (m *Motion) CompactLine(now time.Duration) float64 { return m.compact.At(now) }

// Settled reports whether nothing is moving at now (the renderer may then
// skip redrawing).
func (m *Motion) Settled(now time.Duration) bool {
	return m.origin.Done(now) && m.compact.Done(now) && m.Tokens.Settled(now) && m.Fan.Settled(now)
}
