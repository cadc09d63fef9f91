package mvcc

import (
	"errors"
	"fmt"
	"testing"
	"time"
)

func recvAll(ws *WatchStream) []WatchResponse {
	var out []WatchResponse
	for {
		r, ok := ws.Recv()
		if !ok {
			return out
		}
		out = append(out, r)
	}
}

func mustWatch(t *testing.T, ws *WatchStream, r WatchCreateRequest) int64 {
	t.Helper()
	id, err := ws.Watch(r)
	if err != nil {
		t.Fatal(err)
	}
	return id
}

func eventRevs(rs []WatchResponse) []int64 {
	var revs []int64
	for _, r := range rs {
		for _, e := range r.Events {
			revs = append(revs, e.Kv.ModRevision)
		}
	}
	return revs
}

func TestWatchCreatedFirstAndAutoIDs(t *testing.T) {
	s := newTestServer(t, Config{})
	mustPut(t, s, "k", "v")
	ws := s.NewWatchStream()
	notified := 0
	ws.SetNotify(func() { notified++ })
	a := mustWatch(t, ws, WatchCreateRequest{Key: []byte("k"), WatchID: AutoWatchID})
	b := mustWatch(t, ws, WatchCreateRequest{Key: []byte("k"), WatchID: AutoWatchID})
	mustPut(t, s, "k", "w")
	rs := recvAll(ws)
	if a != 0 || b != 1 || len(rs) != 4 || notified != 4 {
		t.Fatalf("ids %d %d, %d responses, %d notifications", a, b, len(rs), notified)
	}
	if !rs[0].Created || rs[0].Header.Revision != 2 || rs[0].WatchID != 0 || !rs[1].Created {
		t.Fatalf("created responses %+v %+v", rs[0], rs[1])
	}
	if rs[2].Header.Revision != 3 || len(rs[2].Events) != 1 || rs[2].Events[0].Kv.ModRevision != 3 {
		t.Fatalf("event response %+v", rs[2])
	}
}

// TestWatchFromCompactRev: from the compaction revision it replays; from
// one below it is canceled with the compaction revision.
func TestWatchFromCompactRev(t *testing.T) {
	s := newTestServer(t, Config{})
	for i := range 5 {
		mustPut(t, s, "k", fmt.Sprint(i)) // 2..6
	}
	if _, err := s.Compact(4); err != nil {
		t.Fatal(err)
	}
	ws := s.NewWatchStream()
	ok := mustWatch(t, ws, WatchCreateRequest{Key: []byte("k"), StartRevision: 4, WatchID: AutoWatchID})
	bad := mustWatch(t, ws, WatchCreateRequest{Key: []byte("k"), StartRevision: 3, WatchID: AutoWatchID})
	if rs := recvAll(ws); len(rs) != 2 {
		t.Fatalf("before the sync pass: %+v", rs)
	}
	s.Advance(100 * time.Millisecond)
	rs := recvAll(ws)
	if len(rs) != 2 {
		t.Fatalf("responses %+v", rs)
	}
	cancel, replay := rs[0], rs[1]
	if cancel.WatchID != bad {
		cancel, replay = replay, cancel
	}
	if replay.WatchID != ok || fmt.Sprint(eventRevs([]WatchResponse{replay})) != "[4 5 6]" || replay.Header.Revision != 6 {
		t.Fatalf("replay %+v", replay)
	}
	if !cancel.Canceled || cancel.CompactRevision != 4 || cancel.Header.Revision != 0 ||
		!errors.Is(cancel.Err(), ErrGRPCCompacted) || cancel.IsProgressNotify() {
		t.Fatalf("cancel %+v", cancel)
	}
	if m := s.Metrics(); m.SlowWatcherTotal != 0 || m.WatcherTotal != 2 {
		t.Fatalf("metrics %+v", m)
	}
}

func TestWatchCreateErrors(t *testing.T) {
	s := newTestServer(t, Config{})
	ws := s.NewWatchStream()
	mustWatch(t, ws, WatchCreateRequest{Key: []byte("k"), WatchID: 7})
	tests := []struct {
		req     WatchCreateRequest
		wreason string
	}{
		{WatchCreateRequest{Key: []byte("k"), StartRevision: -1}, "etcdserver: mvcc: required revision has been compacted"},
		{WatchCreateRequest{Key: []byte("b"), RangeEnd: []byte("a")}, "mvcc: watcher range is empty"},
		{WatchCreateRequest{Key: []byte("a"), RangeEnd: []byte("a")}, "mvcc: watcher range is empty"},
		{WatchCreateRequest{Key: []byte("k"), WatchID: 7}, "mvcc: duplicate watch ID provided on the WatchStream"},
	}
	recvAll(ws)
	for _, tt := range tests {
		id, err := ws.Watch(tt.req)
		rs := recvAll(ws)
		if err == nil || id != InvalidWatchID || len(rs) != 1 {
			t.Fatalf("%+v: id %d err %v responses %d", tt.req, id, err, len(rs))
		}
		r := rs[0]
		if !r.Created || !r.Canceled || r.WatchID != InvalidWatchID || r.CancelReason != tt.wreason || r.Header.Revision != 1 {
			t.Errorf("%+v: response %+v, want reason %q", tt.req, r, tt.wreason)
		}
	}
}

func TestWatchUnsyncedWaitsForSyncPass(t *testing.T) {
	s := newTestServer(t, Config{})
	mustPut(t, s, "k", "1")
	s.Advance(30 * time.Millisecond)
	ws := s.NewWatchStream()
	mustWatch(t, ws, WatchCreateRequest{Key: []byte("k"), StartRevision: 1})
	recvAll(ws)
	if at, ok := s.NextWake(); !ok || at != 100*time.Millisecond {
		t.Fatalf("next wake %v %v, want 100ms", at, ok)
	}
	s.Advance(99 * time.Millisecond)
	if ws.Len() != 0 || s.Metrics().SlowWatcherTotal != 1 {
		t.Fatalf("replayed before the sync pass")
	}
	s.Advance(100 * time.Millisecond)
	if rs := recvAll(ws); fmt.Sprint(eventRevs(rs)) != "[2]" {
		t.Fatalf("replay %+v", rs)
	}
}

func TestWatchFutureStartWaits(t *testing.T) {
	s := newTestServer(t, Config{})
	ws := s.NewWatchStream()
	mustWatch(t, ws, WatchCreateRequest{Key: []byte("k"), StartRevision: 4})
	mustPut(t, s, "k", "2")
	mustPut(t, s, "k", "3")
	mustPut(t, s, "k", "4")
	if got := fmt.Sprint(eventRevs(recvAll(ws))); got != "[4]" {
		t.Fatalf("events %s, want [4]", got)
	}
}

// TestWatchPrevKV: prev_kv is the value at mod_revision-1, omitted for
// creations and when that revision is compacted.
func TestWatchPrevKV(t *testing.T) {
	s := newTestServer(t, Config{})
	ws := s.NewWatchStream()
	mustWatch(t, ws, WatchCreateRequest{Key: []byte("k"), PrevKv: true})
	mustPut(t, s, "k", "1") // 2 create
	mustPut(t, s, "k", "2") // 3
	mustPut(t, s, "k", "3") // 4
	mustDelete(t, s, "k")   // 5
	if _, err := s.Compact(3); err != nil {
		t.Fatal(err)
	}
	var got []string
	for _, e := range eventsOf(recvAll(ws)) {
		p := "-"
		if e.PrevKv != nil {
			p = string(e.PrevKv.Value)
		}
		got = append(got, fmt.Sprintf("%v@%d:%s", e.Type, e.Kv.ModRevision, p))
	}
	if w := "[PUT@2:- PUT@3:- PUT@4:2 DELETE@5:3]"; fmt.Sprint(got) != w {
		t.Fatalf("events %v, want %s", got, w)
	}
}

func eventsOf(rs []WatchResponse) []Event {
	var evs []Event
	for _, r := range rs {
		evs = append(evs, r.Events...)
	}
	return evs
}

func TestWatchFilters(t *testing.T) {
	s := newTestServer(t, Config{})
	ws := s.NewWatchStream()
	noPut := mustWatch(t, ws, WatchCreateRequest{Key: []byte("k"), Filters: []WatchFilter{FilterNoPut}, WatchID: AutoWatchID})
	noDel := mustWatch(t, ws, WatchCreateRequest{Key: []byte("k"), Filters: []WatchFilter{FilterNoDelete}, WatchID: AutoWatchID})
	recvAll(ws)
	mustPut(t, s, "k", "1")
	mustDelete(t, s, "k")
	for _, r := range recvAll(ws) {
		for _, e := range r.Events {
			if (r.WatchID == noPut && e.Type == PUT) || (r.WatchID == noDel && e.Type == DELETE) {
				t.Fatalf("watch %d got filtered event %v", r.WatchID, e.Type)
			}
			if len(r.Events) == 0 {
				t.Fatalf("empty response after filtering")
			}
		}
	}
}

func TestWatchCancel(t *testing.T) {
	s := newTestServer(t, Config{})
	ws := s.NewWatchStream()
	id := mustWatch(t, ws, WatchCreateRequest{Key: []byte("k")})
	mustPut(t, s, "k", "1") // queued, then dropped by the cancel
	if err := ws.Cancel(id); err != nil {
		t.Fatal(err)
	}
	rs := recvAll(ws)
	if len(rs) != 2 || !rs[1].Canceled || rs[1].WatchID != id || rs[1].CompactRevision != 0 {
		t.Fatalf("responses %+v", rs)
	}
	if err := ws.Cancel(id); !errors.Is(err, ErrWatcherNotExist) {
		t.Fatalf("second cancel %v", err)
	}
	mustPut(t, s, "k", "2")
	if ws.Len() != 0 || s.Metrics().WatcherTotal != 0 {
		t.Fatal("canceled watch still delivers")
	}
}
