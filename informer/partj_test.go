package informer

import (
	"testing"
	"time"

	am "watchscope/apimachinery"
)

// Part J, WatchListClient off: LIST "0" limit 500; WATCH at the list RV;
// WATCH at a bookmark's RV -> 410; after 0.8-1.6s LIST at that RV with
// limit 0; WATCH at the new list RV. A second 410 on the relist goes to
// RV="" at once.
func TestPartJListWatch(t *testing.T) {
	for _, secondExpired := range []bool{false, true} {
		st := &recStore{}
		r := NewReflector(ReflectorConfig{Resource: "pods", DisableWatchList: true, Rand: newTestRand(1)}, st)
		now := time.Duration(0)
		r.Start(now)
		c := takeOne(t, r)
		checkList(t, c, "0", 500)
		r.OnListResult(now, c.ID, &am.List{ResourceVersion: "10", Items: []*am.Object{pod("d", "a", 9)}}, nil)
		w := takeOne(t, r)
		checkWatch(t, w, "10", false)
		r.OnWatchStarted(now, w.ID, nil)
		now += 2 * time.Second
		r.OnWatchEvent(now, w.ID, bookmark(15))
		if got := r.LastSyncResourceVersion(); got != "15" {
			t.Fatalf("bookmark RV not recorded: %q", got)
		}
		// The server times the watch out: re-watch at once from "15".
		now += 5 * time.Minute
		r.OnWatchEnded(now, w.ID, nil)
		w = takeOne(t, r)
		checkWatch(t, w, "15", false)
		r.OnWatchEvent(now, w.ID, expiredEvent(15, 17))
		noCallsBut(t, r, VerbCancel)
		l, wait := wakeAndTake(t, r, now)
		between(t, "backoff after 410", wait, 800*time.Millisecond, 1600*time.Millisecond)
		now += wait
		checkList(t, l, "15", 0)
		if secondExpired {
			r.OnListResult(now, l.ID, nil, am.NewTooOldResourceVersion(15, 17))
			l = takeOne(t, r)
			checkList(t, l, "", 0)
		}
		r.OnListResult(now, l.ID, &am.List{ResourceVersion: "20"}, nil)
		w = takeOne(t, r)
		checkWatch(t, w, "20", false)
		if r.Metrics().Calls[KindWatchList] != [3]int{} {
			t.Fatalf("watch-list calls with the client feature off")
		}
	}
}

func noCallsBut(t *testing.T, r *Reflector, v Verb) {
	t.Helper()
	for _, c := range r.TakeCalls() {
		if c.Verb != v {
			t.Fatalf("unexpected call %v", c)
		}
	}
}

// Part J, WatchListClient on: WATCH "" sendInitialEvents; Replace at the
// end bookmark; the same stream continues; after a 410 on resume and a
// 0.8-1.6s backoff, WATCH "15" sendInitialEvents - never a LIST. A 410 on
// that re-stream goes to RV="" at once.
func TestPartJWatchList(t *testing.T) {
	st := &recStore{}
	r := NewReflector(ReflectorConfig{Resource: "pods", Rand: newTestRand(2)}, st)
	now := time.Duration(0)
	r.Start(now)
	w := takeOne(t, r)
	checkWatch(t, w, "", true)
	r.OnWatchStarted(now, w.ID, nil)
	r.OnWatchEvent(now, w.ID, am.WatchEvent{Type: am.Added, Object: pod("d", "b", 8)})
	r.OnWatchEvent(now, w.ID, am.WatchEvent{Type: am.Added, Object: pod("d", "a", 5)})
	if len(st.ops) != 0 || r.LastSyncResourceVersion() != "" {
		t.Fatalf("initial events must go to the temporary store: %v", st.ops)
	}
	r.OnWatchEvent(now, w.ID, endBookmark(10))
	if len(st.ops) != 1 || st.ops[0] != "replace 2@10" {
		t.Fatalf("want replace 2@10, got %v", st.ops)
	}
	noCalls(t, r) // same stream continues
	now += time.Minute
	r.OnWatchEvent(now, w.ID, bookmark(15))
	r.OnWatchEnded(now+time.Minute, w.ID, nil)
	now += time.Minute
	w = takeOne(t, r)
	checkWatch(t, w, "15", false)
	r.OnWatchStarted(now, w.ID, nil)
	r.OnWatchEvent(now, w.ID, expiredEvent(15, 30))
	noCallsBut(t, r, VerbCancel)
	w2, wait := wakeAndTake(t, r, now)
	between(t, "backoff after 410", wait, 800*time.Millisecond, 1600*time.Millisecond)
	now += wait
	checkWatch(t, w2, "15", true)
	r.OnWatchStarted(now, w2.ID, nil)
	r.OnWatchEvent(now, w2.ID, expiredEvent(15, 30))
	w3 := takeRequest(t, r)
	checkWatch(t, w3, "", true)
	if n := r.Metrics().Calls[KindList]; n != [3]int{} {
		t.Fatalf("LIST calls in watch-list mode: %v", n)
	}
}

// Part J: when every watch gets 410 the waits climb 0.8s doubling to 30s.
func TestPartJBackoffLadder(t *testing.T) {
	r := NewReflector(ReflectorConfig{Resource: "pods", DisableWatchList: true, Rand: newTestRand(3)}, &recStore{})
	now := time.Duration(0)
	r.Start(now)
	c := takeOne(t, r)
	r.OnListResult(now, c.ID, &am.List{ResourceVersion: "10"}, nil)
	// The ladder restarts once more than 2 minutes passed since its last
	// reset (DelayWithReset), so track that too.
	ladder := []time.Duration{800, 1600, 3200, 6400, 12800, 25600, 30000}
	step, lastReset, resets := 0, time.Duration(0), 0
	for range 12 {
		w := takeOne(t, r)
		r.OnWatchStarted(now, w.ID, am.NewTooOldResourceVersion(10, 12))
		if now-lastReset > DefaultBackoffReset {
			step, lastReset = 0, now
			resets++
		}
		l, wait := wakeAndTake(t, r, now)
		want := ladder[min(step, len(ladder)-1)] * time.Millisecond
		between(t, "wait", wait, want, 2*want)
		step++
		now += wait
		r.OnListResult(now, l.ID, &am.List{ResourceVersion: "10"}, nil)
	}
	if resets == 0 {
		t.Fatalf("12 failures never crossed the 2-minute reset window")
	}
}
