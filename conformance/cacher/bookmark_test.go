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

// advanceMinute moves both cachers' clocks 65s forward: the sim in
// virtual time, the real one by stepping its fake clock in 250ms steps
// (the bookmark timer re-arms for 1-1.25s each time it fires), waiting
// briefly between steps for the dispatcher goroutine.
func (p *pair) advanceMinute() {
	p.sim.settle(65 * time.Second)
	for range 260 {
		p.real.clock.Step(250 * time.Millisecond)
		time.Sleep(2 * time.Millisecond)
	}
}
