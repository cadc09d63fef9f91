package console

import (
	"os"
	"strings"
	"testing"
)

// fixture is a recording of a real kube-apiserver v1.36.5 made by
// conformance/live's TestRecordAgainstRealAPIServer.
const fixture = "../recording/testdata/kube-1.36.5.wsrec"

// sim replay sends a real recording's writes into the simulation at their
// recorded times with the recorded cache capacity; the same file on the
// same seed gives the same trace, and the objects end as they did.
func TestSimReplayIsDeterministic(t *testing.T) {
	data, err := os.ReadFile(fixture)
	if err != nil {
		t.Fatal(err)
	}
	play := func() (hash, out string) {
		sh := newTestShell(t, 1)
		run(t, sh, "cat > real.wsrec <<'EOF'\n"+string(data)+"EOF")
		out = run(t, sh, "sim replay real.wsrec", "sim advance 2m", "kubectl get cm", "sim cache configmaps")
		return sh.w.Trace.Hash(), out
	}
	h1, out := play()
	h2, out2 := play()
	if h1 != h2 || out != out2 {
		t.Fatalf("two replays differ: %s vs %s\n%s\n---\n%s", h1, h2, out, out2)
	}
	for _, want := range []string{
		"recording of v1.36.5 (pods, configmaps)",
		"configmaps: 7 writes, watch cache fixed at 100 events (recorded capacity)",
		"pods: 4 writes, watch cache fixed at 100 events (recorded capacity)",
		"--watch-cache-sizes=pods#100,configmaps#100 in the legacy fixed sizing",
		"\ncm-3 ", `"Capacity" : 100`,
	} {
		if !strings.Contains(out, want) {
			t.Errorf("replay output lacks %q:\n%s", want, out)
		}
	}
	if strings.Contains(out, "cm-1 ") || strings.Contains(out, "cm-2 ") {
		t.Errorf("cm-1 and cm-2 were deleted in the recording:\n%s", out)
	}
}

func TestSimReplayBadInput(t *testing.T) {
	sh := newTestShell(t, 1)
	run(t, sh, "cat > bad.wsrec <<'EOF'\n{\"kind\":\"x\"}\nEOF")
	for line, want := range map[string]string{
		"sim replay":            "usage: sim replay FILE.wsrec",
		"sim replay none.wsrec": "sim replay: none.wsrec: no such console file",
		"sim replay bad.wsrec":  "bad.wsrec: not a WatchScope recording",
	} {
		if got := run(t, sh, line); !strings.Contains(got, want) {
			t.Errorf("%s: %q, want %q", line, got, want)
		}
	}
}
