package lessons

import (
	"testing"

	"watchscope/engine"
)

// The too-many-watchers lesson broken one mechanism at a time: the pods
// cache without its trigger index (every kubelet offered every event),
// no cluster-wide watchers, no slow reader, and slow readers only one at
// a time. Each check named must fail.
func TestTooManyWatchersBites(t *testing.T) {
	if testing.Short() {
		t.Skip("plays the lesson four times")
	}
	tests := []struct {
		fault      string
		set        map[string]string
		re, repl   string
		wantFailed []string
	}{
		{fault: "the pods cache has no trigger index", set: map[string]string{"trigger-index": "false"}, wantFailed: []string{
			"field IndexedWatchers of output 2 == 1000",
			"field Offers of output 4 - field Offers of output 2 < 3 * field Events of output 4 - 3 * field Events of output 2",
			"field Offers of output 3 - offers0 < 10 * field Events of output 3 - 10 * events0",
		}},
		{fault: "no dashboards start", re: `^sim informer dashboard pods --count 7$`, repl: "sim advance 0s", wantFailed: []string{
			"field Watchers of output 3 == 1008",
			"field Offers of output 3 - offers0 > 8 * field Events of output 3 - 8 * events0",
		}},
		{fault: "dashboard-3 reads at full speed", re: `^sim slow-consumer dashboard-3 20$`, repl: "sim slow-consumer dashboard-3 0", wantFailed: []string{
			"field BlockedEvents of output 3 >= 1",
			"field WaitedMs of output 3 > 0",
			"trace count kind=WATCHER_TERMINATED detail~\"due to unresponsiveness\" >= 2",
			"trace count kind=REFLECTOR node=dashboard-3 reason=\"re-watch after close\" >= 1",
		}},
		{fault: "the other dashboards stay fast", re: `^sim slow-consumer dashboard-[124-7] 20$`, repl: "sim advance 0s", wantFailed: []string{
			"field BlockedWatchers of output 8 - blocked_watchers > field BlockedEvents of output 8 - blocked_events",
			"field Terminated of output 8 >= 7",
		}},
	}
	for _, tc := range tests {
		t.Run(tc.fault, func(t *testing.T) {
			var wrap func(Executor, *engine.World) Executor
			if tc.re != "" {
				wrap = wrapWith(rewriteCmd(tc.re, tc.repl))
			}
			failed, _ := playBroken(t, "too-many-watchers", tc.set, wrap)
			mustHaveFailed(t, tc.fault, "check", failed, tc.wantFailed)
		})
	}
}
