package console

import (
	"strings"
	"testing"
)

// TestSimEtcdWatchStall: the verb stalls one replica's caches, says so,
// and the trace records the fault and, when the stall lifts, the heal;
// bad input gets a one-line error naming the problem.
func TestSimEtcdWatchStall(t *testing.T) {
	sh := kubeShell(t)
	for _, tc := range []struct{ line, want string }{
		{"sim etcd-watch-stall 10m", "Error: usage: sim etcd-watch-stall DURATION REPLICA (e.g. 10m apiserver-0; 0s ends it)\n"},
		{"sim etcd-watch-stall soon apiserver-0", "Error: "},
		{"sim etcd-watch-stall 10m apiserver-7", "Error: "},
		{"sim etcd-watch-stall 2s apiserver-0", "apiserver-0's caches stop reading their etcd watches for 2s\n"},
	} {
		if got := run(t, sh, tc.line); !strings.HasPrefix(got, tc.want) {
			t.Errorf("%s: got %q, want it to start with %q", tc.line, got, tc.want)
		}
	}
	run(t, sh, "kubectl create cm during-the-stall")
	if got := run(t, sh, "kubectl get --raw '/api/v1/namespaces/default/configmaps?resourceVersion=0'"); strings.Contains(got, "during-the-stall") {
		t.Errorf("a stalled cache served a write made during the stall: %s", got)
	}
	run(t, sh, "sim advance 3s")
	if got := run(t, sh, "kubectl get --raw '/api/v1/namespaces/default/configmaps?resourceVersion=0'"); !strings.Contains(got, "during-the-stall") {
		t.Errorf("after the stall the cache still lacks the write: %s", got)
	}
	if got := run(t, sh, "sim etcd-watch-stall 0s apiserver-0"); got != "apiserver-0's caches read their etcd watches again\n" {
		t.Errorf("ending a stall: %q", got)
	}
}
