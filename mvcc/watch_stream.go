package mvcc

import (
	"bytes"
	"maps"
	"slices"
	"time"
)

// WatchStream is one gRPC watch stream of a member: the watchers opened on
// it and one response queue that the client reads with Recv. It merges two
// etcd layers:
//
//   - the MVCC watchStream: a channel of capacity 128 (chanBufLen) shared by
//     all watchers of the stream. Event, progress and compaction responses
//     go through it; when it is full, writes make the watcher a victim.
//   - the gRPC serverWatchStream: control responses (created, canceled) that
//     do not use the channel's capacity, prev_kv lookups, and the periodic
//     progress ticker (interval + random jitter up to interval/10).
//
// The queue stands for both the channel and the gRPC send path, so a
// client that stops calling Recv fills it, exactly like a slow etcd client.
type WatchStream struct {
	s        *Server
	watchers map[int64]*watcher
	nextID   int64
	closed   bool
	owner    string // who opened it, for viewers (SetOwner)

	queue      []queuedResponse // FIFO of responses not yet received
	queueStart []queuedResponse // queue's array from its start, empty: Recv pops from the front
	mvccQueued int              // how many of them came through the MVCC channel
	notifyFn   func()

	progress map[int64]bool // watchers with progress_notify: no events since the last tick?
	prevKV   map[int64]bool // watchers that asked for prev_kv

	tickInterval time.Duration // progress ticker period, fixed per stream
	tickStart    time.Duration // the ticker's phase
	ticker       *timer
}

// queuedResponse is one response waiting in the stream's queue. prevKV is
// resolved when the client receives it, as etcd's send loop does when it
// takes the response off the channel.
type queuedResponse struct {
	resp     WatchResponse
	fromMVCC bool
	prevKV   bool
}

// NewWatchStream opens a gRPC watch stream on the member.
func (s *Server) NewWatchStream() *WatchStream {
	iv := s.cfg.WatchProgressNotifyInterval
	ws := &WatchStream{
		s:            s,
		watchers:     make(map[int64]*watcher),
		progress:     make(map[int64]bool),
		prevKV:       make(map[int64]bool),
		tickInterval: iv + time.Duration(s.rand.Int64N(int64(iv/10))),
		tickStart:    s.sched.now,
	}
	s.streams = append(s.streams, ws)
	return ws
}

// Watch opens a watch on the stream and queues its Created response. An
// empty key means "\x00"; RangeEnd "\x00" means every key >= Key. On a
// rejected request (negative start revision, empty range, duplicate id)
// the queued response is created+canceled with WatchID -1 and the reason,
// and Watch returns the error too.
func (ws *WatchStream) Watch(r WatchCreateRequest) (int64, error) {
	if ws.closed {
		return InvalidWatchID, ErrEmptyWatcherRange
	}
	key, end := cloneBytes(r.Key), cloneBytes(r.RangeEnd)
	if len(key) == 0 {
		key = []byte{0}
	}
	if len(end) == 0 {
		end = nil
	} else if len(end) == 1 && end[0] == 0 {
		end = []byte{}
	}
	if r.StartRevision < 0 {
		ws.queueCreated(InvalidWatchID, ErrGRPCCompacted)
		return InvalidWatchID, ErrGRPCCompacted
	}
	id, err := ws.watch(r.WatchID, key, end, r.StartRevision, slices.Clone(r.Filters))
	if err == nil {
		if r.ProgressNotify {
			ws.progress[id] = true
			ws.scheduleTick()
		}
		if r.PrevKv {
			ws.prevKV[id] = true
		}
	}
	ws.queueCreated(id, err)
	return id, err
}

// watch is the MVCC watchStream.Watch: range check, id assignment, then
// the watchable store decides synced or unsynced.
func (ws *WatchStream) watch(id int64, key, end []byte, startRev int64, filters []WatchFilter) (int64, error) {
	if len(end) != 0 && bytes.Compare(key, end) != -1 {
		return InvalidWatchID, ErrEmptyWatcherRange
	}
	if id == AutoWatchID {
		for ws.watchers[ws.nextID] != nil {
			ws.nextID++
		}
		id = ws.nextID
		ws.nextID++
	} else if _, ok := ws.watchers[id]; ok {
		return InvalidWatchID, ErrWatcherDuplicateID
	}
	ws.watchers[id] = ws.s.kv.watch(key, end, startRev, id, ws, filters)
	return id, nil
}

func (ws *WatchStream) queueCreated(id int64, err error) {
	wr := WatchResponse{Header: ws.s.header(), WatchID: id, Created: true, Canceled: err != nil}
	if err != nil {
		wr.CancelReason = err.Error()
	}
	ws.push(queuedResponse{resp: wr})
}

// Cancel stops a watch and queues its Canceled response. Responses of that
// watch still waiting in the queue are dropped (the send loop forgets a
// canceled id). Unknown id: ErrWatcherNotExist.
func (ws *WatchStream) Cancel(id int64) error {
	w, ok := ws.watchers[id]
	if !ok || ws.closed {
		return ErrWatcherNotExist
	}
	ws.s.kv.cancelWatcher(w)
	delete(ws.watchers, id)
	delete(ws.progress, id)
	delete(ws.prevKV, id)
	ws.dropQueued(id)
	ws.push(queuedResponse{resp: WatchResponse{Header: ws.s.header(), WatchID: id, Canceled: true}})
	return nil
}

func (ws *WatchStream) dropQueued(id int64) {
	ws.queue = slices.DeleteFunc(ws.queue, func(q queuedResponse) bool {
		drop := q.fromMVCC && q.resp.WatchID == id
		if drop {
			ws.mvccQueued--
		}
		return drop
	})
}

// RequestProgress asks for a stream-wide progress notification: one
// response with WatchID -1 and the current revision, sent only if every
// watcher of the stream is synced. Otherwise nothing is sent (the client
// has to ask again).
func (ws *WatchStream) RequestProgress() {
	if ws.closed {
		return
	}
	ws.s.kv.progressIfSync(ws.sortedWatchers(), InvalidWatchID)
}

func (ws *WatchStream) sortedWatchers() []*watcher {
	ids := slices.AppendSeq(make([]int64, 0, len(ws.watchers)), maps.Keys(ws.watchers)) // sized: progress requests are periodic
	slices.Sort(ids)
	out := make([]*watcher, 0, len(ids))
	for _, id := range ids {
		out = append(out, ws.watchers[id])
	}
	return out
}

// Close cancels every watch of the stream and drops its queue.
func (ws *WatchStream) Close() {
	if ws.closed {
		return
	}
	for _, id := range slices.Sorted(maps.Keys(ws.watchers)) {
		ws.s.kv.cancelWatcher(ws.watchers[id])
	}
	ws.closed = true
	ws.watchers = map[int64]*watcher{}
	ws.queue, ws.queueStart, ws.mvccQueued = nil, nil, 0
	ws.s.sched.stop(ws.ticker)
	ws.s.streams = slices.DeleteFunc(ws.s.streams, func(x *WatchStream) bool { return x == ws })
}
