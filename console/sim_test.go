package console

import (
	"strconv"
	"strings"
	"testing"

	"watchscope/engine"
)

// After an API server restart the cache relists at a new revision L; a
// watch that resumes from an older RV gets the 410 as a single ERROR event,
// in exactly the JSON the API server streams.
func TestRestartThenExpiredRawWatch(t *testing.T) {
	sh := kubeShell(t)
	got := run(t, sh, "kubectl run a", "kubectl run b", "kubectl run c", "sim restart apiserver-0", "sim advance 5s",
		"kubectl get --raw '/api/v1/pods?watch=1&resourceVersion=2&allowWatchBookmarks=true'")
	want := `{"type":"ERROR","object":{"kind":"Status","apiVersion":"v1","metadata":{},"status":"Failure","message":"too old resource version: 2 (4)","reason":"Expired","code":410}}` + "\n"
	if !strings.HasSuffix(got, want) {
		t.Fatalf("got %q\nwant suffix %q", got, want)
	}
}

func TestSimVerbErrors(t *testing.T) {
	tests := []struct{ cmd, want string }{
		{"sim set memroy-limit 2Gi", `Error: unknown knob "memroy-limit" (did you mean "memory-limit"?)` + "\n"},
		{"sim set memory-limit 3", `Error: memory limit "3" out of range: choose 64Mi to 1Ti` + "\n"},
		{"sim set watch-list maybe", `Error: sim set watch-list: "maybe" is not true or false` + "\n"},
		{"sim restart apiserver-9", "Error: engine: no such API server replica: \"apiserver-9\"\n"},
		{"sim slow-consumer kubectl fast", `Error: invalid rate "fast": a number of events per second from 0 to 1000000` + "\n"},
		{"sim disconnect kubectl forever", `Error: invalid duration "forever" (use forms like 500ms, 5s, 2m)` + "\n"},
		{"sim kill apiserver-0 5s", "apiserver-0 killed; the kubelet restarts it in 5s\n"},
		{"sim set memory-limit 2Gi", "container memory limit 2Gi set; 1 API server replica(s) restarted with it\n"},
		{"sim teleport", `Error: unknown command "teleport" for "sim"` + "\n"},
	}
	for _, tt := range tests {
		sh := kubeShell(t)
		if got := run(t, sh, tt.cmd); got != tt.want {
			t.Errorf("%s:\n got %q\nwant %q", tt.cmd, got, tt.want)
		}
	}
}

// While a killed replica is down kubectl is refused; after the kubelet
// restarts it, the same objects are served again (from the re-listed cache).
func TestKillAndRecover(t *testing.T) {
	sh := kubeShell(t)
	got := run(t, sh, "kubectl run a", "sim kill apiserver-0 5s", "kubectl get pods -o name", "sim advance 20s", "kubectl get pods -o name")
	want := "pod/a created\napiserver-0 killed; the kubelet restarts it in 5s\n" +
		"The connection to the server was refused - did you specify the right host or port?\npod/a\n"
	if got != want {
		t.Fatalf("got %q\nwant %q", got, want)
	}
}

// An informer started from the console lists (streaming, by default) and
// then follows changes; its field selector keeps other nodes' pods out.
func TestSimInformer(t *testing.T) {
	sh := kubeShell(t)
	run(t, sh, "kubectl run a --node node-1", "kubectl run b --node node-2",
		"sim informer kubelet-1 pods --field-selector spec.nodeName=node-1", "sim advance 3s", "kubectl run c --node node-1", "sim advance 1s")
	got := run(t, sh, "sim informers")
	want := "CLIENT      RESOURCE   PHASE      SYNCED   STORE   LAST-RV   RELISTS   410s   BACKLOG\n" +
		"kubelet-1   pods       watching   true     2       4         0         0      0\n"
	if got != want {
		t.Fatalf("got\n%s\nwant\n%s", got, want)
	}
	if got := run(t, sh, "sim informer x pods --resync 10ms"); got != "Error: invalid --resync 10ms: client-go's minimum resync period is 1s\n" {
		t.Fatalf("resync guard: %q", got)
	}
}

// sim compact-now is a compaction like etcdctl's: the trace gets the same
// COMPACT event (the timeline's marker), caused by the fault.
func TestCompactNowIsTraced(t *testing.T) {
	sh := kubeShell(t)
	run(t, sh, "kubectl run a", "kubectl run b")
	rev := sh.etcd().Rev()
	if got := run(t, sh, "sim compact-now"); !strings.HasPrefix(got, "etcd compacted at revision") {
		t.Fatalf("sim compact-now: %q", got)
	}
	evs := sh.World().Trace.Recent(5)
	last := evs[len(evs)-1]
	if last.Kind != engine.KindCompact || last.Detail != "rev="+strconv.FormatInt(rev, 10) {
		t.Fatalf("newest trace event %s, want COMPACT rev=%d", last, rev)
	}
}

// The client knobs reach running reflectors without restarting the API
// server: the informer's next watch leaves bookmarks off.
func TestClientKnobs(t *testing.T) {
	sh := kubeShell(t)
	tests := []struct{ cmd, want string }{
		{"sim informer app pods --watch-list=false", ""}, // LIST, then plain watches
		{"sim advance 2s", ""},
		{"sim set client-bookmarks false", "client-go reflectors ask for bookmarks: false (1 running, and every later one)\n"},
		{"sim set client-bookmarks maybe", `Error: sim set client-bookmarks: "maybe" is not true or false` + "\n"},
		{"sim set client-backoff 1ms", `Error: sim set client-backoff: "1ms": want default or a fixed delay from 10ms to 5m0s` + "\n"},
		{"sim set client-backoff 100ms", "client-go reflectors back off a fixed 100ms, no growth, no jitter (1 running, and every later one)\n"},
		{"sim set client-backof 1s", `Error: unknown knob "client-backof" (client knobs: client-bookmarks, client-backoff)` + "\n"},
	}
	for _, tc := range tests {
		got := run(t, sh, tc.cmd)
		if tc.want != "" && got != tc.want {
			t.Errorf("%s: got %q want %q", tc.cmd, got, tc.want)
		}
	}
	run(t, sh, "sim restart apiserver-0", "sim advance 1s")
	mark := sh.World().Trace.Recent(1)[0].ID // the watches that follow are all new requests
	run(t, sh, "sim advance 30s")
	var with, without int
	for _, e := range sh.World().Trace.Since(mark) {
		if e.Kind == engine.KindReflector && e.Node == "app" && strings.HasPrefix(e.Detail, "WATCH pods") {
			if strings.Contains(e.Detail, " bookmarks") {
				with++
			} else {
				without++
			}
		}
	}
	retries := 0
	for _, e := range sh.World().Trace.Since(mark) {
		if e.Kind == engine.KindReflector && e.Node == "app" && e.Detail == "backoff 100ms before retrying the watch" {
			retries++
		}
	}
	if with != 0 || without < 3 || retries < 3 {
		t.Fatalf("after the knobs: %d watches with bookmarks, %d without; want 0 and a fixed-backoff retry every 100ms", with, without)
	}
}
