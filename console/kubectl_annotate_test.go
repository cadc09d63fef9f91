package console

import (
	"strings"
	"testing"
)

// TestKubectlAnnotate: kubectl annotate's outputs and errors, the
// resourceVersion precondition (409 with the API server's message), and
// a stale RV "0" GET while the caches' etcd watch is slow.
func TestKubectlAnnotate(t *testing.T) {
	runShellCases(t, []shellCase{
		{"annotated", []string{"kubectl create configmap app"}, "kubectl annotate configmap app owner=alice", "configmap/app annotated\n"},
		{"no overwrite", []string{"kubectl create configmap app", "kubectl annotate cm app owner=alice"}, "kubectl annotate cm app owner=bob",
			"error: --overwrite is false but found the following declared annotation(s): 'owner' already has a value (alice)\n"},
		{"same value needs no overwrite", []string{"kubectl create configmap app", "kubectl annotate cm app owner=alice"}, "kubectl annotate cm app owner=alice",
			"configmap/app annotated\n"},
		{"remove", []string{"kubectl create configmap app", "kubectl annotate cm app owner=alice"}, "kubectl annotate cm app owner-",
			"configmap/app annotated\n"},
		{"modify and remove", []string{"kubectl create configmap app"}, "kubectl annotate cm app owner=a owner-",
			"error: can not both modify and remove the following annotation(s) in the same command: owner\n"},
		{"nothing to do", []string{"kubectl create configmap app"}, "kubectl annotate cm app", "error: at least one annotation update is required\n"},
		{"bad format", []string{"kubectl create configmap app"}, "kubectl annotate cm app owner", "error: invalid annotation format: owner\n"},
		{"missing object", nil, "kubectl annotate cm nope a=b", "Error from server (NotFound): configmaps \"nope\" not found\n"},
		{"matching resource version", []string{"kubectl create configmap app"}, "kubectl annotate cm app a=b --resource-version 2",
			"configmap/app annotated\n"},
		{"stale resource version is the server's 409", []string{"kubectl create configmap app", "kubectl annotate cm app a=b"},
			"kubectl annotate cm app a=c --overwrite --resource-version 2",
			"Error from server (Conflict): Operation cannot be fulfilled on configmaps \"app\": the object has been modified; please apply your changes to the latest version and try again\n"},
	})
}

// TestStaleReadWhileEtcdWatchIsSlow: with the caches' etcd watch slowed,
// an RV "0" GET returns the object before the write, a GET without RV the
// one after; once the latency has passed the cache has it too.
func TestStaleReadWhileEtcdWatchIsSlow(t *testing.T) {
	sh := kubeShell(t)
	run(t, sh, "kubectl create configmap app", "kubectl annotate cm app owner=alice")
	if got := run(t, sh, "sim etcd-watch-latency 2s"); got != "etcd watch responses now reach the API servers' caches 2s late\n" {
		t.Fatalf("sim etcd-watch-latency: %q", got)
	}
	run(t, sh, "kubectl annotate cm app owner=bob --overwrite")
	if got := run(t, sh, "kubectl get cm app --resource-version 0 -o yaml"); !strings.Contains(got, "owner: alice") {
		t.Errorf("RV 0 GET within the latency:\n%s", got)
	}
	if got := run(t, sh, "kubectl get cm app -o yaml"); !strings.Contains(got, "owner: bob") {
		t.Errorf("GET without RV:\n%s", got)
	}
	run(t, sh, "sim advance 2s")
	if got := run(t, sh, "kubectl get cm app --resource-version 0 -o yaml"); !strings.Contains(got, "owner: bob") {
		t.Errorf("RV 0 GET after the latency:\n%s", got)
	}
	if got := run(t, sh, "sim etcd-watch-latency 0s"); got != "etcd watch responses reach the API servers' caches at once again\n" {
		t.Fatalf("ending the latency: %q", got)
	}
}
