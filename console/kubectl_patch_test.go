package console

import (
	"strings"
	"testing"
)

// run executes lines on sh and returns what each printed (errors as the
// terminal shows them).
func runLines(t *testing.T, sh *Shell, lines ...string) []string {
	t.Helper()
	var outs []string
	for _, l := range lines {
		out, err := sh.Exec(l)
		if err != nil {
			out += ErrorLine(err) + "\n"
		}
		outs = append(outs, out)
	}
	return outs
}

// TestPatchMovesTheRVOnlyWhenItChanges: a patch is one write; one that
// changes nothing, or a server dry run, writes nothing.
func TestPatchMovesTheRVOnlyWhenItChanges(t *testing.T) {
	sh := newTestShell(t, 1)
	runLines(t, sh, "kubectl create configmap a --from-literal k=v")
	for _, c := range []struct {
		line, out string
		writes    int64
	}{
		{`kubectl patch cm a -p '{"metadata":{"labels":{"x":"y"}}}'`, "configmap/a patched\n", 1},
		{`kubectl patch configmap/a -p '{"metadata":{"labels":{"x":"y"}}}'`, "configmap/a patched (no change)\n", 0},
		{`kubectl patch cm a --type merge -p '{"data":{"k":null,"n":"2"}}' --dry-run=server`, "configmap/a patched\n", 0},
		{`kubectl patch cm a --type merge -p '{"data":{"k":null,"n":"2"}}'`, "configmap/a patched\n", 1},
		{`kubectl patch cm a --type json -p '[{"op":"remove","path":"/metadata/labels/x"}]'`, "configmap/a patched\n", 1},
		{`kubectl patch cm a --type json -p '[{"op":"test","path":"/data/n","value":"3"}]'`, "The request is invalid: the server rejected our request due to an error in our request\n", 0},
		{`kubectl patch cm a -p 'data: {"n": "3"}'`, "configmap/a patched\n", 1},
		{`kubectl patch cm a -p '{"spec":{"replicas":1}}'`, "Error: the simulated ConfigMap keeps metadata.name, namespace, labels and annotations and data, not spec\n", 0},
		{`kubectl patch cm a`, "error: must specify --patch or --patch-file containing the contents of the patch\n", 0},
		{`kubectl patch cm a -p '{}' --type foo`, "error: --type must be one of [json merge strategic], not \"foo\"\n", 0},
		{`kubectl patch cm nope -p '{}'`, "Error from server (NotFound): configmaps \"nope\" not found\n", 0},
	} {
		rev := sh.World().Etcd.Rev()
		if got := runLines(t, sh, c.line)[0]; got != c.out {
			t.Errorf("%s:\n got %q\nwant %q", c.line, got, c.out)
		}
		if w := sh.World().Etcd.Rev() - rev; w != c.writes {
			t.Errorf("%s: %d writes, want %d", c.line, w, c.writes)
		}
	}
	if got := runLines(t, sh, "kubectl get cm a -o json")[0]; !strings.Contains(got, `"n": "3"`) || strings.Contains(got, `"labels"`) {
		t.Errorf("after the patches:\n%s", got)
	}
}

const manifest = "kubectl apply -f - <<'EOF'\napiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: settings\ndata:\n  a: \"1\"\n  b: \"2\"\nEOF"

// TestApplyThreeWay: created, unchanged, configured; a key the manifest
// drops is deleted, one someone else added stays.
func TestApplyThreeWay(t *testing.T) {
	sh := newTestShell(t, 1)
	rev := sh.World().Etcd.Rev()
	outs := runLines(t, sh, manifest, manifest, `kubectl patch cm settings -p '{"data":{"c":"3"}}'`,
		strings.Replace(manifest, "  b: \"2\"\n", "", 1), "kubectl get cm settings -o json")
	want := []string{"configmap/settings created\n", "configmap/settings unchanged\n", "configmap/settings patched\n", "configmap/settings configured\n"}
	for i, w := range want {
		if outs[i] != w {
			t.Errorf("step %d: %q, want %q", i+1, outs[i], w)
		}
	}
	if w := sh.World().Etcd.Rev() - rev; w != 3 {
		t.Errorf("%d writes, want 3 (create, patch, configure)", w)
	}
	got := outs[4]
	for _, s := range []string{`"a": "1"`, `"c": "3"`, `"kubectl.kubernetes.io/last-applied-configuration": "{\"apiVersion\":\"v1\",\"data\":{\"a\":\"1\"},\"kind\":\"ConfigMap\",\"metadata\":{\"annotations\":{},\"name\":\"settings\",\"namespace\":\"default\"}}\n"`} {
		if !strings.Contains(got, s) {
			t.Errorf("the applied object lacks %s:\n%s", s, got)
		}
	}
	if strings.Contains(got, `"b"`) {
		t.Errorf("the key the manifest dropped is still there:\n%s", got)
	}
	rev = sh.World().Etcd.Rev()
	outs = runLines(t, sh, "cat > p.yaml <<EOF\napiVersion: v1\nkind: Pod\nmetadata:\n  name: web\nspec:\n  containers:\n  - name: c\n    image: nginx\nEOF",
		"kubectl apply -f p.yaml --dry-run=server", "kubectl apply -f p.yaml", "kubectl apply -f ./p.yaml", "kubectl apply -f nope.yaml", "kubectl apply -f p.yaml --server-side")
	if outs[1] != "pod/web created (server dry run)\n" || outs[2] != "pod/web created\n" || outs[3] != "pod/web unchanged\n" ||
		outs[4] != "error: the path \"nope.yaml\" does not exist\n" || !strings.HasPrefix(outs[5], "Error: kubectl apply --server-side: ") {
		t.Errorf("a pod from a file: %q", outs)
	}
	if w := sh.World().Etcd.Rev() - rev; w != 1 {
		t.Errorf("%d writes, want 1", w)
	}
}
