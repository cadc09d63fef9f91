package cacher

import (
	"testing"
	"time"
)

// The bookmark timer ticks at the same cacher times on both sides
// (tickClock): with the simulated cacher's seed, at 1.02s, 2.06s, 3.21s,
// 4.24s, 5.45s, ... after the cacher started. A pair's scenario starts at
// 0.13s. Each tick pops the 1-second buckets up to the current second
// (C7) and offers a BOOKMARK at the newest RV to the watchers in them.

// TestBookmarkAfterRVZeroWatch: a watch from resourceVersion 0 with
// allowWatchBookmarks (a watch-list once the request handler defaulted
// it) is bucketed for an immediate bookmark only until a bookmark at or
// above its bookmark-after RV reached its input: the first tick after it
// started. If nothing was written before that tick, the bookmark (at the
// RV it started from) is not sent, and the next comes when the watcher's
// minute is up, whatever is written in between. A write before the first
// tick is followed by a BOOKMARK at that write's RV at the tick. A legacy
// RV=0 watch (no sendInitialEvents) is never "immediate": its first
// bookmark is a minute after it started.
func TestBookmarkAfterRVZeroWatch(t *testing.T) {
	p := newPair(t, create("default", "a", nil))
	quiet := p.watch(watchReq{RV: "0", SendInitialEvents: boolp(true), Bookmarks: true})
	legacy := p.watch(watchReq{RV: "0", Bookmarks: true})
	p.tick(time.Second) // 1.13s: the 1.02s tick found nothing new for quiet
	early := p.watch(watchReq{RV: "0", SendInitialEvents: boolp(true), Bookmarks: true})
	p.write(create("default", "b", nil)) // rv 3, before early's first tick (2.06s)
	p.tick(5 * time.Second)
	p.expectEvents("first_tick_before_the_write", quiet, []string{"ADDED default/a rv=2 {}",
		"BOOKMARK rv=2 initial-events-end", "ADDED default/b rv=3 {}"})
	p.expectEvents("write_before_the_first_tick", early, []string{"ADDED default/a rv=2 {}",
		"BOOKMARK rv=2 initial-events-end", "ADDED default/b rv=3 {}", "BOOKMARK rv=3"})
	p.expectEvents("legacy_rv_0", legacy, []string{"ADDED default/a rv=2 {}", "ADDED default/b rv=3 {}"})
	// legacy was bucketed at 0.13s+1m (bucket 60, the 60.44s tick),
	// quiet at 1.02s+1m (bucket 61, the 61.48s tick), early at 2.06s+1m
	// (bucket 62, the 62.67s tick).
	p.tick(56 * time.Second) // 62.25s
	p.expectEvents("legacy_after_its_minute", legacy, []string{"ADDED default/a rv=2 {}", "ADDED default/b rv=3 {}",
		"BOOKMARK rv=3"})
	p.expectEvents("quiet_after_its_minute", quiet, []string{"ADDED default/a rv=2 {}",
		"BOOKMARK rv=2 initial-events-end", "ADDED default/b rv=3 {}", "BOOKMARK rv=3"})
	p.expectEvents("early_not_yet", early, []string{"ADDED default/a rv=2 {}",
		"BOOKMARK rv=2 initial-events-end", "ADDED default/b rv=3 {}", "BOOKMARK rv=3"})
	p.tick(time.Second)
	p.expectEvents("early_after_its_minute", early, []string{"ADDED default/a rv=2 {}",
		"BOOKMARK rv=2 initial-events-end", "ADDED default/b rv=3 {}", "BOOKMARK rv=3", "BOOKMARK rv=3"})
}

// TestBookmarkBeforeDeadline: a watch with a timeout is bucketed for
// deadline-2s (sooner than its minute). Buckets are whole seconds, so the
// tick that pops its bucket may come before deadline-2s; the watcher is
// then bucketed again for deadline-2s, which lands in the next bucket, and
// gets a second bookmark at the next tick if that is still before the
// deadline. A tick after deadline-2s ends its bookmarks; a timeout of 2s
// or less gets none: deadline-2s is already past when the watcher is
// bucketed, a moment after the handler fixed the deadline.
func TestBookmarkBeforeDeadline(t *testing.T) {
	p := newPair(t, create("default", "a", nil))
	one := p.watch(watchReq{RV: "2", Bookmarks: true, Timeout: 5 * time.Second})          // deadline-2s = 3.13s
	none := p.watch(watchReq{RV: "2", Bookmarks: true, Timeout: 1900 * time.Millisecond}) // deadline-2s = 0.03s: past
	edge := p.watch(watchReq{RV: "2", Bookmarks: true, Timeout: 2 * time.Second})         // deadline-2s = 0.13s: just past
	p.tick(200 * time.Millisecond)                                                        // 0.36s
	two := p.watch(watchReq{RV: "2", Bookmarks: true, Timeout: 5 * time.Second})          // deadline-2s = 3.36s
	p.write(create("default", "b", nil))                                                  // rv 3
	p.tick(6 * time.Second)
	p.expectEvents("tick_after_deadline_minus_2s", one, []string{"ADDED default/b rv=3 {}", "BOOKMARK rv=3"})
	p.expectClosed("one_closed_at_its_deadline", one)
	p.expectEvents("tick_before_deadline_minus_2s_then_next_bucket", two, []string{"ADDED default/b rv=3 {}",
		"BOOKMARK rv=3", "BOOKMARK rv=3"})
	p.expectClosed("two_closed_at_its_deadline", two)
	p.expectEvents("timeout_under_2s_never_bucketed", none, []string{"ADDED default/b rv=3 {}"})
	p.expectClosed("none_closed_at_its_deadline", none)
	p.expectEvents("timeout_of_2s_never_bucketed", edge, []string{"ADDED default/b rv=3 {}"})
	p.expectClosed("edge_closed_at_its_deadline", edge)
}
