package cacher

import (
	"testing"
	"time"
)

var app = func(v string) map[string]string { return map[string]string{"app": v} }

// TestWatchReplayInsideWindow: a watch from an RV inside the cache window
// replays the events after it, in order, with their own RVs (C4).
func TestWatchReplayInsideWindow(t *testing.T) {
	p := newPair(t)
	p.write(create("default", "a", app("x")), create("default", "b", app("x")),
		update("default", "a", app("y")), del("default", "b"))
	w := p.watch(watchReq{RV: "3"})
	p.expectEvents("replay", w, []string{
		"MODIFIED default/a rv=4 {app=y}",
		"DELETED default/b rv=5 {app=x}",
	})
	p.write(create("default", "c", nil))
	p.expectEvents("live", w, []string{
		"MODIFIED default/a rv=4 {app=y}",
		"DELETED default/b rv=5 {app=x}",
		"ADDED default/c rv=6 {}",
	})
}

// TestWatchTooOld: the cache first listed at 4, so M = 4; a watch from
// 3 gets the 410 as one ERROR event and the stream ends; 4 is accepted.
func TestWatchTooOld(t *testing.T) {
	p := newPair(t, create("default", "a", nil), create("default", "b", nil), create("default", "c", nil))
	old := p.watch(watchReq{RV: "3"})
	p.expectEvents("rv_below_window", old, []string{"ERROR 410 Expired: too old resource version: 3 (4)"})
	p.expectClosed("rv_below_window_closed", old)
	ok := p.watch(watchReq{RV: "4"})
	p.write(update("default", "a", app("x")))
	p.expectEvents("rv_at_window_start", ok, []string{"MODIFIED default/a rv=5 {app=x}"})
}

// TestWatchRVZeroAndUnset: RV "0" and RV unset (legacy, no
// sendInitialEvents) start with every current object as ADDED in key
// order, carrying their own RVs, then live events.
func TestWatchRVZeroAndUnset(t *testing.T) {
	p := newPair(t, create("ns-b", "z", nil), create("ns-a", "y", app("x")), create("default", "b", nil))
	p.write(update("ns-b", "z", app("v")))
	initial := []string{"ADDED default/b rv=4 {}", "ADDED ns-a/y rv=3 {app=x}", "ADDED ns-b/z rv=5 {app=v}"}
	zero := p.watch(watchReq{RV: "0"})
	unset := p.watch(watchReq{RV: ""})
	p.expectEvents("rv_0_initial", zero, initial)
	p.expectEvents("rv_unset_initial", unset, initial)
	p.write(del("ns-a", "y"))
	live := append(initial, "DELETED ns-a/y rv=6 {app=x}")
	p.expectEvents("rv_0_live", zero, live)
	p.expectEvents("rv_unset_live", unset, live)
	ns := p.watch(watchReq{NS: "ns-b", RV: "0"})
	p.expectEvents("rv_0_namespace", ns, []string{"ADDED ns-b/z rv=5 {app=v}"})
}

// TestWatchTooLarge: a plain watch ahead of the cache waits silently and
// then delivers only events above its RV; with sendInitialEvents the
// watch waits 3s and fails with the 504 (C6).
func TestWatchTooLarge(t *testing.T) {
	p := newPair(t, create("default", "a", nil))
	ahead := p.watch(watchReq{RV: "4"})
	p.expectEvents("plain_waits_silently", ahead, nil)
	p.write(create("default", "b", nil), create("default", "c", nil), create("default", "d", nil))
	p.expectEvents("plain_then_events_above_rv", ahead, []string{"ADDED default/d rv=5 {}"})
	bad := p.watch(watchReq{RV: "999999", SendInitialEvents: boolp(true), Bookmarks: true})
	p.tick(3500 * time.Millisecond)
	p.expectEvents("send_initial_events_504", bad,
		[]string{"ERROR 504 Timeout: Timeout: Too large resource version: 999999, current: 5"})
	p.expectClosed("send_initial_events_504_closed", bad)
}

// TestWatchSelectorEnterLeave: C5 rewriting for a label-selector watch.
func TestWatchSelectorEnterLeave(t *testing.T) {
	p := newPair(t, create("default", "a", app("x")), create("default", "b", app("y")))
	w := p.watch(watchReq{RV: "3", Label: "app=x"})
	p.write(update("default", "a", app("y")), // leaves: DELETED, previous object, event RV
		update("default", "b", app("x")),                                // enters: ADDED
		update("default", "b", map[string]string{"app": "x", "v": "2"}), // stays: MODIFIED
		create("default", "c", app("y")),                                // never matches: nothing
		del("default", "c"),
		del("default", "b")) // real delete of a match: DELETED
	p.expectEvents("rewrites", w, []string{
		"DELETED default/a rv=4 {app=x}",
		"ADDED default/b rv=5 {app=x}",
		"MODIFIED default/b rv=6 {app=x,v=2}",
		"DELETED default/b rv=9 {app=x,v=2}",
	})
}
