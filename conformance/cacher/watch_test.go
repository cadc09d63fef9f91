package cacher

import "testing"

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
