package informer

import (
	"fmt"
	"testing"
	"time"

	am "watchscope/apimachinery"
)

func listWatchReflector(t *testing.T, cfg ReflectorConfig) (*Reflector, Call) {
	cfg.Resource, cfg.DisableWatchList, cfg.Rand = "pods", true, newTestRand(9)
	r := NewReflector(cfg, &recStore{})
	r.Start(0)
	c := takeOne(t, r)
	r.OnListResult(0, c.ID, &am.List{ResourceVersion: "10"}, nil)
	w := takeOne(t, r)
	r.OnWatchStarted(0, w.ID, nil)
	return r, w
}

func TestVeryShortWatchRelists(t *testing.T) {
	r, w := listWatchReflector(t, ReflectorConfig{Name: "rf"})
	r.OnWatchEnded(500*time.Millisecond, w.ID, nil)
	noCalls(t, r)
	if r.Metrics().VeryShortWatches != 1 {
		t.Fatalf("very short watch not detected")
	}
	want := "very short watch: rf: Unexpected watch close - watch lasted less than a second and no items received"
	if got := (&VeryShortWatchError{Name: "rf"}).Error(); got != want {
		t.Fatalf("%q", got)
	}
	l, _ := wakeAndTake(t, r, 0)
	checkList(t, l, "10", 0)
}

func Test429OnWatchRetriesWithoutRelist(t *testing.T) {
	r, w := listWatchReflector(t, ReflectorConfig{})
	r.OnWatchEnded(time.Minute, w.ID, nil) // normal close
	w = takeOne(t, r)
	checkWatch(t, w, "10", false)
	now := time.Minute
	// The REST layer retries a 429 with Retry-After 10 times first.
	for i := range 10 {
		r.OnWatchStarted(now, w.ID, am.NewTooManyRequests("busy", 2))
		noCalls(t, r)
		r.Step(now + 2*time.Second)
		now += 2 * time.Second
		w = takeOne(t, r)
		if w.Attempt != i+1 {
			t.Fatalf("attempt %d, want %d", w.Attempt, i+1)
		}
	}
	r.OnWatchStarted(now, w.ID, am.NewTooManyRequests("busy", 2))
	w2, wait := wakeAndTake(t, r, now)
	between(t, "429 backoff", wait, 800*time.Millisecond, 1600*time.Millisecond)
	checkWatch(t, w2, "10", false)
	if r.Metrics().Calls[KindList][RVExact] != 0 {
		t.Fatalf("429 caused a relist")
	}
}

func TestPagingRules(t *testing.T) {
	r := NewReflector(ReflectorConfig{Resource: "pods", DisableWatchList: true, Rand: newTestRand(4)}, &recStore{})
	r.Start(0)
	c := takeOne(t, r)
	checkList(t, c, "0", 500)
	r.OnListResult(0, c.ID, &am.List{ResourceVersion: "10", Continue: "t1", Items: []*am.Object{pod("d", "a", 3)}}, nil)
	p2 := takeOne(t, r)
	if p2.Options.Continue != "t1" || p2.Options.ResourceVersion != "" || p2.Options.Limit != 500 {
		t.Fatalf("page 2: %v", p2)
	}
	// Page 2 expires: one full list at the requested RV, unpaged.
	r.OnListResult(0, p2.ID, nil, am.NewContinueTooOld("x"))
	f := takeOne(t, r)
	checkList(t, f, "0", 0)
	r.OnListResult(0, f.ID, &am.List{ResourceVersion: "12"}, nil)
	w := takeOne(t, r)
	checkWatch(t, w, "12", false)
	// RV="0" came back paged: later relists keep paging (cache disabled).
	r.OnWatchEvent(time.Minute, w.ID, expiredEvent(12, 20))
	noCallsBut(t, r, VerbCancel)
	l, _ := wakeAndTake(t, r, time.Minute)
	checkList(t, l, "12", 500)
	want := `LIST pods rv="12" limit=500 (relist after 410)`
	if l.String() != want {
		t.Fatalf("String() = %q, want %q", l.String(), want)
	}
}

func TestWatchListFallsBackToList(t *testing.T) {
	r := NewReflector(ReflectorConfig{Resource: "pods", Rand: newTestRand(5)}, &recStore{})
	r.Start(0)
	w := takeOne(t, r)
	r.OnWatchStarted(0, w.ID, am.NewBadRequest("sendInitialEvents unsupported"))
	l := takeOne(t, r)
	checkList(t, l, "0", 500)
	if r.Metrics().WatchListFallbacks != 1 {
		t.Fatalf("fallback not counted")
	}
}

// Synthetic ADDEDs of a watch from "0" do not move the RV until a
// non-ADDED event arrives.
func TestRVNotPropagatedDuringSyntheticAdds(t *testing.T) {
	r := NewReflector(ReflectorConfig{Resource: "pods", DisableWatchList: true, Rand: newTestRand(6)}, &recStore{})
	r.Start(0)
	c := takeOne(t, r)
	r.OnListResult(0, c.ID, &am.List{ResourceVersion: ""}, nil) // server without RVs
	w := takeOne(t, r)
	r.OnWatchStarted(0, w.ID, nil)
	r.OnWatchEvent(0, w.ID, am.WatchEvent{Type: am.Added, Object: pod("d", "a", 9)})
	if r.LastSyncResourceVersion() != "" {
		t.Fatalf("RV moved on a synthetic ADDED")
	}
	r.OnWatchEvent(0, w.ID, am.WatchEvent{Type: am.Modified, Object: pod("d", "a", 11)})
	if r.LastSyncResourceVersion() != "11" {
		t.Fatalf("RV not propagated after MODIFIED: %q", r.LastSyncResourceVersion())
	}
}

func TestSetHandlerCostSlowsOnlyThatHandler(t *testing.T) {
	inf := NewSharedIndexInformer(InformerConfig{Resource: "pods", Rand: newTestRand(1)})
	var fastAt, slowAt []time.Duration
	fast, _ := inf.AddEventHandler(0, HandlerFunc(func(now time.Duration, n Notification) { fastAt = append(fastAt, now) }), HandlerOptions{Name: "fast"})
	slow, _ := inf.AddEventHandler(0, HandlerFunc(func(now time.Duration, n Notification) { slowAt = append(slowAt, now) }), HandlerOptions{Name: "slow"})
	if err := inf.SetHandlerCost(slow, time.Second); err != nil {
		t.Fatal(err)
	}
	if err := inf.SetHandlerCost(fast+5, time.Second); err != ErrNoSuchHandler {
		t.Fatalf("unknown handler: got %v", err)
	}
	for i := range 3 {
		inf.distribute(0, Notification{Type: NotifyAdd, Object: &am.Object{Kind: "Pod", ObjectMeta: am.ObjectMeta{Name: fmt.Sprint(i), ResourceVersion: "1"}}}, false)
	}
	if len(fastAt) != 3 || len(slowAt) != 1 {
		t.Fatalf("at t=0: fast handled %d, slow %d; want 3 and 1", len(fastAt), len(slowAt))
	}
	if b := inf.Stats().Listeners[1].Backlog; b != 2 {
		t.Fatalf("slow handler backlog %d, want 2", b)
	}
}

// TestRelistUpdatesReachHandlersWithoutResync: client-go adds a listener
// with its "syncing" flag set and only a resync check clears it, so a
// handler added without a resync period gets OnUpdate(old, new) for every
// object a relist found unchanged (the handler cost of a relist storm).
// Once the informer runs resync checks (another handler asked for a
// period), a handler not due is left out.
func TestRelistUpdatesReachHandlersWithoutResync(t *testing.T) {
	o := &am.Object{Kind: "Pod", ObjectMeta: am.ObjectMeta{Namespace: "default", Name: "a", ResourceVersion: "5"}}
	unchanged := Notification{Type: NotifyUpdate, Old: o, Object: o}
	if !unchanged.IsSync() {
		t.Fatal("an update with equal RVs is a sync")
	}
	inf := NewSharedIndexInformer(InformerConfig{Resource: "pods", Rand: newTestRand(1)})
	var got int
	inf.AddEventHandler(0, HandlerFunc(func(now time.Duration, n Notification) { got++ }), HandlerOptions{Name: "plain"})
	inf.onUpdate(0, o, o)
	if got != 1 {
		t.Fatalf("handler without resync got %d relist updates, want 1", got)
	}
	inf.AddEventHandler(0, HandlerFunc(func(time.Duration, Notification) {}), HandlerOptions{Name: "resyncing"})
	inf.listeners[1].resyncPeriod, inf.listeners[1].nextResync = time.Minute, time.Minute
	inf.shouldResync(30 * time.Second) // a resync check: nobody due
	inf.onUpdate(30*time.Second, o, o)
	if got != 1 {
		t.Fatalf("after a resync check the plain handler got %d, want still 1", got)
	}
}
