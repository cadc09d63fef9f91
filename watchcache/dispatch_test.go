package watchcache

import (
	"slices"
	"strings"
	"testing"
	"time"

	am "watchscope/apimachinery"
)

func TestChanSize(t *testing.T) {
	tests := []struct {
		capacity             int
		indexExists, trigger bool
		want                 int
	}{
		{100, true, true, 10},
		{100, true, false, 10},
		{100, false, false, 10},
		{1600, false, false, 22}, // ceil(1600/75) = 22
		{102400, true, true, 10},
		{102400, true, false, 1000},
		{102400, false, false, 100},
		{51200, true, false, 683},
	}
	for _, tt := range tests {
		h := newWatchCacheHistory(DefaultEventFreshDuration, 0, &Metrics{})
		h.capacity = tt.capacity
		if got := h.suggestedChanSize(tt.indexExists, tt.trigger); got != tt.want {
			t.Errorf("cap %d index %v trigger %v: %d, want %d", tt.capacity, tt.indexExists, tt.trigger, got, tt.want)
		}
	}
}

func TestSelectorRewriting(t *testing.T) {
	sel, _ := am.ParseLabelSelector("app=web")
	web := map[string]string{"app": "web"}
	db := map[string]string{"app": "db"}
	tests := []struct {
		name string
		prev map[string]string // nil: create
		typ  am.EventType
		cur  map[string]string
		want string
	}{
		{"create matching", nil, am.Added, web, "ADDED Pod default/a@11"},
		{"create not matching", nil, am.Added, db, ""},
		{"modify both match", web, am.Modified, web, "MODIFIED Pod default/a@11"},
		{"modify into selector -> ADDED", db, am.Modified, web, "ADDED Pod default/a@11"},
		{"modify out of selector -> DELETED with old object at event RV", web, am.Modified, db, "DELETED Pod default/a@11"},
		{"modify neither", db, am.Modified, db, ""},
		{"delete matching -> DELETED last state at deletion RV", web, am.Deleted, web, "DELETED Pod default/a@11"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			c := New(Config{Resource: pods}, 0)
			var objs []*am.Object
			if tt.prev != nil {
				objs = append(objs, pod("default", "a", "n", 5, tt.prev))
			}
			c.Replace(0, objs, 10)
			w, _ := c.Watch(0, WatchOptions{ResourceVersion: "10", LabelSelector: sel})
			c.ProcessEvent(0, tt.typ, pod("default", "a", "n", 11, tt.cur))
			got := summary(drain(w))
			if strings.Join(got, "|") != tt.want {
				t.Fatalf("got %q want %q", got, tt.want)
			}
			if tt.want != "" && strings.HasPrefix(tt.want, "DELETED") && tt.typ == am.Modified {
				// the DELETED carries the previous labels
				c2 := summary(nil)
				_ = c2
			}
		})
	}
}

func TestNodeNameIndex(t *testing.T) {
	c := readyCacher(t, 10, 0)
	fs1, _ := am.ParseFieldSelector("spec.nodeName=node-1")
	fs2, _ := am.ParseFieldSelector("spec.nodeName=node-2")
	w1, _ := c.Watch(0, WatchOptions{ResourceVersion: "10", FieldSelector: fs1})
	w2, _ := c.Watch(0, WatchOptions{ResourceVersion: "10", FieldSelector: fs2})
	all, _ := c.Watch(0, WatchOptions{ResourceVersion: "10"})
	if w1.ChanSize() != 10 || all.ChanSize() != 10 || !w1.triggerSupported || all.triggerSupported {
		t.Fatal("trigger setup")
	}
	c.ProcessEvent(0, am.Added, pod("default", "a", "node-1", 11, nil))
	// a moves from node-1 to node-2: both trigger values are candidates.
	c.ProcessEvent(0, am.Modified, pod("default", "a", "node-2", 12, nil))
	if got := summary(drain(w1)); !slices.Equal(got, []string{"ADDED Pod default/a@11", "DELETED Pod default/a@12"}) {
		t.Fatalf("w1 %q", got)
	}
	if got := summary(drain(w2)); !slices.Equal(got, []string{"ADDED Pod default/a@12"}) {
		t.Fatalf("w2 %q", got)
	}
	if got := len(drain(all)); got != 2 {
		t.Fatalf("all got %d", got)
	}
	// The index offers node-1's events only to node-1 watchers.
	e := &watchCacheEvent{Type: am.Added, Object: pod("default", "b", "node-1", 13, nil)}
	if cands := c.candidatesFor(e); len(cands) != 2 || cands[0] != all || cands[1] != w1 {
		t.Fatalf("candidates %v", len(cands))
	}
}

// slowSetup: one watcher that never reads (chan size 10: 20 buffered).
func slowSetup(t *testing.T, at time.Duration) (*Cacher, *CacheWatcher, *CacheWatcher) {
	c := New(Config{Resource: configmaps}, 0)
	c.Replace(0, nil, 10)
	slow, _ := c.Watch(at, WatchOptions{ResourceVersion: "10"})
	fast, _ := c.Watch(at, WatchOptions{ResourceVersion: "10"})
	for i := range 20 {
		c.ProcessEvent(at, am.Added, cm(uint64(11+i)))
		drain(fast)
	}
	if slow.InputLen() != 10 || slow.ResultLen() != 10 {
		t.Fatalf("slow buffers %d/%d", slow.InputLen(), slow.ResultLen())
	}
	return c, slow, fast
}

func cm(rv uint64) *am.Object {
	o := &am.Object{Kind: "ConfigMap", ObjectMeta: am.ObjectMeta{Name: "c" + string(rune('a'+rv%26)) + strings.Repeat("z", int(rv/26)), Namespace: "default"}}
	return o.WithResourceVersion(rv)
}

func TestSlowWatcherTerminatedAtZeroBudget(t *testing.T) {
	c, slow, fast := slowSetup(t, 0)
	c.ProcessEvent(0, am.Added, cm(31)) // budget is 0 at start: terminate at once
	if c.Metrics().TerminatedWatchersTotal != 1 || c.WatcherCount() != 1 {
		t.Fatalf("terminated %d watchers %d", c.Metrics().TerminatedWatchersTotal, c.WatcherCount())
	}
	evs := drain(slow)
	if len(evs) != 10 || !slow.Closed() {
		t.Fatalf("slow got %d closed %v", len(evs), slow.Closed())
	}
	for _, e := range evs {
		if e.Type == am.Error {
			t.Fatal("termination sends no ERROR event")
		}
	}
	if len(drain(fast)) != 1 {
		t.Fatal("fast watcher should get the event")
	}
	logs := c.Terminations()
	want := `Forcing configmaps watcher close due to unresponsiveness: key: "/registry/configmaps/", labels: "", fields: "". len(c.input) = 10, len(c.result) = 10, graceful = false`
	if len(logs) != 1 || logs[0].Line != want || logs[0].Watcher != slow.ID() {
		t.Fatalf("log %+v, want the slow watcher's (ID %d): %q", logs, slow.ID(), want)
	}
}

func TestDispatchBudget(t *testing.T) {
	tests := []struct {
		name       string
		start      time.Duration // when the watchers and events are set up
		readAt     time.Duration // when the slow consumer reads (relative); -1 never
		stepAt     time.Duration
		wterm      int64
		wblocked   bool
		wbudgetOut time.Duration
	}{
		{"2s of refill = 100ms budget; reader at 40ms unblocks", 2 * time.Second, 40 * time.Millisecond, 40 * time.Millisecond, 0, false, 100*time.Millisecond - 40*time.Millisecond},
		{"still waiting at 99ms", 2 * time.Second, -1, 99 * time.Millisecond, 0, true, 0},
		{"timer fires at 100ms: terminated", 2 * time.Second, -1, 100 * time.Millisecond, 1, false, 0},
		{"1s of refill = 50ms budget", 1 * time.Second, -1, 50 * time.Millisecond, 1, false, 0},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			c, slow, _ := slowSetup(t, tt.start)
			c.ProcessEvent(tt.start, am.Added, cm(31))
			if c.blocked == nil {
				t.Fatal("dispatch should block")
			}
			if c.IncomingLen() != 1 {
				t.Fatal("the blocked event was taken off incoming; its RV update waits")
			}
			if tt.readAt >= 0 {
				slow.Next()
			}
			c.Step(tt.start + tt.stepAt)
			if got := c.Metrics().TerminatedWatchersTotal; got != tt.wterm {
				t.Fatalf("terminated %d want %d", got, tt.wterm)
			}
			if (c.blocked != nil) != tt.wblocked {
				t.Fatalf("blocked %v", c.blocked != nil)
			}
			if !tt.wblocked && c.budget.budget != tt.wbudgetOut {
				t.Fatalf("budget left %v want %v", c.budget.budget, tt.wbudgetOut)
			}
		})
	}
}

func TestBlockedDispatchStallsIngestion(t *testing.T) {
	c, _, fast := slowSetup(t, 2*time.Second)
	fast.Stop()                                     // it could not read while the test holds the clock
	c.ProcessEvent(2*time.Second, am.Added, cm(31)) // blocks the dispatcher for 100ms
	// Each event also queues the reflector's RV update: 2 items per event.
	// 1 (31's update) + 2*49 = 99 items: not yet full.
	for i := range 49 {
		c.ProcessEvent(2*time.Second, am.Added, cm(uint64(32+i)))
	}
	if c.IncomingLen() != 99 || c.Stalled() {
		t.Fatalf("incoming %d stalled %v", c.IncomingLen(), c.Stalled())
	}
	// 81 fills the queue; its RV update cannot be queued: the reflector blocks.
	c.ProcessEvent(2*time.Second, am.Added, cm(81))
	if !c.IncomingFull() || !c.Stalled() || c.ResourceVersion() != 81 {
		t.Fatalf("stalled %v rv %d", c.Stalled(), c.ResourceVersion())
	}
	c.ProcessEvent(2*time.Second, am.Added, cm(82))
	if c.ResourceVersion() != 81 {
		t.Fatal("a stalled reflector applies nothing more")
	}
	c.Step(2*time.Second + 100*time.Millisecond)
	if c.Stalled() || c.ResourceVersion() != 82 || c.IncomingLen() != 0 {
		t.Fatalf("after the budget: stalled %v rv %d incoming %d", c.Stalled(), c.ResourceVersion(), c.IncomingLen())
	}
	if !fast.Closed() || c.WatcherCount() != 0 {
		t.Fatal("both watchers should be gone")
	}
	// 20 setup + 52 events, each with its RV-update bookmark.
	if got := c.Metrics().EventsDispatchedTotal; got != 2*72 {
		t.Fatalf("dispatched %d", got)
	}
}

// A blocked dispatch holds the bookmark timer: NextWake must name the
// budget timer, not a due bookmark that Step cannot send (a driver that
// steps at NextWake would otherwise spin at one instant).
func TestBlockedDispatchHidesDueBookmark(t *testing.T) {
	c, _, _ := slowSetup(t, 2*time.Second)
	c.ProcessEvent(2*time.Second, am.Added, cm(31)) // blocks for 100ms
	if c.blocked == nil {
		t.Fatal("dispatch should block")
	}
	c.nextBookmarkAt = 2*time.Second + 10*time.Millisecond
	now := 2*time.Second + 20*time.Millisecond
	c.Step(now)
	if at, ok := c.NextWake(); !ok || at <= now {
		t.Fatalf("NextWake %v %v after Step(%v) with the dispatcher blocked until %v", at, ok, now, c.blocked.until)
	}
}
