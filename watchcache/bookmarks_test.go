package watchcache

import (
	"math/rand/v2"
	"slices"
	"testing"
	"time"

	am "watchscope/apimachinery"
)

func TestBookmarkTimerJitter(t *testing.T) {
	r := rand.New(rand.NewPCG(1, 1))
	for range 10000 {
		d := jitteredBookmarkInterval(r)
		if d < time.Second || d >= 1250*time.Millisecond {
			t.Fatalf("interval %v outside [1s,1.25s)", d)
		}
	}
}

func TestNextBookmarkTime(t *testing.T) {
	tests := []struct {
		name       string
		state      bookmarkState
		deadline   time.Duration
		now        time.Duration
		wnext      time.Duration
		wimmediate bool
		wok        bool
	}{
		{"no deadline: every minute", bookmarkSent, 0, 10 * time.Second, 70 * time.Second, false, true},
		{"far deadline: now+1m", bookmarkSent, 10 * time.Minute, 10 * time.Second, 70 * time.Second, false, true},
		{"near deadline: deadline-2s", bookmarkSent, 40 * time.Second, 10 * time.Second, 38 * time.Second, false, true},
		// The real clock has moved on since the deadline was fixed (and since
		// the tick fired): a deadline-2s equal to virtual now is behind it.
		{"deadline-2s == now: already behind a running clock", bookmarkSent, 12 * time.Second, 10 * time.Second, 0, false, false},
		{"deadline-2s just ahead: one more", bookmarkSent, 12*time.Second + time.Millisecond, 10 * time.Second, 10*time.Second + time.Millisecond, false, true},
		{"deadline-2s passed: no more", bookmarkSent, 11 * time.Second, 10 * time.Second, 0, false, false},
		{"watch-list still waiting: immediate", waitingForBookmark, 40 * time.Second, 10 * time.Second, 0, true, true},
	}
	for _, tt := range tests {
		w := &CacheWatcher{state: tt.state, deadline: tt.deadline}
		next, imm, ok := w.nextBookmarkTime(tt.now)
		if next != tt.wnext || imm != tt.wimmediate || ok != tt.wok {
			t.Errorf("%s: got (%v,%v,%v)", tt.name, next, imm, ok)
		}
	}
}

// bookmarksAt steps the cacher every 100ms up to `until` and returns the
// times at which w received bookmarks.
func bookmarksAt(c *Cacher, w *CacheWatcher, from, until time.Duration, onStep func(time.Duration)) []string {
	var out []string
	for now := from; now <= until; now += 100 * time.Millisecond {
		if onStep != nil {
			onStep(now)
		}
		c.Step(now)
		for _, e := range drain(w) {
			if e.Type == am.Bookmark {
				out = append(out, (now.Truncate(time.Second)).String()+" rv="+e.Object.ResourceVersion)
			}
		}
	}
	return out
}

func TestPeriodicBookmarkOnlyWhenRVAdvanced(t *testing.T) {
	c := readyCacher(t, 10, 0)
	w, _ := c.Watch(0, WatchOptions{ResourceVersion: "10", AllowWatchBookmarks: true})
	noBm, _ := c.Watch(0, WatchOptions{ResourceVersion: "10"})
	// Idle for 2 minutes: RV stays 10 = the watcher's RV, nothing sent.
	if got := bookmarksAt(c, w, 0, 125*time.Second, nil); len(got) != 0 {
		t.Fatalf("idle got %q", got)
	}
	// A progress notify advances the RV to 20: the next bucket sends it.
	c.UpdateResourceVersion(125*time.Second, 20)
	got := bookmarksAt(c, w, 125*time.Second, 190*time.Second, nil)
	if len(got) != 1 || got[0] != "3m0s rv=20" {
		t.Fatalf("got %q", got)
	}
	if len(drain(noBm)) != 0 {
		t.Fatal("watchers without allowWatchBookmarks never get bookmarks")
	}
}

func TestBookmarkBeforeDeadline(t *testing.T) {
	c := readyCacher(t, 10, 0)
	w, _ := c.Watch(0, WatchOptions{ResourceVersion: "10", AllowWatchBookmarks: true, Deadline: 30 * time.Second})
	c.UpdateResourceVersion(0, 11)
	got := bookmarksAt(c, w, 0, 29*time.Second, nil)
	if !slices.Equal(got, []string{"28s rv=11"}) {
		t.Fatalf("got %q", got)
	}
	c.Step(30 * time.Second)
	if !w.Closed() || c.WatcherCount() != 0 {
		t.Fatal("watch should end at its deadline")
	}
}

func TestWatchListEndBookmarkWhenInitialRVNotReached(t *testing.T) {
	// RV="" watch-list with StorageRV == cache RV: end bookmark at once.
	// With RV="N" < cache RV the bookmark-after RV is N, already passed.
	c := readyCacher(t, 10, 1)
	w, _ := c.Watch(0, WatchOptions{ResourceVersion: "10", SendInitialEvents: boolp(true), AllowWatchBookmarks: true})
	got := summary(drain(w))
	if !slices.Equal(got, []string{"ADDED Pod default/p0@10", "BOOKMARK Pod @10 (initial-events-end)"}) {
		t.Fatalf("got %q", got)
	}
	if w.state != bookmarkSent {
		t.Fatalf("state %d", w.state)
	}
}
