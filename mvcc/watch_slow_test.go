package mvcc

import (
	"fmt"
	"math/rand/v2"
	"testing"
	"time"
)

// TestWatchVictim: with 128 responses waiting, the next write makes the
// watcher a victim; once the client reads, the 10ms victim loop delivers
// the held batch and every event arrives once, in order.
func TestWatchVictim(t *testing.T) {
	s := newTestServer(t, Config{})
	ws := s.NewWatchStream()
	mustWatch(t, ws, WatchCreateRequest{Key: []byte("k")})
	for i := range chanBufLen + 1 {
		mustPut(t, s, "k", fmt.Sprint(i)) // revisions 2..130
	}
	if m := s.Metrics(); m.SlowWatcherTotal != 1 || ws.Len() != chanBufLen+1 || m.PendingEventsTotal != chanBufLen {
		t.Fatalf("metrics %+v, queue %d", m, ws.Len())
	}
	s.Advance(50 * time.Millisecond) // retries fail: the client reads nothing
	rs := recvAll(ws)
	mustPut(t, s, "k", "late") // 131: the watcher is a victim, it is not notified
	s.Advance(59 * time.Millisecond)
	if ws.Len() != 0 {
		t.Fatal("victim delivered before its 10ms retry")
	}
	s.Advance(60 * time.Millisecond) // victim sent; it missed 131, so it goes unsynced
	if m := s.Metrics(); m.SlowWatcherTotal != 1 {
		t.Fatalf("after the victim retry: %+v", m)
	}
	s.Advance(100 * time.Millisecond) // the sync pass replays 131
	rs = append(rs, recvAll(ws)...)
	revs := eventRevs(rs)
	if len(revs) != 130 || revs[0] != 2 || revs[129] != 131 {
		t.Fatalf("got %d events %v..", len(revs), revs[:3])
	}
	for i := 1; i < len(revs); i++ {
		if revs[i] != revs[i-1]+1 {
			t.Fatalf("events out of order at %d: %v", i, revs[i-1:i+1])
		}
	}
	if s.Metrics().SlowWatcherTotal != 0 {
		t.Fatal("watcher still slow")
	}
}

// TestWatchBatchesOf1000Revisions: an unsynced watcher replays at most
// 1000 revisions per response, and the next pass comes soon after a pass
// that made progress... here the only watcher stays unsynced, so 100ms.
func TestWatchBatchesOf1000Revisions(t *testing.T) {
	s := newTestServer(t, Config{})
	for i := range 2500 {
		mustPut(t, s, "k", fmt.Sprint(i)) // 2..2501
	}
	ws := s.NewWatchStream()
	mustWatch(t, ws, WatchCreateRequest{Key: []byte("k"), StartRevision: 2})
	recvAll(ws)
	var sizes []int
	for _, at := range []time.Duration{100, 200, 300, 400} {
		s.Advance(at * time.Millisecond)
		for _, r := range recvAll(ws) {
			sizes = append(sizes, len(r.Events))
			if r.Header.Revision != 2501 {
				t.Fatalf("catch-up header revision %d, want 2501", r.Header.Revision)
			}
		}
	}
	if fmt.Sprint(sizes) != "[1000 1000 500]" {
		t.Fatalf("batch sizes %v", sizes)
	}
}

// TestWatchSyncPassLimit: one pass handles 512 unsynced watchers; the rest
// follow 1ms later because the pass made progress.
func TestWatchSyncPassLimit(t *testing.T) {
	s := newTestServer(t, Config{})
	mustPut(t, s, "k", "v")
	for range 10 {
		ws := s.NewWatchStream()
		for range 60 {
			mustWatch(t, ws, WatchCreateRequest{Key: []byte("k"), StartRevision: 1, WatchID: AutoWatchID})
		}
	}
	s.Advance(100 * time.Millisecond)
	if n := s.Metrics().SlowWatcherTotal; n != 600-maxWatchersPerSync {
		t.Fatalf("after one pass %d slow, want %d", n, 600-maxWatchersPerSync)
	}
	s.Advance(101 * time.Millisecond)
	if n := s.Metrics().SlowWatcherTotal; n != 0 {
		t.Fatalf("after the second pass %d slow", n)
	}
}

// TestProgressNotify: the per-stream ticker fires at interval + jitter;
// a watcher that got events since the last tick skips one notification.
func TestProgressNotify(t *testing.T) {
	s := newTestServer(t, Config{WatchProgressNotifyInterval: time.Second, Rand: rand.New(rand.NewPCG(3, 4))})
	ws := s.NewWatchStream()
	id := mustWatch(t, ws, WatchCreateRequest{Key: []byte("k"), ProgressNotify: true})
	recvAll(ws)
	tick, ok := s.NextWake()
	if !ok || tick < time.Second || tick >= 1100*time.Millisecond {
		t.Fatalf("first tick at %v, want in [1s, 1.1s)", tick)
	}
	mustPut(t, s, "other", "x") // outside the watch: the revision still moves
	s.Advance(tick)
	rs := recvAll(ws)
	if len(rs) != 1 || !rs[0].IsProgressNotify() || rs[0].WatchID != id || rs[0].Header.Revision != 2 {
		t.Fatalf("progress %+v", rs)
	}
	mustPut(t, s, "k", "1")
	recvAll(ws)
	s.Advance(2 * tick)
	if rs := recvAll(ws); len(rs) != 0 {
		t.Fatalf("progress right after an event: %+v", rs)
	}
	s.Advance(3 * tick)
	if rs := recvAll(ws); len(rs) != 1 || !rs[0].IsProgressNotify() {
		t.Fatalf("third tick %+v", rs)
	}
}

// TestRequestProgress: one WatchID -1 response at the current revision,
// only when every watcher of the stream is synced.
func TestRequestProgress(t *testing.T) {
	s := newTestServer(t, Config{})
	mustPut(t, s, "k", "1")
	ws := s.NewWatchStream()
	mustWatch(t, ws, WatchCreateRequest{Key: []byte("k"), WatchID: AutoWatchID})
	mustWatch(t, ws, WatchCreateRequest{Key: []byte("k"), StartRevision: 1, WatchID: AutoWatchID})
	recvAll(ws)
	ws.RequestProgress()
	if ws.Len() != 0 {
		t.Fatal("progress sent while a watcher is unsynced")
	}
	s.Advance(100 * time.Millisecond)
	recvAll(ws)
	mustPut(t, s, "elsewhere", "x")
	recvAll(ws)
	ws.RequestProgress()
	rs := recvAll(ws)
	if len(rs) != 1 || rs[0].WatchID != InvalidWatchID || rs[0].Header.Revision != 3 || !rs[0].IsProgressNotify() {
		t.Fatalf("progress %+v", rs)
	}
}

func TestWatchStreamClose(t *testing.T) {
	s := newTestServer(t, Config{})
	ws := s.NewWatchStream()
	mustWatch(t, ws, WatchCreateRequest{Key: []byte("k"), ProgressNotify: true})
	ws.Close()
	mustPut(t, s, "k", "v")
	if m := s.Metrics(); m.WatchStreamTotal != 0 || m.WatcherTotal != 0 || ws.Len() != 0 {
		t.Fatalf("after close %+v", m)
	}
	if _, ok := s.NextWake(); ok {
		t.Fatal("progress ticker survives close")
	}
}
