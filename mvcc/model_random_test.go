package mvcc

import (
	"math/rand/v2"
	"runtime"
	"strings"
	"testing"
)

// TestModelRandom runs seeded random op sequences against the server and
// the naive model: every write's response, every watch's event stream, every
// range at every revision (limit, more, count, keys-only, count-only,
// errors) and the stored history after compaction. Under js/wasm the
// count is cut, since Node runs it about ten times slower.
func TestModelRandom(t *testing.T) {
	n := 10000
	if testing.Short() || runtime.GOOS == "js" {
		n = 1000
	}
	for seed := range uint64(n) {
		if ops, err := runSequence(seed); err != nil {
			t.Fatalf("seed %d: %v\nops:\n%s", seed, err, formatOps(ops))
		}
	}
}

func runSequence(seed uint64) ([]simOp, error) {
	r := rand.New(rand.NewPCG(seed, 0xadd))
	h, err := newHarness(seed)
	if err != nil {
		return nil, err
	}
	var ops []simOp
	for range 5 + r.IntN(30) {
		op := genOp(r, h.m.rev, h.m.compact)
		ops = append(ops, op)
		if err := h.apply(op); err != nil {
			return ops, err
		}
	}
	return ops, h.finish()
}

func formatOps(ops []simOp) string {
	var b strings.Builder
	for _, op := range ops {
		b.WriteString("  " + op.String() + "\n")
	}
	return b.String()
}
