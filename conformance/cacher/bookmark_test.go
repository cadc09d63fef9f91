package cacher

import (
	"testing"
	"time"
)

// TestBookmarks: periodic bookmarks (every minute) go only to watchers
// that asked; sendInitialEvents=true with bookmarks ends its initial
// events with the annotated bookmark at the cache RV, without bookmarks
// it has no end marker (C7, C8).
func TestBookmarks(t *testing.T) {
	p := newPair(t, create("default", "a", nil), create("default", "b", app("x")))
	with := p.watch(watchReq{RV: "3", Bookmarks: true})
	without := p.watch(watchReq{RV: "3"})
	list := p.watch(watchReq{RV: "", SendInitialEvents: boolp(true), Bookmarks: true})
	listNoBM := p.watch(watchReq{RV: "", SendInitialEvents: boolp(true)})
	initial := []string{"ADDED default/a rv=2 {}", "ADDED default/b rv=3 {app=x}"}
	p.expectEvents("watch_list_end_marker", list, append(initial, "BOOKMARK rv=3 initial-events-end"))
	p.expectEvents("send_initial_events_without_bookmarks", listNoBM, initial)
	p.write(create("default", "c", nil))
	p.advanceMinute()
	p.expectEvents("periodic_to_watcher_that_asked", with, []string{"ADDED default/c rv=4 {}", "BOOKMARK rv=4"})
	p.expectEvents("none_without_allowWatchBookmarks", without, []string{"ADDED default/c rv=4 {}"})
	// The watch-list watcher is bucketed for an immediate bookmark until
	// one reaches its input: the first timer tick sends one at rv 4 (4 is
	// above the RV it started from), the next one comes a minute later.
	p.expectEvents("watch_list_after_minute", list, append(initial, "BOOKMARK rv=3 initial-events-end",
		"ADDED default/c rv=4 {}", "BOOKMARK rv=4", "BOOKMARK rv=4"))
}

// advanceMinute moves both cachers' clocks 65s forward.
func (p *pair) advanceMinute() { p.tick(65 * time.Second) }

// TestSendInitialEventsVariants: sendInitialEvents=true never gives a 410
// for an old RV (RV is "not older than"); sendInitialEvents=false with RV
// "0" starts at the cache RV with no initial events (C4, C8).
func TestSendInitialEventsVariants(t *testing.T) {
	p := newPair(t, create("default", "a", nil), create("default", "b", app("x")))
	initial := []string{"ADDED default/a rv=2 {}", "ADDED default/b rv=3 {app=x}"}
	oldRV := p.watch(watchReq{RV: "2", SendInitialEvents: boolp(true), Bookmarks: true})
	anyRV := p.watch(watchReq{RV: "0", SendInitialEvents: boolp(true), Bookmarks: true})
	selector := p.watch(watchReq{RV: "", SendInitialEvents: boolp(true), Bookmarks: true, Label: "app=x"})
	noInitial := p.watch(watchReq{RV: "0", SendInitialEvents: boolp(false)})
	p.expectEvents("old_rv_not_410", oldRV, append(initial, "BOOKMARK rv=3 initial-events-end"))
	p.expectEvents("rv_0", anyRV, append(initial, "BOOKMARK rv=3 initial-events-end"))
	p.expectEvents("selector", selector, []string{"ADDED default/b rv=3 {app=x}", "BOOKMARK rv=3 initial-events-end"})
	p.write(update("default", "a", app("x")))
	p.expectEvents("send_initial_events_false_live_only", noInitial, []string{"MODIFIED default/a rv=4 {app=x}"})
	p.expectEvents("selector_live", selector, []string{"ADDED default/b rv=3 {app=x}", "BOOKMARK rv=3 initial-events-end",
		"ADDED default/a rv=4 {app=x}"})
}
