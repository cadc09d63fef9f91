package watchcache

import (
	"encoding/json"
	"slices"
	"strings"
	"testing"

	am "watchscope/apimachinery"
)

func TestWatchTooOld(t *testing.T) {
	tests := []struct {
		name    string
		events  int // events after the relist at RV 10 (RVs 11, 12, ...)
		rv      string
		werr    string // "" = accepted
		wreplay int
	}{
		{"nothing evicted: oldest-1 = listRV accepted", 0, "10", "", 0},
		{"nothing evicted: listRV-1 is too old", 0, "9", "too old resource version: 9 (10)", 0},
		{"replay from listRV", 5, "10", "", 5},
		{"replay from the middle", 5, "13", "", 2},
		{"full ring, nothing evicted yet", 100, "10", "", 100},
		// 101 events: the ring grew (all fresh), nothing evicted.
		{"grown ring", 101, "10", "", 101},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			c := readyCacher(t, 10, 0)
			for i := range tt.events {
				c.ProcessEvent(0, am.Modified, pod("default", "a", "n", uint64(11+i), nil))
			}
			w, err := c.Watch(0, WatchOptions{ResourceVersion: tt.rv})
			if err != nil {
				t.Fatal(err)
			}
			evs := drainAll(c, w)
			if tt.werr != "" {
				if len(evs) != 1 || evs[0].Type != am.Error || evs[0].Status.Message != tt.werr || evs[0].Status.Code != 410 || !w.Closed() {
					t.Fatalf("got %v, want ERROR %q", summary(evs), tt.werr)
				}
				return
			}
			if len(evs) != tt.wreplay {
				t.Fatalf("replayed %d events, want %d", len(evs), tt.wreplay)
			}
		})
	}
}

// drainAll pops events, stepping the cacher so that stalled work resumes.
func drainAll(c *Cacher, w *CacheWatcher) []am.WatchEvent {
	var out []am.WatchEvent
	for {
		e, ok := w.Next()
		if !ok {
			c.Step(c.now)
			if e, ok = w.Next(); !ok {
				return out
			}
		}
		out = append(out, e)
	}
}

// TestWatchTooOldAfterEviction: with a fixed ring of 100 and 101 events
// after the relist at 10, RV 11 was evicted; the oldest buffered is 12.
func TestWatchTooOldAfterEviction(t *testing.T) {
	c := New(Config{Resource: pods, FixedCapacity: 100}, 0)
	c.Replace(0, nil, 10)
	for i := range 101 {
		c.ProcessEvent(0, am.Added, pod("default", "p"+string(rune('a'+i%26))+strings.Repeat("x", i/26), "n", uint64(11+i), nil))
	}
	for _, tt := range []struct {
		rv   string
		werr string
	}{
		{"11", ""},
		{"10", "too old resource version: 10 (11)"},
		{"9", "too old resource version: 9 (11)"},
	} {
		w, _ := c.Watch(0, WatchOptions{ResourceVersion: tt.rv})
		evs := drain(w)
		gotErr := ""
		if len(evs) > 0 && evs[0].Type == am.Error {
			gotErr = evs[0].Status.Message
		}
		if gotErr != tt.werr {
			t.Errorf("rv %s: error %q, want %q", tt.rv, gotErr, tt.werr)
		}
	}
	if got := c.Window().OldestWatchableRV; got != 11 {
		t.Errorf("OldestWatchableRV %d want 11", got)
	}
}

func TestWatchErrorEventJSON(t *testing.T) {
	c := readyCacher(t, 10, 0)
	w, _ := c.Watch(0, WatchOptions{ResourceVersion: "5"})
	evs := drain(w)
	line := am.WatchEventLine(evs[0])
	want := `{"type":"ERROR","object":{"kind":"Status","apiVersion":"v1","metadata":{},"status":"Failure","message":"too old resource version: 5 (10)","reason":"Expired","code":410}}`
	if line != want {
		t.Fatalf("got  %s\nwant %s", line, want)
	}
}

func TestWatchInitialStates(t *testing.T) {
	tests := []struct {
		name string
		opts WatchOptions
		want []string
	}{
		{"RV unset: current state as ADDED sorted by key, then live", WatchOptions{},
			[]string{"ADDED Pod default/p0@10", "ADDED Pod default/p1@10", "MODIFIED Pod default/p1@11"}},
		{"RV 0: same as unset", WatchOptions{ResourceVersion: "0"},
			[]string{"ADDED Pod default/p0@10", "ADDED Pod default/p1@10", "MODIFIED Pod default/p1@11"}},
		{"RV 0 + sendInitialEvents=false: only live", WatchOptions{ResourceVersion: "0", SendInitialEvents: boolp(false)},
			[]string{"MODIFIED Pod default/p1@11"}},
		{"RV N newer than cache: no wait, only RV > N", WatchOptions{ResourceVersion: "11"},
			[]string{}},
		{"watch-list: initial events, annotated end bookmark, live", WatchOptions{ResourceVersion: "", SendInitialEvents: boolp(true), AllowWatchBookmarks: true, StorageRV: 10},
			[]string{"ADDED Pod default/p0@10", "ADDED Pod default/p1@10", "BOOKMARK Pod @10 (initial-events-end)", "MODIFIED Pod default/p1@11"}},
		{"sendInitialEvents without bookmarks: no end marker", WatchOptions{ResourceVersion: "0", SendInitialEvents: boolp(true)},
			[]string{"ADDED Pod default/p0@10", "ADDED Pod default/p1@10", "MODIFIED Pod default/p1@11"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			c := readyCacher(t, 10, 2)
			w, err := c.Watch(0, tt.opts)
			if err != nil {
				t.Fatal(err)
			}
			c.ProcessEvent(0, am.Modified, pod("default", "p1", "node-1", 11, nil))
			got := summary(drain(w))
			if !slices.Equal(got, tt.want) && !(len(got) == 0 && len(tt.want) == 0) {
				t.Fatalf("got  %q\nwant %q", got, tt.want)
			}
		})
	}
}

func TestWatchNewerThanCacheGetsLaterEvents(t *testing.T) {
	c := readyCacher(t, 10, 0)
	w, _ := c.Watch(0, WatchOptions{ResourceVersion: "12"})
	for rv := uint64(11); rv <= 13; rv++ {
		c.ProcessEvent(0, am.Added, pod("default", "x"+string(rune('0'+rv-10)), "n", rv, nil))
	}
	if got := summary(drain(w)); !slices.Equal(got, []string{"ADDED Pod default/x3@13"}) {
		t.Fatalf("got %q", got)
	}
}

func TestWatchListFreshnessWait(t *testing.T) {
	c := readyCacher(t, 10, 1)
	opts := WatchOptions{SendInitialEvents: boolp(true), AllowWatchBookmarks: true, StorageRV: 12}
	// The cache catches up within 3s: the stream starts then.
	w, _ := c.Watch(0, opts)
	if _, ok := w.Next(); ok || c.PendingReads() != 1 {
		t.Fatal("watch should wait for the cache")
	}
	c.ProcessEvent(sec(1), am.Added, pod("default", "q", "n", 12, nil))
	got := summary(drain(w))
	// Objects keep their own resourceVersion; the events are tagged 12.
	want := []string{"ADDED Pod default/p0@10", "ADDED Pod default/q@12", "BOOKMARK Pod @12 (initial-events-end)"}
	if !slices.Equal(got, want) {
		t.Fatalf("got %q want %q", got, want)
	}
	// It does not: the 504 after exactly 3s.
	w2, _ := c.Watch(sec(2), WatchOptions{SendInitialEvents: boolp(true), AllowWatchBookmarks: true, StorageRV: 99})
	c.Step(sec(4.999))
	if _, ok := w2.Next(); ok {
		t.Fatal("no event before the 3s timeout")
	}
	c.Step(sec(5))
	evs := drain(w2)
	if len(evs) != 1 || evs[0].Type != am.Error || !w2.Closed() {
		t.Fatalf("got %q", summary(evs))
	}
	j, _ := json.Marshal(evs[0].Status)
	wantJSON := `{"kind":"Status","apiVersion":"v1","metadata":{},"status":"Failure","message":"Timeout: Too large resource version: 99, current: 12","reason":"Timeout","details":{"causes":[{"reason":"ResourceVersionTooLarge","message":"Too large resource version"}],"retryAfterSeconds":1},"code":504}`
	if string(j) != wantJSON {
		t.Fatalf("got  %s\nwant %s", j, wantJSON)
	}
}

func TestWatchReplayInvalidated(t *testing.T) {
	c := New(Config{Resource: pods, FixedCapacity: 100}, 0)
	c.Replace(0, nil, 10)
	for i := range 100 {
		c.ProcessEvent(0, am.Modified, pod("default", "a", "n", uint64(11+i), nil))
	}
	w, _ := c.Watch(0, WatchOptions{ResourceVersion: "10"})
	// The watcher's channels (10+10) hold the first chunk's head; the
	// rest of the interval is read lazily. 150 new events wrap the ring
	// past the interval's next chunk.
	got := 0
	for range 5 {
		if _, ok := w.Next(); ok {
			got++
		}
	}
	for i := range 150 {
		c.ProcessEvent(0, am.Modified, pod("default", "a", "n", uint64(111+i), nil))
	}
	evs := drainAll(c, w)
	if !w.Closed() {
		t.Fatal("watcher should close after invalidation")
	}
	for _, e := range evs {
		if e.Type == am.Error {
			t.Fatal("invalidation must not send an ERROR event")
		}
	}
	if got+len(evs) >= 250 {
		t.Fatalf("invalidated watcher delivered everything (%d)", got+len(evs))
	}
}
