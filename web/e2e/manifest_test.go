//go:build e2e

package e2e

import (
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
)

// TestDroppedManifestApplies drops a YAML file on the page: it becomes a
// file of the console's (a cat > NAME <<'EOF' command in the log), which
// kubectl apply -f reads; a command sent with its here-document (what a
// pasted script is) runs whole.
func TestDroppedManifestApplies(t *testing.T) {
	ctx, _, _ := stage(t, 1280, 720, "/?demo=off&nodes=1")
	ok := run(t, ctx, chromedp.Evaluate[bool](`(() => {
	  const dt = new DataTransfer();
	  dt.items.add(new File(["apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: web\ndata:\n  k: v\n"], "web.yaml", {type: "application/yaml"}));
	  document.dispatchEvent(new DragEvent("drop", {dataTransfer: dt, bubbles: true, cancelable: true}));
	  return true;
	})()`))
	if !ok {
		t.Fatal("the drop was not dispatched")
	}
	// waitLog waits for a console line whose command starts with cmd and
	// whose output has out (and is no error), and shows the log if none comes.
	waitLog := func(cmd, out string) {
		t.Helper()
		deadline := time.Now().Add(30 * time.Second)
		for {
			st := getState(t, ctx)
			for _, l := range st.Log {
				if strings.HasPrefix(l.Cmd, cmd) && strings.Contains(l.Out, out) && !l.Error {
					return
				}
			}
			if time.Now().After(deadline) {
				t.Fatalf("no %q printing %q in the console log: %+v", cmd, out, st.Log)
			}
			time.Sleep(200 * time.Millisecond)
		}
	}
	waitLog("cat > web.yaml <<'EOF'\napiVersion: v1", "")
	send(t, ctx, "kubectl apply -f web.yaml")
	waitLog("kubectl apply -f web.yaml", "configmap/web created")
	send(t, ctx, "etcdctl txn <<EOF\nmod(\"/registry/configmaps/default/web\") > \"0\"\n\nget /registry/configmaps/default/web --keys-only\n\n\nEOF")
	waitLog("etcdctl txn <<EOF", "SUCCESS")
	st := getState(t, ctx)
	for _, l := range st.Log {
		if strings.HasPrefix(l.Cmd, "etcdctl txn") && !strings.Contains(l.Out, "/registry/configmaps/default/web") {
			t.Errorf("the txn printed %q", l.Out)
		}
	}
}
