package watchcache

import (
	"testing"
	"time"

	am "watchscope/apimachinery"
)

func TestRetryAfterForUnreadyCache(t *testing.T) {
	tests := []struct {
		downtime time.Duration
		want     int
	}{
		{0, 1}, {11 * time.Second, 1}, {12 * time.Second, 2}, {18 * time.Second, 2},
		{19 * time.Second, 3}, {30 * time.Second, 6}, {56 * time.Second, 28}, {57 * time.Second, 30}, {60 * time.Second, 30},
	}
	for _, tt := range tests {
		if got := retryAfterForUnreadyCache(tt.downtime); got != tt.want {
			t.Errorf("%v: %d want %d", tt.downtime, got, tt.want)
		}
	}
}

func TestNotReadyWatchGets429(t *testing.T) {
	c := New(Config{Resource: pods}, 0)
	_, err := c.Watch(30*time.Second, WatchOptions{})
	se, ok := err.(*am.StatusError)
	if !ok || se.ErrStatus.Code != 429 || se.ErrStatus.Message != "storage is (re)initializing" || se.RetryAfterSeconds() != 6 {
		t.Fatalf("got %v", err)
	}
	c.Replace(31*time.Second, nil, 5)
	c.ListAndWatchEnded(40*time.Second, am.NewWatchTooOld())
	_, err = c.Watch(40*time.Second, WatchOptions{})
	if err == nil || err.Error() != "storage is (re)initializing: The resourceVersion for the provided watch is too old." || am.CodeOf(err) != 429 {
		t.Fatalf("got %v", err)
	}
	if c.Metrics().InitializationsTotal != 1 || c.ready.generation != 1 {
		t.Fatal("one initialization")
	}
}

func TestRestartTerminatesWatchersAndRelistGives410(t *testing.T) {
	c := readyCacher(t, 10, 1)
	w, _ := c.Watch(0, WatchOptions{ResourceVersion: "10"})
	c.ProcessEvent(0, am.Added, pod("default", "q", "n", 11, nil))
	c.ListAndWatchEnded(time.Second, am.NewWatchTooOld())
	c.StartCaching(2 * time.Second)
	if got := drain(w); len(got) != 1 || !w.Closed() {
		t.Fatalf("watcher: %q closed %v", summary(got), w.Closed())
	}
	c.Replace(2*time.Second, nil, 50)
	w2, _ := c.Watch(2*time.Second, WatchOptions{ResourceVersion: "11"})
	evs := drain(w2)
	if len(evs) != 1 || evs[0].Status == nil || evs[0].Status.Message != "too old resource version: 11 (50)" {
		t.Fatalf("got %q", summary(evs))
	}
	if c.Metrics().TerminatedWatchersTotal != 0 {
		t.Fatal("restart terminations are not counted as unresponsive")
	}
}

func TestWatchAcrossReinitializationClosesImmediately(t *testing.T) {
	c := readyCacher(t, 10, 1)
	w, _ := c.Watch(0, WatchOptions{SendInitialEvents: boolp(true), AllowWatchBookmarks: true, StorageRV: 20})
	c.ListAndWatchEnded(time.Second, nil)
	c.StartCaching(2 * time.Second)
	c.Replace(2*time.Second, nil, 20)
	c.Step(2 * time.Second)
	if evs := drain(w); len(evs) != 0 || !w.Closed() || c.WatcherCount() != 0 {
		t.Fatalf("got %q closed %v", summary(evs), w.Closed())
	}
}
