package mvcc

import (
	"maps"
	"slices"
)

// offer is the MVCC layer's non-blocking send into the stream's channel:
// false when 128 responses from the channel are already waiting.
func (ws *WatchStream) offer(r mvccResponse) bool {
	if ws.closed {
		return true // etcd drains the channel of a closed stream
	}
	if ws.mvccQueued >= chanBufLen {
		return false
	}
	wr := WatchResponse{
		Header:          ws.s.header(),
		WatchID:         r.watchID,
		Events:          r.events,
		CompactRevision: r.compactRevision,
		Canceled:        r.compactRevision != 0,
	}
	wr.Header.Revision = r.revision
	if len(r.events) > 0 && ws.progress[r.watchID] {
		ws.progress[r.watchID] = false // a key update elides the next progress notify
	}
	ws.mvccQueued++
	ws.push(queuedResponse{resp: wr, fromMVCC: true, prevKV: ws.prevKV[r.watchID]})
	return true
}

func (ws *WatchStream) push(q queuedResponse) {
	if len(ws.queue) == cap(ws.queue) { // append moves the queue to a new array
		ws.queue = append(ws.queue, q)
		ws.queueStart = ws.queue[:0]
	} else {
		ws.queue = append(ws.queue, q)
	}
	if ws.notifyFn != nil {
		ws.notifyFn()
	}
}

// Recv pops the oldest response, or returns false when none is waiting.
// It never blocks. For watches with prev_kv, each non-create event gets
// the key's value at mod_revision-1 now, unless that revision has been
// compacted (then the event goes without PrevKv, as in etcd). Key and Value
// slices are shared with the store: treat them as read-only.
func (ws *WatchStream) Recv() (WatchResponse, bool) {
	if len(ws.queue) == 0 {
		return WatchResponse{}, false
	}
	q := ws.queue[0]
	ws.queue[0] = queuedResponse{}
	ws.queue = ws.queue[1:]
	if len(ws.queue) == 0 {
		ws.queue = ws.queueStart // empty: reuse the array from its start
	}
	if q.fromMVCC {
		ws.mvccQueued--
	}
	if q.prevKV && len(q.resp.Events) > 0 {
		q.resp.Events = ws.s.attachPrevKV(q.resp.Events)
	}
	return q.resp, true
}

// Len is the number of responses waiting.
func (ws *WatchStream) Len() int { return len(ws.queue) }

// SetNotify registers f, called whenever a response is queued.
func (ws *WatchStream) SetNotify(f func()) { ws.notifyFn = f }

// pendingEvents counts the events waiting in the queue.
func (ws *WatchStream) pendingEvents() int {
	n := 0
	for _, q := range ws.queue {
		n += len(q.resp.Events)
	}
	return n
}

// scheduleTick keeps the progress ticker running while some watcher of the
// stream asked for progress notifications. Ticks keep the stream's phase:
// tickStart + k*tickInterval.
func (ws *WatchStream) scheduleTick() {
	if pending(ws.ticker) || len(ws.progress) == 0 || ws.closed {
		return
	}
	now := ws.s.sched.now
	k := (now-ws.tickStart)/ws.tickInterval + 1
	ws.ticker = ws.s.sched.at(ws.tickStart+k*ws.tickInterval, "progress notify ticker", ws.progressTick)
}

// progressTick is one tick of the send loop's progress ticker: every
// progress watcher that received no events since the last tick gets a
// progress request (answered only if it is synced), and all flags reset.
func (ws *WatchStream) progressTick() {
	ids := slices.AppendSeq(make([]int64, 0, len(ws.progress)), maps.Keys(ws.progress)) // sized: one allocation a tick
	slices.Sort(ids)
	for _, id := range ids {
		if ws.progress[id] {
			if w, ok := ws.watchers[id]; ok {
				ws.s.kv.progressIfSync([]*watcher{w}, id)
			}
		}
		ws.progress[id] = true
	}
	ws.scheduleTick()
}
