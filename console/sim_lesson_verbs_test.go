package console

import (
	"strings"
	"testing"
)

// field reads `"Name" : value` from a sim verb's -w fields style output.
func field(t *testing.T, out, name string) string {
	t.Helper()
	for _, line := range strings.Split(out, "\n") {
		if v, ok := strings.CutPrefix(line, `"`+name+`" : `); ok {
			return strings.Trim(v, `"`)
		}
	}
	t.Fatalf("no field %s in:\n%s", name, out)
	return ""
}

// sim load writes exactly rate x duration times, the first K as creates;
// sim cache shows them in the ring and the window's oldest watchable RV
// is the one the 410 message names.
func TestSimLoadAndCache(t *testing.T) {
	sh := kubeShell(t)
	run(t, sh, "sim load pods 100 2s --objects 20", "sim advance 3s")
	out := run(t, sh, "sim cache pods")
	// The ring grew (dynamic sizing) and kept all 200 events: nothing evicted.
	if field(t, out, "Events") != "200" || field(t, out, "Capacity") != "200" || field(t, out, "OldestWatchableRV") != "1" {
		t.Errorf("ring:\n%s", out)
	}
	if got := field(t, out, "Objects"); got != "20" {
		t.Errorf("Objects = %s, want 20", got)
	}
	if rv := field(t, out, "ResourceVersion"); rv != "201" {
		t.Errorf("ResourceVersion = %s, want 201 (200 writes after revision 1)", rv)
	}
	// A second load updates the objects the first one created.
	run(t, sh, "sim load pods 10 1s --objects 20", "sim advance 2s")
	if got := field(t, run(t, sh, "sim cache pods"), "ResourceVersion"); got != "211" {
		t.Errorf("after a second load ResourceVersion = %s, want 211", got)
	}
}

// sim inspect and sim list read an informer and a LIST's cost; sim
// etcd-watchers opens N etcd watchers.
func TestSimInspectListAndEtcdWatchers(t *testing.T) {
	sh := kubeShell(t)
	run(t, sh, "sim load configmaps 50 1s --objects 50", "sim advance 2s", "sim informer app configmaps", "sim advance 1s")
	in := run(t, sh, "sim inspect app")
	if field(t, in, "Store") != "50" || field(t, in, "Synced") != "true" || field(t, in, "ClientWatches") != "1" {
		t.Errorf("inspect:\n%s", in)
	}
	ls := run(t, sh, "sim list configmaps --chunk-size 20")
	if field(t, ls, "Items") != "50" || field(t, ls, "Requests") != "3" {
		t.Errorf("list:\n%s", ls)
	}
	before := sh.etcd().Metrics().WatcherTotal
	if got := run(t, sh, "sim etcd-watchers 7 /registry/pods/"); got != "7 clients watch /registry/pods/ on etcd directly\n" {
		t.Errorf("etcd-watchers: %q", got)
	}
	if after := sh.etcd().Metrics().WatcherTotal; after != before+7 {
		t.Errorf("etcd watchers %d -> %d, want +7", before, after)
	}
	for _, bad := range []string{"sim etcd-watchers 0 /x", "sim inspect nobody", "sim cache widgets", "sim load pods -1 1s"} {
		if out := run(t, sh, bad); !strings.HasPrefix(strings.ToLower(out), "error") {
			t.Errorf("%s: want an error, got %q", bad, out)
		}
	}
}
