package console

import (
	"strings"
	"testing"
)

// TestKubectlLabelsDataTables: expected texts are what kubectl v1.36.5
// printed against kube-apiserver v1.36.5 (conformance/live) for the same
// commands.
func TestKubectlLabelsDataTables(t *testing.T) {
	cm := []string{"kubectl create configmap a --from-literal=k=v --from-literal=x=y"}
	runShellCases(t, []shellCase{
		{"create configmap with data", nil, "kubectl create configmap a --from-literal=k=v --from-literal=x=y", "configmap/a created\n"},
		{"configmap table counts data", cm, "kubectl get configmaps", "NAME   DATA   AGE\na      2      0s\n"},
		{"configmap json sorted, with data", cm, "kubectl get cm a -o json",
			"{\n    \"apiVersion\": \"v1\",\n    \"data\": {\n        \"k\": \"v\",\n        \"x\": \"y\"\n    },\n    \"kind\": \"ConfigMap\",\n" +
				"    \"metadata\": {\n        \"creationTimestamp\": \"2026-01-01T00:00:02Z\",\n        \"name\": \"a\",\n        \"namespace\": \"default\",\n" +
				"        \"resourceVersion\": \"2\",\n        \"uid\": \"apiserver-0-uid-1\"\n    }\n}\n"},
		{"secret table", []string{"kubectl create secret generic s --from-literal=p=q"}, "kubectl get secrets", "NAME   TYPE     DATA   AGE\ns      Opaque   1      0s\n"},
		{"pod table", []string{"kubectl run p"}, "kubectl get pods", "NAME   READY   STATUS    RESTARTS   AGE\np      0/1     Pending   0          0s\n"},
		{"pod wide", []string{"kubectl run p"}, "kubectl get pods -o wide",
			"NAME   READY   STATUS    RESTARTS   AGE   IP       NODE     NOMINATED NODE   READINESS GATES\np      0/1     Pending   0          0s    <none>   <none>   <none>           <none>\n"},
		{"label", cm, "kubectl label cm a tier=db", "configmap/a labeled\n"},
		{"label without overwrite", append(cm, "kubectl label cm a tier=db"), "kubectl label cm a tier=web",
			"error: 'tier' already has a value (db), and --overwrite is false\n"},
		{"label overwrite", append(cm, "kubectl label cm a tier=db"), "kubectl label cm a tier=web --overwrite", "configmap/a labeled\n"},
		{"unlabel", append(cm, "kubectl label cm a tier=db"), "kubectl label cm a tier-", "configmap/a unlabeled\n"},
		{"get -l", append(cm, "kubectl create cm b", "kubectl label cm a tier=web"), "kubectl get cm -l tier=web", "NAME   DATA   AGE\na      2      0s\n"},
		{"get -l none", cm, "kubectl get cm -l tier=web", "No resources found in default namespace.\n"},
		{"run -l", nil, "kubectl run p -l app=web", "pod/p created\n"},
		{"run labels run=NAME by default", []string{"kubectl run p"}, "kubectl get pods -l run=p -o name", "pod/p\n"},
		{"delete says the namespace", cm, "kubectl delete cm a", "configmap \"a\" deleted from default namespace\n"},
	})
}

// TestWatchDefaultsToWatchList: the 1.36 handler turns a WATCH from
// resourceVersion "" or "0" that sets neither sendInitialEvents nor
// resourceVersionMatch into a streaming watch-list; with bookmarks allowed
// the initial events end with a BOOKMARK annotated
// k8s.io/initial-events-end (kube-apiserver v1.36.5 did the same).
func TestWatchDefaultsToWatchList(t *testing.T) {
	for _, rv := range []string{"", "&resourceVersion=0"} {
		sh := kubeShell(t)
		run(t, sh, "kubectl run a")
		got := run(t, sh, "kubectl get --raw '/api/v1/namespaces/default/pods?watch=1&allowWatchBookmarks=true"+rv+"'")
		lines := strings.Split(strings.TrimSpace(got), "\n")
		if len(lines) != 2 || !strings.HasPrefix(lines[0], `{"type":"ADDED"`) ||
			lines[1] != `{"type":"BOOKMARK","object":{"kind":"Pod","apiVersion":"v1","metadata":{"resourceVersion":"2","annotations":{"k8s.io/initial-events-end":"true"}}}}` {
			t.Errorf("rv %q: %q", rv, got)
		}
		// Without bookmarks: the initial events only, then live events.
		got = run(t, sh, "kubectl get --raw '/api/v1/namespaces/default/pods?watch=1"+rv+"'")
		if strings.Count(got, "\n") != 1 || strings.Contains(got, "BOOKMARK") {
			t.Errorf("rv %q without bookmarks: %q", rv, got)
		}
	}
}

// TestKubectlWatchRows: kubectl get -w keeps one table printer whose column
// widths only grow, so later rows line up under the header; the texts are
// what kubectl v1.36.5 printed against kube-apiserver v1.36.5.
func TestKubectlWatchRows(t *testing.T) {
	tests := []struct {
		name, cmd, want string
	}{
		{"rows under the header, a longer name widens", "kubectl get cm -w",
			"NAME    DATA   AGE\nshort   0      0s\n" + "a-much-longer-name-here   1      0s\n"},
		{"watch only", "kubectl get cm --watch-only", "NAME                      DATA   AGE\na-much-longer-name-here   1      0s\n"},
		{"events", "kubectl get cm -w --output-watch-events",
			"EVENT      NAME    DATA   AGE\nADDED      short   0      0s\n" + "ADDED      a-much-longer-name-here   1      0s\n"},
		{"one object, from the version it got", "kubectl get cm short -w", "NAME    DATA   AGE\nshort   0      0s\n"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			sh := kubeShell(t)
			run(t, sh, "kubectl create cm short")
			got := run(t, sh, tt.cmd)
			got += strings.TrimPrefix(run(t, sh, "kubectl create cm a-much-longer-name-here --from-literal=a=b"), "configmap/a-much-longer-name-here created\n")
			if got != tt.want {
				t.Errorf("got  %q\nwant %q", got, tt.want)
			}
		})
	}
}

// shellCase is one console command on a fresh simulated cluster: the
// setup lines, the command, and exactly what it must print.
type shellCase struct {
	name  string
	setup []string
	cmd   string
	want  string
}

// runShellCases runs each case in a fresh shell as a subtest.
func runShellCases(t *testing.T, cases []shellCase) {
	t.Helper()
	for _, tt := range cases {
		t.Run(tt.name, func(t *testing.T) {
			sh := kubeShell(t)
			run(t, sh, tt.setup...)
			if got := run(t, sh, tt.cmd); got != tt.want {
				t.Errorf("%s:\n got %q\nwant %q", tt.cmd, got, tt.want)
			}
		})
	}
}
