package etcd

import (
	"context"
	"errors"
	"time"

	clientv3 "go.etcd.io/etcd/client/v3"

	"watchscope/mvcc"
)

// Watch opens a clientv3 watch on the target's one Watcher (one gRPC
// stream). WithCreatedNotify lets it see the Created ack, which is consumed
// here and never reported (plain clientv3 users do not get it either).
func (r *realTarget) Watch(req mvcc.WatchCreateRequest) error {
	opts := []clientv3.OpOption{clientv3.WithRev(r.toReal(req.StartRevision)), clientv3.WithCreatedNotify()}
	if len(req.RangeEnd) > 0 {
		opts = append(opts, clientv3.WithRange(string(req.RangeEnd)))
	}
	if req.PrevKv {
		opts = append(opts, clientv3.WithPrevKV())
	}
	cur := int64(0)
	if req.StartRevision > 0 {
		var err error
		if cur, err = r.emb.Rev(r.ctx); err != nil {
			return err
		}
	}
	wctx, cancel := context.WithCancel(r.ctx)
	ch := r.w.Watch(wctx, string(req.Key), opts...)
	select {
	case created, ok := <-ch:
		if !ok || !created.Created || created.Canceled {
			cancel()
			if err := created.Err(); err != nil {
				return err
			}
			return errors.New("watch was not created")
		}
	case <-time.After(collectTimeout):
		cancel()
		return errors.New("no Created ack within the timeout")
	}
	rw := &realWatch{ch: ch, cancel: cancel, open: true}
	rw.needSync = req.StartRevision > 0 && r.toReal(req.StartRevision) <= cur
	r.watches = append(r.watches, rw)
	return nil
}

// CancelWatch cancels the watch's context. clientv3 closes the channel
// and, in the same step of its stream loop, sends the cancel request; so
// waiting for the close and then a fence makes the cancel reach etcd
// before the next op (a leftover watcher could still hold back a
// RequestProgress).
func (r *realTarget) CancelWatch(n int) {
	w := r.watches[n]
	if w.open {
		w.open = false
		w.cancel()
		awaitClose(w.ch)
		r.fence()
	}
}

// awaitClose drains a watch channel until clientv3 closes it. Anything
// still in it is dropped, as clientv3 users never see it either.
func awaitClose(ch clientv3.WatchChan) {
	timeout := time.After(collectTimeout)
	for {
		select {
		case _, ok := <-ch:
			if !ok {
				return
			}
		case <-timeout:
			return
		}
	}
}

// RequestProgress asks for a stream-wide progress notification, then puts
// a fence behind it: the request travels on the watch stream while writes
// travel as unary KV calls, so without the fence etcd could look at the
// request only after the next op's write and answer when it should not.
func (r *realTarget) RequestProgress() {
	r.progress = true
	for _, w := range r.watches {
		w.dupOK = 0
	}
	_ = r.w.RequestProgress(r.ctx)
	r.fence()
}

// fenceKey sorts before every sequence's keys and is never written.
const fenceKey = "/a/fence"

// fence opens and closes a watch on the stream: etcd handles a stream's
// requests in order, so once the Created ack is back every request sent
// before it has been handled.
func (r *realTarget) fence() {
	ctx, cancel := context.WithCancel(r.ctx)
	defer cancel()
	select {
	case <-r.w.Watch(ctx, fenceKey, clientv3.WithCreatedNotify()):
	case <-time.After(collectTimeout):
	}
}

func (r *realTarget) Open() []int {
	var ns []int
	for n, w := range r.watches {
		if w.open {
			ns = append(ns, n)
		}
	}
	return ns
}

// Collect waits until every watch has its wanted number of items (or the
// timeout), makes sure a watch that started in the past has been through
// etcd's sync pass (syncFence), then takes whatever else is already there,
// so extra items are reported too.
func (r *realTarget) Collect(want []int) [][]watchItem {
	out := make([][]watchItem, len(r.watches))
	deadline := time.Now().Add(collectTimeout)
	for n, w := range r.watches {
		for w.open && n < len(want) && len(out[n]) < want[n] && time.Now().Before(deadline) {
			r.recvOne(n, &out[n], deadline)
		}
	}
	r.progress = false
	for n, w := range r.watches {
		if w.needSync && len(out[n]) == 0 {
			r.syncFence()
			break
		}
	}
	for n, w := range r.watches {
		w.needSync = false
		for w.open && r.tryRecv(n, &out[n]) {
		}
	}
	if r.resent() {
		// Answers to a re-sent RequestProgress may still be on their way:
		// let etcd handle everything sent so far, then drop them here. Left
		// for the next op, they would meet a fresh RequestProgress that
		// expects no duplicates (a loaded machine showed one extra
		// PROGRESS on the second of two progress ops in a row).
		r.fence()
		time.Sleep(progressResend)
		for n, w := range r.watches {
			for w.open && r.tryRecv(n, &out[n]) {
			}
		}
	}
	return out
}

// resent reports whether a re-sent RequestProgress still has answers to
// drop on some watch.
func (r *realTarget) resent() bool {
	for _, w := range r.watches {
		if w.open && w.dupOK > 0 {
			return true
		}
	}
	return false
}

// syncFence waits for etcd's unsynced-watcher loop to make one pass.
//
// A watch from a past revision starts unsynced; the loop (every 100ms)
// replays its history and moves it to synced. When there is nothing to
// replay the client cannot see that happen, yet until it does a compaction
// would cancel the watcher and a RequestProgress would go unanswered. So a
// second past-revision watch is opened on the marker key from B, whose one
// event (or, if B is compacted, whose cancel) can only come from such a
// pass, and that pass handles every watcher that was unsynced before it.
func (r *realTarget) syncFence() {
	ctx, cancel := context.WithCancel(r.ctx)
	ch := r.w.Watch(ctx, markerKey, clientv3.WithRev(r.off+1), clientv3.WithCreatedNotify())
	timeout := time.After(collectTimeout)
	for got := 0; got < 2; got++ { // the Created ack, then the pass's response
		select {
		case _, ok := <-ch:
			if !ok {
				got = 2
			}
		case <-timeout:
			got = 2
		}
	}
	cancel()
	awaitClose(ch)
}

// recvOne waits for one response on watch n, re-sending a pending
// RequestProgress every progressResend.
func (r *realTarget) recvOne(n int, out *[]watchItem, deadline time.Time) {
	wait := time.Until(deadline)
	if r.progress && wait > progressResend {
		wait = progressResend
	}
	timer := time.NewTimer(wait)
	defer timer.Stop()
	select {
	case resp, ok := <-r.watches[n].ch:
		r.take(n, resp, ok, out)
	case <-timer.C:
		if r.progress {
			for _, w := range r.watches {
				w.dupOK++
			}
			_ = r.w.RequestProgress(r.ctx)
		}
	}
}

func (r *realTarget) tryRecv(n int, out *[]watchItem) bool {
	select {
	case resp, ok := <-r.watches[n].ch:
		r.take(n, resp, ok, out)
		return true
	default:
		return false
	}
}

// take flattens one clientv3 response into items for watch n.
func (r *realTarget) take(n int, resp clientv3.WatchResponse, ok bool, out *[]watchItem) {
	w := r.watches[n]
	if !ok {
		w.open = false
		return
	}
	var items []watchItem
	switch {
	case resp.Canceled || resp.CompactRevision != 0:
		items = []watchItem{{Kind: itemCanceled, Revision: r.fromReal(resp.Header.Revision),
			Compact: r.fromReal(resp.CompactRevision), Err: errText(resp.Err())}}
	case resp.IsProgressNotify():
		items = []watchItem{{Kind: itemProgress, Revision: r.fromReal(resp.Header.Revision)}}
	default:
		for _, ev := range resp.Events {
			items = append(items, watchItem{Kind: itemEvent, Event: r.event(ev)})
		}
	}
	if len(items) == 1 && items[0].Kind == itemCanceled {
		// As after CancelWatch: let clientv3 send its cancel request for
		// the compacted watcher before anything else goes on the stream.
		w.open = false
		awaitClose(w.ch)
		r.fence()
	}
	for _, it := range items {
		dup := it.Kind == itemProgress && w.last == it.String()
		if dup && w.dupOK > 0 {
			w.dupOK-- // the answer to a re-sent RequestProgress
			continue
		}
		w.last = it.String()
		*out = append(*out, it)
	}
}

func (r *realTarget) Close() {
	r.revokeLeases()
	for _, w := range r.watches {
		w.cancel()
	}
	_ = r.w.Close()
}
