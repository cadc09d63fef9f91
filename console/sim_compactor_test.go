package console

import (
	"strings"
	"testing"
)

// TestSimCompactor: the API server's compactor driven from the console.
// The first round only records compact_rev_key; the second compacts etcd
// to the revision the first saw. Reads from etcd below it fail, while an
// Exact LIST at a compacted resourceVersion is still served from the watch
// cache's snapshot (kube-apiserver v1.36.5 did the same, FIDELITY K).
func TestSimCompactor(t *testing.T) {
	sh := kubeShell(t)
	run(t, sh, "kubectl create cm a", "kubectl create cm z")
	if got := run(t, sh, "sim compactor apiserver-0"); got != "first tick: put compact_rev_key (rev 4), no compaction\n" {
		t.Fatalf("first round: %q", got)
	}
	run(t, sh, "kubectl create cm b")
	if got := run(t, sh, "sim compactor apiserver-0"); got != "compacted etcd to rev 4 (put compact_rev_key at rev 6)\n" {
		t.Fatalf("second round: %q", got)
	}
	if got := run(t, sh, "etcdctl get a --rev 3"); !strings.HasSuffix(got, "Error: etcdserver: mvcc: required revision has been compacted\n") {
		t.Errorf("etcd read below the compaction: %q", got)
	}
	got := run(t, sh, `kubectl get --raw "/api/v1/namespaces/default/configmaps?resourceVersion=2&resourceVersionMatch=Exact"`)
	if !strings.HasPrefix(got, `{"kind":"ConfigMapList","apiVersion":"v1","metadata":{"resourceVersion":"2"},"items":[{"metadata":{"name":"a"`) {
		t.Errorf("Exact LIST at a compacted RV: %q", got)
	}
	if got := run(t, sh, "sim compactor apiserver-9"); !strings.HasPrefix(got, "Error: ") {
		t.Errorf("unknown replica: %q", got)
	}
}
