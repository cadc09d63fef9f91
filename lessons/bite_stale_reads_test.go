package lessons

import (
	"regexp"
	"testing"

	"watchscope/engine"
)

// The stale-reads lesson broken two ways: a cache that never lags (the
// latency knob rewritten to 0s) and writes that ignore their
// resourceVersion precondition (the flag dropped from kubectl annotate).
// The checks backing each claim must fail.

var latencyRE = regexp.MustCompile(`^sim etcd-watch-latency \S+$`)

// cacheNeverLags runs every `sim etcd-watch-latency D` as 0s.
func cacheNeverLags(_ *engine.World, line string) (string, string, bool) {
	if latencyRE.MatchString(line) {
		return "", "sim etcd-watch-latency 0s", false
	}
	return "", line, false
}

var annotateRVRE = regexp.MustCompile(`^(kubectl annotate .*) --resource-version \d+$`)

// noPreconditions drops --resource-version from kubectl annotate.
func noPreconditions(_ *engine.World, line string) (string, string, bool) {
	return "", annotateRVRE.ReplaceAllString(line, "$1"), false
}

func TestStaleReadsBite(t *testing.T) {
	tests := []struct {
		fault      string
		fn         func(*engine.World, string) (string, string, bool)
		wantFailed []string
	}{
		{"the cache never lags", cacheNeverLags, []string{
			`output 3 contains "alice"`,
			`field resourceVersion of output 3 < field resourceVersion of output 4`,
			`trace first kind=RESP route=cache between 1s and 2100ms after kind=REQ node=kubectl`,
			`trace first kind=RESP route=cache-consistent between 1500ms and 2100ms after kind=REQ node=kubectl verb=LIST`,
			`metric apiserver_watch_cache_consistent_read_total{fallback="true"} == 1`,
		}},
		{"writes ignore resourceVersion preconditions", noPreconditions, []string{
			`output 1 contains "Error from server (Conflict): Operation cannot be fulfilled on configmaps \"app\": the object has been modified; please apply your changes to the latest version and try again"`,
		}},
	}
	for _, tc := range tests {
		t.Run(tc.fault, func(t *testing.T) {
			l, err := ByID("stale-reads")
			if err != nil {
				t.Fatal(err)
			}
			failed, _ := failedChecks(t, l, wrapWith(tc.fn))
			for _, want := range tc.wantFailed {
				if !failed[want] {
					t.Errorf("with %s, check %q still passes", tc.fault, want)
				}
			}
		})
	}
}
