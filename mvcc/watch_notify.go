package mvcc

import (
	"cmp"
	"watchscope/internal/order"
)

// notifyBatch is the events of one write txn for one synced watcher.
type notifyBatch struct {
	w  *watcher
	eb eventBatch
}

// notify sends the events of one write txn (all at revision rev) to the
// synced watchers, one response per watcher, in watcher creation order. A
// watcher whose channel is full becomes a victim holding its batch; either
// way its minRev moves past rev.
//
// It is newWatcherBatch and watcherBatch.sorted without their map: the
// batches go in a reused slice, and a watcher finds its batch through
// notifyAt, valid while notifyStamp is this call's. Only the events handed
// to watchers (and a victim batch) are allocated.
func (s *watchableStore) notify(rev int64, evs []Event) {
	s.notifyStamp++
	batches := s.scratchNotify[:0]
	for _, ev := range evs {
		s.synced.forKey(ev.Kv.Key, func(w *watcher) {
			if ev.Kv.ModRevision < w.minRev {
				return
			}
			if w.notifyStamp != s.notifyStamp {
				w.notifyStamp, w.notifyAt = s.notifyStamp, len(batches)
				batches = append(batches, notifyBatch{w: w})
			}
			batches[w.notifyAt].eb.add(ev)
		})
	}
	order.SortFunc(batches, func(a, b notifyBatch) int { return cmp.Compare(a.w.seq, b.w.seq) })
	var victim watcherBatch
	for i := range batches {
		w, eb := batches[i].w, &batches[i].eb
		if !w.send(mvccResponse{watchID: w.id, events: eb.evs, revision: rev}) {
			if victim == nil {
				victim = make(watcherBatch)
			}
			w.victim = true
			victim[w] = &eventBatch{evs: eb.evs, revs: eb.revs, moreRev: eb.moreRev}
			s.synced.delete(w)
		}
		w.minRev = rev + 1
	}
	clear(batches)
	s.scratchNotify = batches[:0]
	s.addVictim(victim)
}
