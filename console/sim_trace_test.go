package console

import (
	"strings"
	"testing"
)

// TestSimTraceInformer: the requests an informer sent (with their
// parameters), their answers and the reflector's decisions, in time order:
// the watch-list start, the re-watch after the restart cut it, the
// connection-refused back-off series.
func TestSimTraceInformer(t *testing.T) {
	sh := kubeShell(t)
	run(t, sh, "sim informer app pods", "kubectl run a", "sim advance 2s", "sim restart apiserver-0", "sim advance 20s")
	out := run(t, sh, "sim trace informer app pods")
	for _, want := range []string{
		"REQ       #1 app WATCH /api/v1/pods?allowWatchBookmarks=true&resourceVersionMatch=NotOlderThan&sendInitialEvents=true",
		"REFLECTOR watch-list synced",
		"REFLECTOR backoff ",
		"RESP      #3 error: connect: connection refused",
	} {
		if !strings.Contains(out, want) {
			t.Errorf("missing %q in:\n%s", want, out)
		}
	}
	var last string
	for _, l := range strings.Split(strings.TrimSpace(out), "\n") {
		at := strings.Fields(l)[0]
		if len(at) < len(last) || (len(at) == len(last) && at < last) {
			t.Fatalf("not in time order at %q", l)
		}
		last = at
	}
	if got := run(t, sh, "sim trace informer nobody"); got != "Error: no client \"nobody\" (sim informers lists them)\n" {
		t.Errorf("unknown client: %q", got)
	}
}
