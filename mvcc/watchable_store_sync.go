package mvcc

// scheduleSync makes sure a sync pass is pending while unsynced watchers
// exist. The loop's ticker keeps its phase: the pass runs at the next
// multiple of 100ms after the last pass.
func (s *watchableStore) scheduleSync() {
	if pending(s.syncTimer) || s.unsynced.size() == 0 {
		return
	}
	now := s.sched.now
	k := (now-s.syncAnchor)/watchResyncPeriod + 1
	s.syncTimer = s.sched.at(s.syncAnchor+k*watchResyncPeriod, "sync unsynced watchers", s.syncLoopTick)
}

// syncLoopTick is one iteration of syncWatchersLoop: a pass, then the
// next tick in 100ms, or right after this pass if it made progress and
// work remains.
func (s *watchableStore) syncLoopTick() {
	before := s.unsynced.size()
	after := 0
	if before > 0 {
		after = s.syncWatchers()
	}
	s.syncAnchor = s.sched.now
	if after == 0 {
		return // idle: the ticker keeps running, scheduleSync recomputes it
	}
	if before > after {
		s.syncAnchor += syncPassDuration
		s.syncTimer = s.sched.after(syncPassDuration, "sync unsynced watchers", s.syncLoopTick)
		return
	}
	s.syncTimer = s.sched.after(watchResyncPeriod, "sync unsynced watchers", s.syncLoopTick)
}

// syncWatchers is one catch-up pass over up to 512 unsynced watchers:
// compacted ones are told and dropped; the rest get the history
// [minRev, current] from the backend, at most 1000 revisions per response.
// Caught-up watchers move to synced; those with more to read stay; those
// whose channel is full become victims. It returns how many stay unsynced.
func (s *watchableStore) syncWatchers() int {
	if s.unsynced.size() == 0 {
		return 0
	}
	curRev, compactRev := s.currentRev, s.compactMainRev
	chosen, minRev := s.unsynced.choose(maxWatchersPerSync, compactRev)
	evs := s.rangeEvents(minRev, curRev, chosen)
	group := newWatcherGroup()
	for _, w := range chosen {
		s.unsynced.delete(w)
		group.add(w)
	}
	wb := newWatcherBatch(group, evs)
	victims := make(watcherBatch)
	for _, w := range chosen {
		group.delete(w)
		w.minRev = max(curRev+1, w.minRev)
		eb, ok := wb[w]
		if !ok {
			s.synced.add(w)
			continue
		}
		if eb.moreRev != 0 {
			w.minRev = eb.moreRev
		}
		switch {
		case !w.send(mvccResponse{watchID: w.id, events: eb.evs, revision: curRev}):
			w.victim = true
			victims[w] = eb
		case eb.moreRev != 0:
			s.unsynced.add(w) // more to read: stays unsynced
		default:
			s.synced.add(w)
		}
	}
	s.addVictim(victims)
	return s.unsynced.size()
}

// rangeEvents reads the backend rows [minRev, curRev] and turns the ones
// that some chosen watcher watches into events (tombstones as DELETE with
// the deletion revision as mod_revision).
func (s *watchableStore) rangeEvents(minRev, curRev int64, chosen []*watcher) []Event {
	if len(chosen) == 0 {
		return nil
	}
	var evs []Event
	s.backend.ascend(Revision{Main: minRev}, Revision{Main: curRev + 1}, func(r backendRecord) bool {
		key := s.index.byID(r.key).key
		for _, w := range chosen {
			if w.contains(key) {
				evs = append(evs, s.rowToEvent(&r))
				break
			}
		}
		return true
	})
	return evs
}

func (s *watchableStore) rowToEvent(r *backendRecord) Event {
	kv := s.rowKV(r)
	if r.tombstone() {
		kv.ModRevision = r.main
		return Event{Type: DELETE, Kv: kv}
	}
	return Event{Type: PUT, Kv: kv}
}

// addVictim parks watchers whose channel was full, and wakes the victim
// loop at once.
func (s *watchableStore) addVictim(victim watcherBatch) {
	if len(victim) == 0 {
		return
	}
	s.victims = append(s.victims, victim)
	if pending(s.victimTimer) && s.victimTimer.at <= s.sched.now {
		return
	}
	s.sched.stop(s.victimTimer)
	s.victimTimer = s.sched.after(0, "retry victims", s.victimLoopTick)
}

// victimLoopTick is one iteration of syncVictimsLoop: retry until a round
// moves nobody, then sleep 10ms if victims remain.
func (s *watchableStore) victimLoopTick() {
	for s.moveVictims() != 0 {
	}
	if len(s.victims) > 0 {
		s.victimTimer = s.sched.after(victimRetryPeriod, "retry victims", s.victimLoopTick)
	}
}

// moveVictims retries every victim's pending response. A watcher whose
// response went out goes back to synced if it has seen everything
// (minRev > current revision), else to unsynced. It returns how many moved.
func (s *watchableStore) moveVictims() (moved int) {
	victims := s.victims
	s.victims = nil
	var stuck watcherBatch
	for _, wb := range victims {
		for _, w := range wb.sorted() {
			eb := wb[w]
			if !w.send(mvccResponse{watchID: w.id, events: eb.evs, revision: w.minRev - 1}) {
				if stuck == nil {
					stuck = make(watcherBatch)
				}
				stuck[w] = eb
				continue
			}
			moved++
			w.victim = false
			if eb.moreRev != 0 {
				w.minRev = eb.moreRev
			}
			if w.minRev <= s.currentRev {
				s.unsynced.add(w)
			} else {
				s.synced.add(w)
			}
		}
	}
	if len(stuck) > 0 {
		s.victims = append(s.victims, stuck)
	}
	s.scheduleSync()
	return moved
}

// victimCount is the number of watchers waiting in victim batches.
func (s *watchableStore) victimCount() int {
	n := 0
	for _, wb := range s.victims {
		n += len(wb)
	}
	return n
}
