package mvcc

import "time"

// Compaction constants, etcd's defaults for --compaction-batch-limit and
// --compaction-sleep-interval.
const (
	compactionBatchLimit    = 1000
	compactionSleepInterval = 10 * time.Millisecond
)

// compactionQueue is etcd's FIFO scheduler for compaction jobs: one job
// runs at a time, and a job deletes backend rows in batches with a pause
// between batches.
//
//	Compact(rev) ──► compactMainRev = rev (reads/watches below rev fail now)
//	             └─► job queued ─► batch: scan 1000 rows <= rev; compact the
//	                                      index of each row's key; delete the rows not kept
//	                             ─► 10ms ─► next batch ... ─► "finished compact"
//
// etcd compacts the whole index first, key by key, taking the index lock
// for each key so that writes go on in between. Here a key's index is
// compacted when the batches first meet one of its rows at or below rev:
// every key that compaction changes has such a row, compacting a key twice
// at rev changes nothing, and a read at or above rev sees the same
// answer from a key compacted or not (the revisions compaction drops are
// all unreachable from there). So no step walks ~250,000 keys at once
// (~250 ms at 10 simulated minutes of the 5,000-node world). KeyIndexes
// compacts the keys it shows, so the index views do not tell either.
type compactionQueue struct {
	jobs    []int64 // compaction revisions waiting, oldest first
	running *compactionJob
}

// compactionJob is the physical deletion in progress. The rows it keeps
// are those treeIndex.keepsRow names once the row's key is compacted at
// rev (jobs run one at a time).
type compactionJob struct {
	rev  int64
	next Revision // first row of the next batch
}

// compact validates rev and makes it the compaction revision at once; the
// physical deletion is queued. Compacting at or below the current
// compaction revision is ErrCompacted; beyond the current revision,
// ErrFutureRev.
func (s *store) compact(rev int64) error {
	if rev <= s.compactMainRev {
		return ErrCompacted
	}
	if rev > s.currentRev {
		return ErrFutureRev
	}
	s.compactMainRev = rev
	s.compaction.jobs = append(s.compaction.jobs, rev)
	if s.compaction.running == nil {
		s.startCompactionJob()
	}
	return nil
}

// startCompactionJob takes the oldest queued job and runs its first batch
// right away.
func (s *store) startCompactionJob() {
	q := &s.compaction
	if len(q.jobs) == 0 {
		q.running = nil
		return
	}
	rev := q.jobs[0]
	q.jobs = q.jobs[1:]
	q.running = &compactionJob{rev: rev}
	s.compactionBatch()
}

// compactionBatch deletes up to compactionBatchLimit rows with main <= rev
// that are not kept (scanning kept rows counts towards the
// batch too, as in etcd), then sleeps 10ms or finishes the job.
func (s *store) compactionBatch() {
	job := s.compaction.running
	scanned, last := s.backend.compactBatch(job.next, Revision{Main: job.rev + 1}, compactionBatchLimit,
		func(r *backendRecord) bool {
			s.index.compactKey(r.key, job.rev)
			if s.index.keepsRow(r) {
				s.moveValue(r)
				return false
			}
			s.backend.values.release(r.value)
			s.index.dropRow(r.key)
			return true
		})
	if scanned < compactionBatchLimit {
		s.startCompactionJob() // finished; the next queued job, if any
		return
	}
	job.next = Revision{Main: last.Main, Sub: last.Sub + 1}
	s.sched.after(compactionSleepInterval, "compaction batch", s.compactionBatch)
}

// moveValue moves a kept row's value into the arena's active chunk, so
// that the old chunk can go once the rows around it are deleted (see
// byteArena). The keyIndex's cached newest value moves with it.
func (s *store) moveValue(r *backendRecord) {
	moved := s.backend.values.move(r.value)
	if moved == r.value {
		return
	}
	if ki := s.index.byID(r.key); ki.latestRev == r.revision() {
		ki.latestValue = moved
	}
	r.value = moved
}

// compacting reports whether physical deletion is still in progress.
func (s *store) compacting() bool { return s.compaction.running != nil }
