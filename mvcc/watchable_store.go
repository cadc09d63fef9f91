package mvcc

import "time"

// Watch loop constants (watchable_store.go).
const (
	chanBufLen         = 128                    // a stream's response channel capacity
	maxWatchersPerSync = 512                    // unsynced watchers handled per sync pass
	watchResyncPeriod  = 100 * time.Millisecond // the unsynced sync loop's period
	victimRetryPeriod  = 10 * time.Millisecond  // the victim loop's retry period
	// syncPassDuration stands in for the wall time a sync pass takes: when a
	// pass made progress and work remains, etcd runs the next pass after
	// that long instead of 100ms. The simulation charges 1ms.
	syncPassDuration = time.Millisecond
)

// watchableStore adds watchers to the store (watchable_store.go): every
// write txn's events go to the synced watchers at once; the unsynced ones
// catch up from the backend every 100ms; watchers whose channel was full
// wait as victims and are retried every 10ms.
type watchableStore struct {
	*store
	synced   *watcherGroup
	unsynced *watcherGroup
	victims  []watcherBatch
	nextSeq  uint64

	// scratchChanges, scratchTombs and scratchEvents are reused by every
	// write txn, scratchNotify by every notify.
	scratchChanges []KeyValue
	scratchTombs   []bool
	scratchEvents  []Event
	scratchNotify  []notifyBatch
	notifyStamp    uint64 // numbers notify calls (notifyBatch)

	syncTimer   *timer
	syncAnchor  time.Duration // the sync ticker's phase: passes run at anchor + k*100ms
	victimTimer *timer
}

func newWatchableStore(sched *scheduler) *watchableStore {
	return &watchableStore{
		store:    newStore(sched),
		synced:   newWatcherGroup(),
		unsynced: newWatcherGroup(),
	}
}

// watch registers a watcher. startRev 0, or a revision beyond the current
// one, makes it synced (it waits for new writes); 1 <= startRev <= current
// makes it unsynced (it must replay history first).
func (s *watchableStore) watch(key, end []byte, startRev, id int64, ws *WatchStream, filters []WatchFilter) *watcher {
	s.nextSeq++
	w := &watcher{key: key, end: end, startRev: startRev, minRev: startRev,
		id: id, seq: s.nextSeq, filters: filters, stream: ws}
	if startRev > s.currentRev || startRev == 0 {
		w.minRev = max(s.currentRev+1, startRev)
		s.synced.add(w)
	} else {
		s.unsynced.add(w)
		s.scheduleSync()
	}
	return w
}

// cancelWatcher removes w from wherever it is.
func (s *watchableStore) cancelWatcher(w *watcher) {
	if s.unsynced.delete(w) || s.synced.delete(w) || w.compacted {
		return
	}
	for _, wb := range s.victims {
		if _, ok := wb[w]; ok {
			delete(wb, w)
			w.victim = false
			return
		}
	}
}

// beginWrite starts a write txn; endWrite finishes it and notifies the
// synced watchers of its events (watchable_store_txn.go End). The txn is
// a value so that a put allocates as little as possible.
func (s *watchableStore) beginWrite() storeTxn {
	return storeTxn{s: s.store, beginRev: s.currentRev,
		changes: s.scratchChanges[:0], tombs: s.scratchTombs[:0]}
}

func (s *watchableStore) endWrite(tw *storeTxn) (rev int64) {
	rev, evs := tw.end(s.synced.size() > 0, s.scratchEvents[:0])
	if len(evs) > 0 {
		s.notify(rev, evs)
	}
	clear(tw.changes) // events hold copies; drop the scratch's references
	clear(evs)        // watchers' batches hold copies too
	s.scratchChanges, s.scratchTombs, s.scratchEvents = tw.changes[:0], tw.tombs[:0], evs[:0]
	return rev
}

// progressIfSync sends one progress response (no events, the current
// revision) for the given watchers of one stream, but only if every one of
// them is synced and the store has reached its start revision. watchID is
// the watcher's id, or InvalidWatchID (-1) for a stream-wide request.
func (s *watchableStore) progressIfSync(ws []*watcher, watchID int64) bool {
	rev := s.currentRev
	for _, w := range ws {
		if !s.synced.has(w) || rev < w.startRev {
			return false
		}
	}
	if len(ws) > 0 {
		ws[0].send(mvccResponse{watchID: watchID, revision: rev})
	}
	return true
}
