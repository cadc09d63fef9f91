package engine

import (
	"os"
	"strings"
	"testing"
)

// TestGoldenTraceHash pins the trace hash of one scripted run in
// testdata/trace.hash. The same file is checked natively and under
// GOOS=js GOARCH=wasm, which proves the two platforms produce the same
// trace byte for byte. An intended change to trace text or to the order
// of random draws changes the hash: regenerate with
//
//	WATCHSCOPE_REWRITE=1 go test ./engine -run TestGoldenTraceHash
func TestGoldenTraceHash(t *testing.T) {
	w := newTestWorld(t, Config{Seed: 2026, Apply: testApply})
	cps := runScript(t, w, script(7))
	last := cps[len(cps)-1]
	got := last.String() + "\n" + last.Hash + "\n"
	const path = "testdata/trace.hash"
	if os.Getenv("WATCHSCOPE_REWRITE") != "" {
		if err := os.WriteFile(path, []byte(got), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	want, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	if got != string(want) {
		t.Errorf("run gave %s, golden file has %s", strings.TrimSpace(got), strings.TrimSpace(string(want)))
	}
}
