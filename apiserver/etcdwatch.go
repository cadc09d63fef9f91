package apiserver

import (
	"fmt"
	"time"

	am "watchscope/apimachinery"
	"watchscope/mvcc"
)

// outgoingBufSize is the etcd3 watcher's result channel (B3).
const outgoingBufSize = 100

// etcdWatcher is a WATCH served straight from etcd (the resource's cache
// is disabled): etcd3/watcher.go. It starts the etcd watch at RV+1 with
// PrevKV (RV 0: after an initial paged list of the current state, emitted
// as ADDED), maps etcd events to watch events (selectors may turn a
// MODIFIED into ADDED or DELETED), turns progress notifications into
// BOOKMARKs and a compaction into the 410 ERROR. Its result buffer holds
// 100 events; while it is full nothing more is read from etcd.
type etcdWatcher struct {
	res       am.Resource
	p         parsed
	ws        *mvcc.WatchStream
	out       []am.WatchEvent
	initial   []am.WatchEvent
	bookmarks bool
	deadline  time.Duration
	closed    bool // no more events will be produced
	stopped   bool
}

// newEtcdWatcher opens the etcd watch for req at now.
func (s *Server) newEtcdWatcher(now time.Duration, req Request, p parsed, deadline time.Duration) *etcdWatcher {
	w := &etcdWatcher{res: p.res, p: p, bookmarks: req.Options.AllowWatchBookmarks, deadline: deadline}
	o := req.Options
	sie := o.SendInitialEvents
	start := int64(p.rv) + 1
	if p.rv == 0 && (sie == nil || *sie) || (sie != nil && *sie) {
		list, _, err := s.etcdList(Request{Namespace: req.Namespace, Options: am.ListOptions{
			LabelSelector: o.LabelSelector, FieldSelector: o.FieldSelector}}, p)
		if err != nil {
			w.fail(err)
			return w
		}
		for _, obj := range list.Items {
			w.initial = append(w.initial, am.WatchEvent{Type: am.Added, Object: obj})
		}
		rev, _ := parseUint(list.ResourceVersion)
		if sie != nil && *sie && w.bookmarks {
			w.initial = append(w.initial, am.WatchEvent{Type: am.Bookmark,
				Object: am.AnnotateInitialEventsEnd(am.NewBookmarkObject(p.res.Kind, rev))})
		}
		start = int64(rev) + 1
	} else if p.rv == 0 {
		start = s.etcd.Rev() + 1
	}
	s.countEtcd("watch", p.res)
	w.ws = s.etcd.NewWatchStream()
	w.ws.SetOwner(s.cfg.Name)
	prefix := []byte(p.res.NamespacePrefix(req.Namespace))
	key, end := prefix, mvcc.PrefixEnd(prefix)
	if req.Name != "" {
		key, end = []byte(p.res.Key(req.Namespace, req.Name)), nil
	}
	if _, err := w.ws.Watch(mvcc.WatchCreateRequest{Key: key, RangeEnd: end, StartRevision: start,
		PrevKv: true, ProgressNotify: w.bookmarks, WatchID: mvcc.AutoWatchID}); err != nil {
		w.fail(err)
	}
	w.pump(now)
	return w
}

// fail queues one ERROR event and ends the watch.
func (w *etcdWatcher) fail(err error) {
	st := asStatus(err).ErrStatus
	w.out = append(w.out, am.WatchEvent{Type: am.Error, Status: &st})
	w.finish()
}

func (w *etcdWatcher) finish() {
	w.closed = true
	w.initial = nil
	if w.ws != nil {
		w.ws.Close()
		w.ws = nil
	}
}

// pump moves initial events, then etcd responses, into the result buffer
// while it has room.
func (w *etcdWatcher) pump(now time.Duration) {
	if w.closed {
		return
	}
	if w.deadline != 0 && now >= w.deadline {
		w.finish()
		return
	}
	for len(w.out) < outgoingBufSize && len(w.initial) > 0 {
		w.out = append(w.out, w.initial[0])
		w.initial = w.initial[1:]
	}
	for len(w.out) < outgoingBufSize && len(w.initial) == 0 && !w.closed {
		resp, ok := w.ws.Recv()
		if !ok {
			return
		}
		w.ingest(resp)
	}
}

// ingest maps one etcd response (B3).
func (w *etcdWatcher) ingest(resp mvcc.WatchResponse) {
	switch {
	case resp.Created:
	case resp.CompactRevision != 0:
		w.fail(am.NewWatchTooOld())
	case resp.Canceled:
		w.fail(fmt.Errorf("etcd watch canceled: %s", resp.CancelReason))
	case resp.IsProgressNotify():
		if w.bookmarks {
			w.out = append(w.out, am.WatchEvent{Type: am.Bookmark, Object: am.NewBookmarkObject(w.res.Kind, uint64(resp.Header.Revision))})
		}
	default:
		for _, ev := range resp.Events {
			if !w.event(ev) {
				return
			}
		}
	}
}

// event converts one etcd event with selector rewriting; false ends the
// watch (a non-create event without PrevKv).
func (w *etcdWatcher) event(ev mvcc.Event) bool {
	rev := uint64(ev.Kv.ModRevision)
	var cur, prev *am.Object
	var err error
	if ev.Type == mvcc.PUT {
		if cur, err = am.Decode(ev.Kv.Value, rev); err != nil {
			w.fail(err)
			return false
		}
	}
	if ev.Type == mvcc.DELETE || !ev.IsCreate() {
		if ev.PrevKv == nil {
			w.fail(fmt.Errorf("etcd event received with PrevKv=nil (key=%q, modRevision=%d, type=%s)",
				string(ev.Kv.Key), ev.Kv.ModRevision, ev.Type))
			return false
		}
		prev, _ = am.Decode(ev.PrevKv.Value, uint64(ev.PrevKv.ModRevision))
	}
	curOK := cur != nil && w.matches(cur)
	prevOK := prev != nil && w.matches(prev)
	switch {
	case curOK && !prevOK:
		w.out = append(w.out, am.WatchEvent{Type: am.Added, Object: cur})
	case curOK && prevOK:
		w.out = append(w.out, am.WatchEvent{Type: am.Modified, Object: cur})
	case prevOK:
		w.out = append(w.out, am.WatchEvent{Type: am.Deleted, Object: prev.WithResourceVersion(rev)})
	}
	return true
}

func (w *etcdWatcher) matches(o *am.Object) bool {
	return w.p.labels.Matches(o.Labels) && w.p.fields.Matches(o.Field)
}

// Next pops one event.
func (w *etcdWatcher) Next() (am.WatchEvent, bool) {
	if len(w.out) == 0 {
		return am.WatchEvent{}, false
	}
	e := w.out[0]
	w.out = w.out[1:]
	return e, true
}

func (w *etcdWatcher) Closed() bool            { return w.closed && len(w.out) == 0 }
func (w *etcdWatcher) InitialEventsSent() bool { return len(w.initial) == 0 }
func (w *etcdWatcher) ResultLen() int          { return len(w.out) }

// Stop is the client going away.
func (w *etcdWatcher) Stop() {
	w.stopped = true
	w.out = nil
	w.finish()
}
