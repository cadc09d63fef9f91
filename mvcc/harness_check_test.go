package mvcc

import (
	"fmt"
	"slices"
	"time"
)

// drain receives every queued response and checks it as it arrives:
// Created first, events in revision order, prev_kv as the model says.
func (h *harness) drain() error {
	for si, ws := range h.streams {
		for {
			resp, ok := ws.Recv()
			if !ok {
				break
			}
			if err := h.check(int64(si), resp); err != nil {
				return err
			}
		}
	}
	return nil
}

func (h *harness) check(si int64, resp WatchResponse) error {
	if resp.WatchID == InvalidWatchID {
		return fmt.Errorf("unexpected stream-wide response %+v", resp)
	}
	w, ok := h.watches[[2]int64{si, resp.WatchID}]
	switch {
	case !ok:
		return fmt.Errorf("response for unknown watch %d", resp.WatchID)
	case resp.Created:
		if w.created {
			return fmt.Errorf("second Created for %v", w.op)
		}
		w.created = true
		return nil
	case !w.created:
		return fmt.Errorf("watch %v: response before Created", w.op)
	case resp.Canceled && resp.CompactRevision == 0:
		return nil // the client's own cancel
	case resp.CompactRevision != 0:
		if w.start >= resp.CompactRevision || resp.CompactRevision > h.m.compact || len(w.got) > 0 {
			return fmt.Errorf("watch %v canceled with compact rev %d", w.op, resp.CompactRevision)
		}
		w.canceled = resp.CompactRevision
		return nil
	}
	for _, ev := range resp.Events {
		if ev.Kv.ModRevision > resp.Header.Revision {
			return fmt.Errorf("event %v above header revision %d", ev, resp.Header.Revision)
		}
		if err := h.checkPrevKV(w, ev); err != nil {
			return err
		}
	}
	w.got = append(w.got, resp.Events...)
	return nil
}

func (h *harness) checkPrevKV(w *modelWatch, ev Event) error {
	var want *KeyValue
	if w.op.prevKV && !ev.IsCreate() && ev.Kv.ModRevision-1 >= h.m.compact {
		if kv, ok := h.m.stateAt(string(ev.Kv.Key), ev.Kv.ModRevision-1); ok {
			want = &kv
		}
	}
	if (want == nil) != (ev.PrevKv == nil) || (want != nil && !kvEqual(*want, *ev.PrevKv)) {
		return fmt.Errorf("watch %v: event %s@%d prev_kv %v, want %v", w.op, ev.Kv.Key, ev.Kv.ModRevision, ev.PrevKv, want)
	}
	return nil
}

// finish lets every timer run, then checks watches, every range at every
// revision, and the stored history.
func (h *harness) finish() error {
	h.now += 2 * time.Second
	h.s.Advance(h.now)
	if err := h.drain(); err != nil {
		return err
	}
	for _, k := range h.order {
		if err := h.checkWatch(h.watches[k]); err != nil {
			return err
		}
	}
	if err := h.checkRanges(); err != nil {
		return err
	}
	got, want := h.s.History(0, 1<<30), h.m.stored()
	if !slices.EqualFunc(got, want, func(a, b HistoryRecord) bool {
		return a.Rev == b.Rev && a.Tombstone == b.Tombstone && kvEqual(a.Kv, b.Kv)
	}) {
		return fmt.Errorf("history after compaction %d:\n got %v\nwant %v", h.m.compact, got, want)
	}
	return nil
}

func (h *harness) checkWatch(w *modelWatch) error {
	if !w.created {
		return fmt.Errorf("watch %v never got Created", w.op)
	}
	if w.byClient {
		return nil
	}
	if w.mustCancel && w.canceled == 0 {
		return fmt.Errorf("watch %v from below the compaction revision was not canceled", w.op)
	}
	if w.canceled != 0 {
		return nil
	}
	want := h.m.events(w.start, w.key(), w.op.end, w.op.filters)
	if !eventsEqual(w.got, want) {
		return fmt.Errorf("watch %v:\n got %s\nwant %s", w.op, fmtEvents(w.got), fmtEvents(want))
	}
	return nil
}

var checkRangeSpecs = []RangeRequest{
	{Key: []byte{0}, RangeEnd: []byte{0}},
	{Key: []byte("a"), RangeEnd: []byte("b")},
	{Key: []byte("b"), RangeEnd: []byte{0}},
	{Key: []byte("a")}, {Key: []byte("ab")}, {Key: []byte("b")}, {Key: []byte("b0")}, {Key: []byte("c")},
}

func (h *harness) checkRanges() error {
	for rev := int64(-1); rev <= h.m.rev+1; rev++ {
		for _, spec := range checkRangeSpecs {
			for _, v := range []struct {
				limit            int64
				keysOnly, countO bool
			}{{0, false, false}, {1, false, false}, {2, true, false}, {0, false, true}} {
				r := spec
				r.Revision, r.Limit, r.KeysOnly, r.CountOnly = rev, v.limit, v.keysOnly, v.countO
				if err := compareRange(h.s, h.m, r); err != nil {
					return err
				}
			}
		}
	}
	return nil
}
