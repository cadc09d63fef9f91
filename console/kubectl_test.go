package console

import (
	"regexp"
	"strings"
	"testing"
	"time"

	"watchscope/engine"
)

func kubeShell(t *testing.T) *Shell {
	t.Helper()
	cfg := engine.Config{Seed: 1}
	cfg.APIServers.Replicas = 1
	_, sh, err := NewWorld(cfg)
	if err != nil {
		t.Fatal(err)
	}
	return sh
}

func TestKubectlOutputs(t *testing.T) {
	tests := []struct {
		name  string
		setup []string
		cmd   string
		want  string
	}{
		{"empty namespace", nil, "kubectl get pods", "No resources found in default namespace.\n"},
		{"empty all namespaces", nil, "kubectl get pods -A", "No resources found\n"},
		{"run prints created", nil, "kubectl run web --node n1", "pod/web created\n"},
		{"table", []string{"kubectl run a", "kubectl run b"}, "kubectl get pods", "NAME   READY   STATUS    RESTARTS   AGE\na      0/1     Pending   0          0s\nb      0/1     Pending   0          0s\n"},
		{"all namespaces table", []string{"kubectl run a", "kubectl run b -n kube-system"}, "kubectl get po -A",
			"NAMESPACE     NAME   READY   STATUS    RESTARTS   AGE\ndefault       a      0/1     Pending   0          0s\nkube-system   b      0/1     Pending   0          0s\n"},
		{"wide shows the node", []string{"kubectl run a --node node-7"}, "kubectl get pods -o wide", "NAME   READY   STATUS    RESTARTS   AGE   IP       NODE     NOMINATED NODE   READINESS GATES\na      0/1     Pending   0          0s    <none>   node-7   <none>           <none>\n"},
		{"name output and chunking", []string{"kubectl run a", "kubectl run b", "kubectl run c"},
			"kubectl get pods -o name --chunk-size 2", "pod/a\npod/b\npod/c\n"},
		{"label selector", []string{"kubectl run a"}, "kubectl get pods -l app=web", "No resources found in default namespace.\n"},
		{"field selector on node", []string{"kubectl run a --node n1", "kubectl run b --node n2"},
			"kubectl get pods --field-selector spec.nodeName=n2 -o name", "pod/b\n"},
		{"cluster-scoped", []string{"kubectl create namespace team-a"}, "kubectl get ns -o name", "namespace/team-a\n"},
		{"delete", []string{"kubectl create configmap cfg"}, "kubectl delete cm cfg", "configmap \"cfg\" deleted from default namespace\n"},
		{"delete missing is the server's 404", nil, "kubectl delete pod nope",
			"Error from server (NotFound): pods \"nope\" not found\n"},
		{"create twice is the server's 409", []string{"kubectl run a"}, "kubectl run a",
			"Error from server (AlreadyExists): pods \"a\" already exists\n"},
		{"unknown resource", nil, "kubectl get podz", "error: the server doesn't have a resource type \"podz\"\n"},
		{"bad selector is the server's 400", nil, "kubectl get pods -l 'a in (x'",
			"Error from server (BadRequest): Unable to find \"/v1, Resource=pods\" that match label selector \"a in (x\", field selector \"\": unable to parse requirement: found '', expected: ',' or ')'\n"},
		{"too large resource version", []string{"kubectl run a"}, "kubectl get pods --resource-version 999 --chunk-size 0",
			"Error from server (Timeout): Timeout: Too large resource version: 999, current: 2\n"},
		{"bad output", nil, "kubectl get pods -o table",
			"error: unable to match a printer suitable for the output format \"table\", allowed formats are: " + allowedFormats + "\n"},
		{"raw list", []string{"kubectl run a"}, "kubectl get --raw /api/v1/namespaces/default/pods",
			`{"kind":"PodList","apiVersion":"v1","metadata":{"resourceVersion":"2"},"items":[{"metadata":{"name":"a","namespace":"default","uid":"UID","resourceVersion":"2","creationTimestamp":"TS","labels":{"run":"a"}},"spec":{}}]}` + "\n"},
		// Texts as kubectl v1.36.5 printed them against kube-apiserver v1.36.5
		// (conformance/live k12, k16): a 422 prints from its details, one
		// cause on the line; a watch whose list is empty prints nothing.
		{"invalid list options", []string{"kubectl run a"},
			"kubectl get --raw '/api/v1/namespaces/default/pods?limit=1&resourceVersion=2&resourceVersionMatch=Exact&continue=x'",
			"The ListOptions \"\" is invalid: resourceVersionMatch: Forbidden: resourceVersionMatch is forbidden when continue is provided\n"},
		{"invalid list options, two causes", nil,
			"kubectl get --raw '/api/v1/pods?resourceVersionMatch=Exact&sendInitialEvents=true'",
			"The ListOptions \"\" is invalid: \n* resourceVersionMatch: Forbidden: resourceVersionMatch is forbidden unless resourceVersion is provided\n* sendInitialEvents: Forbidden: sendInitialEvents is forbidden for list\n"},
		{"watch of an empty list", nil, "kubectl get cm -l tier=db -w", ""},
		{"unknown flag", nil, "kubectl get pods --nope=1", "error: unknown flag: --nope\nSee 'kubectl get --help' for usage.\n"},
		{"bad bool with its alias", nil, "kubectl get pods --watch=x",
			"error: invalid argument \"x\" for \"-w, --watch\" flag: strconv.ParseBool: parsing \"x\": invalid syntax\nSee 'kubectl get --help' for usage.\n"},
		{"create subcommand path", nil, "kubectl create secret generic s --nope",
			"error: unknown flag: --nope\nSee 'kubectl create secret generic --help' for usage.\n"},
		{"raw bad path", nil, "kubectl get --raw /healthz/pods",
			"Error from server (NotFound): the server could not find the requested resource (path \"/healthz/pods\")\n"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			sh := kubeShell(t)
			run(t, sh, tt.setup...)
			got := run(t, sh, tt.cmd)
			got = scrub(got)
			if got != tt.want {
				t.Errorf("%s:\n got %q\nwant %q", tt.cmd, got, tt.want)
			}
		})
	}
}

// scrub replaces the uid and creation timestamp, which tests do not pin.
func scrub(s string) string {
	for _, f := range []struct{ key, repl string }{{`"uid":"`, "UID"}, {`"creationTimestamp":"`, "TS"}} {
		for i := strings.Index(s, f.key); i >= 0; {
			j := strings.IndexByte(s[i+len(f.key):], '"')
			s = s[:i+len(f.key)] + f.repl + s[i+len(f.key)+j:]
			k := strings.Index(s[i+len(f.key)+len(f.repl):], f.key)
			if k < 0 {
				break
			}
			i += len(f.key) + len(f.repl) + k
		}
	}
	return s
}

// kubectl get -w prints the list, then a row per event as it arrives,
// including the row of a deleted object, aligned under the header (kubectl's
// tabwriter remembers its column widths across flushes).
func TestKubectlGetWatch(t *testing.T) {
	sh := kubeShell(t)
	got := run(t, sh, "kubectl run a", "kubectl get pods -w", "kubectl run b", "kubectl delete pod a")
	want := "pod/a created\nNAME   READY   STATUS    RESTARTS   AGE\na      0/1     Pending   0          0s\npod/b created\nb      0/1     Pending   0          0s\npod \"a\" deleted from default namespace\na      0/1     Pending   0          0s\n"
	if got != want {
		t.Fatalf("got %q\nwant %q", got, want)
	}
}

// A raw watch prints the API server's JSON lines: events after the given
// resourceVersion, and bookmarks only when allowWatchBookmarks is set.
func TestKubectlRawWatch(t *testing.T) {
	sh := kubeShell(t)
	run(t, sh, "kubectl run a", "kubectl run b")
	got := scrub(run(t, sh, "kubectl get --raw '/api/v1/namespaces/default/pods?watch=1&resourceVersion=2'"))
	want := `{"type":"ADDED","object":{"kind":"Pod","apiVersion":"v1","metadata":{"name":"b","namespace":"default","uid":"UID","resourceVersion":"3","creationTimestamp":"TS","labels":{"run":"b"}},"spec":{}}}` + "\n"
	if got != want {
		t.Fatalf("got %q\nwant %q", got, want)
	}
	run(t, sh, "kubectl get --raw '/api/v1/pods?watch=true&resourceVersion=3&allowWatchBookmarks=true'")
	out := run(t, sh, "kubectl run c", "sim advance 3m")
	if n := strings.Count(out, `"type":"BOOKMARK"`); n < 2 || n > 3 {
		t.Fatalf("want a bookmark about every minute to the one watcher that asked, got %d:\n%s", n, out)
	}
	if !strings.Contains(out, `{"type":"BOOKMARK","object":{"kind":"Pod","apiVersion":"v1","metadata":{"resourceVersion":"4"}}}`) {
		t.Fatalf("bookmark shape wrong:\n%s", out)
	}
}

func TestHumanDuration(t *testing.T) {
	tests := []struct {
		d    time.Duration
		want string
	}{
		{0, "0s"}, {119 * time.Second, "119s"}, {2 * time.Minute, "2m"}, {5*time.Minute + 30*time.Second, "5m30s"},
		{45 * time.Minute, "45m"}, {3*time.Hour + 5*time.Minute, "3h5m"}, {30 * time.Hour, "30h"}, {50 * time.Hour, "2d2h"},
	}
	for _, tt := range tests {
		if got := humanDuration(tt.d); got != tt.want {
			t.Errorf("humanDuration(%v) = %q, want %q", tt.d, got, tt.want)
		}
	}
}

func TestYAMLShape(t *testing.T) {
	sh := kubeShell(t)
	run(t, sh, "kubectl run a --node n1")
	got := run(t, sh, "kubectl get pod a -o yaml")
	got = regexp.MustCompile(`(creationTimestamp|uid): .*`).ReplaceAllString(got, "$1: X")
	want := "apiVersion: v1\nkind: Pod\nmetadata:\n  creationTimestamp: X\n  labels:\n    run: a\n  name: a\n  namespace: default\n  resourceVersion: \"2\"\n  uid: X\nspec:\n  nodeName: n1\n"
	if got != want {
		t.Fatalf("got\n%s\nwant\n%s", got, want)
	}
}

// etcd refuses a proposal above --max-request-bytes (1.5 MiB); the API
// server passes the error through as a 500 with etcd's message, which
// kubectl prints as "Error from server: ...".
func TestObjectTooLargeForEtcd(t *testing.T) {
	sh := kubeShell(t)
	got := run(t, sh, "kubectl create secret generic big --size 2Mi", "kubectl create secret generic ok --size 1Mi")
	want := "Error from server: etcdserver: request is too large\nsecret/ok created\n"
	if got != want {
		t.Fatalf("got %q\nwant %q", got, want)
	}
}
