package console

import (
	"fmt"
	"os"
	"strings"
	"testing"

	"watchscope/engine"
)

// busyScript exercises every moving part of the simulated etcd: writes,
// a txn-free delete storm, watches from history with prev-kv and progress
// notifications (whose jitter draws from the world's random source),
// periodic auto-compaction and time passing in uneven steps.
func busyScript(n int) []string {
	lines := []string{
		"etcdctl watch --prefix /registry/ --prev-kv --progress-notify",
		"etcdctl watch /registry/pods/a --rev 1",
	}
	for i := 0; i < n; i++ {
		lines = append(lines,
			fmt.Sprintf("etcdctl put /registry/pods/p%d v%d", i%17, i),
			fmt.Sprintf("etcdctl put /registry/leases/n%d r%d", i%5, i))
		if i%7 == 3 {
			lines = append(lines, fmt.Sprintf("etcdctl del /registry/pods/p%d", i%11))
		}
		if i%25 == 24 {
			lines = append(lines, fmt.Sprintf("sim advance %dms", 700+i*13), "etcdctl watch /registry/ --prefix --rev 2")
		}
		if i%50 == 49 {
			lines = append(lines, "sim advance 150s", "etcdctl watch /registry/ --prefix --rev 2")
		}
	}
	return append(lines, "sim advance 25m", "etcdctl endpoint status -w json")
}

func traceOf(t *testing.T, seed uint64, lines []string) (hash, transcript string) {
	t.Helper()
	cfg := engine.Config{Seed: seed}
	cfg.Etcd.AutoCompactionMode = "periodic"
	cfg.Etcd.AutoCompactionRetention = "2m"
	cfg.Etcd.WatchProgressNotifyInterval = 5e9 // 5s, as kubeadm clusters set it
	w, sh, err := NewWorld(cfg)
	if err != nil {
		t.Fatal(err)
	}
	var b strings.Builder
	for _, l := range lines {
		out, err := sh.Exec(l)
		b.WriteString(out)
		if err != nil {
			b.WriteString("Error: " + err.Error() + "\n")
		}
	}
	return w.Trace.Hash(), b.String()
}

// Same seed and commands: identical trace and output. Another seed: the
// progress-notify jitter differs, so the trace must differ too (otherwise
// the seed would not reach the world and the test would prove nothing).
func TestDeterministicTrace(t *testing.T) {
	script := busyScript(200)
	h1, out1 := traceOf(t, 7, script)
	h2, out2 := traceOf(t, 7, script)
	if h1 != h2 || out1 != out2 {
		t.Fatalf("same seed gave different runs: %s vs %s", h1, h2)
	}
	if h3, _ := traceOf(t, 8, script); h3 == h1 {
		t.Fatalf("different seeds gave the same trace %s", h1)
	}
	if !strings.Contains(out1, "progress notify:") || !strings.Contains(out1, "watch was canceled") ||
		!strings.Contains(out1, "DELETE") {
		t.Fatalf("script did not exercise progress notifications and compaction cancels:\n%s", out1)
	}
}

// The golden hash is the same natively and under GOOS=js GOARCH=wasm: the
// browser app replays exactly what the command line computes.
// Regenerate with WATCHSCOPE_REWRITE=1 go test ./console -run TestGoldenTraceHash.
func TestGoldenTraceHash(t *testing.T) {
	hash, _ := traceOf(t, 42, busyScript(120))
	const file = "testdata/trace.hash"
	if os.Getenv("WATCHSCOPE_REWRITE") == "1" {
		if err := os.WriteFile(file, []byte(hash+"\n"), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	want, err := os.ReadFile(file)
	if err != nil {
		t.Fatal(err)
	}
	if got := strings.TrimSpace(string(want)); got != hash {
		t.Fatalf("trace hash %s, golden %s", hash, got)
	}
}

// Rewinding through the console rebuilds a world (and its open watches)
// whose trace matches the original at that moment.
func TestForkReproducesTheMoment(t *testing.T) {
	_, sh, err := NewWorld(engine.Config{Seed: 3})
	if err != nil {
		t.Fatal(err)
	}
	lines := busyScript(60)
	half := len(lines) / 2
	for _, l := range lines[:half] {
		sh.Exec(l)
	}
	cp := sh.World().Checkpoint()
	for _, l := range lines[half:] {
		sh.Exec(l)
	}
	w2, sh2, err := sh.Fork(cp)
	if err != nil {
		t.Fatal(err)
	}
	if got := w2.Checkpoint(); got.Hash != cp.Hash {
		t.Fatalf("fork at %v: hash %s, original %s", cp.At, got.Hash, cp.Hash)
	}
	if out, err := sh2.Exec("etcdctl put /registry/pods/new x"); err != nil || !strings.HasPrefix(out, "OK\n") {
		t.Fatalf("fork did not accept new commands: %q %v", out, err)
	}
}
