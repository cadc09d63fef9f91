package lessons

import (
	"testing"

	"watchscope/engine"
)

// The APF lesson broken one mechanism at a time: the list cost counted
// by objects as before 1.34 (SizeBasedListCostEstimate off), the server's
// WatchList gate off (every watch one seat, and informers list instead),
// APF off (max-in-flight: no queues, a fixed Retry-After), and the polite
// client sharing the noisy one's flow. Each check named must fail.
func TestAPFListCostBites(t *testing.T) {
	if testing.Short() {
		t.Skip("plays the lesson four times")
	}
	tests := []struct {
		fault      string
		set        map[string]string
		wrap       func(Executor, *engine.World) Executor
		wantFailed []string
	}{
		{fault: "LISTs are charged by object count (before 1.34)", set: map[string]string{"size-based-list-cost": "false"}, wantFailed: []string{
			"field Seats of output 1 * 100000 >= field LargestPageBytes of output 1",
			"field Seats of output 1 > 10",
			"field Seats of output 2 == field MaxSeatsPerRequest of output 4",
		}},
		{fault: "the server's WatchList gate is off", set: map[string]string{"server-watch-list": "false"}, wantFailed: []string{
			"field SeatsInUse of output 4 == 10",
		}},
		{fault: "APF is off (max-in-flight)", set: map[string]string{"priority-and-fairness": "false"}, wantFailed: []string{
			"field NominalSeats of output 3 == 245",
			"field Seats of output 4 == 1",
			"field Waiting of output 3 > 200",
			"field Rejected of output 3 > 50",
			"metric apiserver_flowcontrol_rejected_requests_total{reason=\"queue-full\"} == field Rejected of output 2",
			"lesson trace count kind=RESP detail~\"please try again later. retry-after=32s\" >= 1",
		}},
		{fault: "the polite client shares the noisy one's flow",
			wrap: wrapWith(rewriteCmd(`--as controller-polite$`, "--as controller-noisy")), wantFailed: []string{
				"field Seconds of output 2 < 0.1",
			}},
	}
	for _, tc := range tests {
		t.Run(tc.fault, func(t *testing.T) {
			failed, _ := playBroken(t, "apf-list-cost", tc.set, tc.wrap)
			mustHaveFailed(t, tc.fault, "check", failed, tc.wantFailed)
		})
	}
}

// playBroken plays lesson id with its world changed by set and its
// commands passed through wrap (either may be nil), and returns the
// checks that failed, by text and by claim.
func playBroken(t *testing.T, id string, set map[string]string, wrap func(Executor, *engine.World) Executor) (byText, byClaim map[string]bool) {
	t.Helper()
	l, err := ByID(id)
	if err != nil {
		t.Fatal(err)
	}
	if set != nil {
		l = withWorld(t, l, set)
	}
	return failedChecks(t, l, wrap)
}

// mustHaveFailed reports each of want (a check's text or a claim, as
// what says) that is not among failed.
func mustHaveFailed(t *testing.T, fault, what string, failed map[string]bool, want []string) {
	t.Helper()
	for _, w := range want {
		if !failed[w] {
			t.Errorf("with %s, every %s %q still passes", fault, what, w)
		}
	}
}
