package live

import (
	"net/url"
	"strings"
	"testing"
	"time"
)

// TestSessionRunsCommandsWithInput: a command sent with its input (what
// a dropped manifest and a pasted script send) runs whole: the file it
// writes is there for kubectl apply -f; a txn's here-document runs.
func TestSessionRunsCommandsWithInput(t *testing.T) {
	s := openLink(t, url.Values{"demo": {"off"}, "nodes": {"1"}})
	run(s, time.Second)
	s.Send("cat > web.yaml <<'EOF'\napiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: web\ndata:\n  k: v\nEOF")
	run(s, time.Second)
	s.Send("kubectl apply -f web.yaml")
	run(s, time.Second)
	s.Send("etcdctl txn <<EOF\nmod(\"/registry/configmaps/default/web\") > \"0\"\n\nget /registry/configmaps/default/web --keys-only\n\n\nEOF")
	run(s, time.Second)
	var outs []string
	for _, l := range s.log {
		if l.Failed {
			t.Errorf("%q failed: %q", l.Cmd, l.Out)
		}
		outs = append(outs, l.Out)
	}
	got := strings.Join(outs, "")
	if !strings.Contains(got, "configmap/web created\n") || !strings.Contains(got, "SUCCESS\n\n/registry/configmaps/default/web\n") {
		t.Errorf("the console printed %q", got)
	}
}
