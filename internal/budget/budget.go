// Package budget is how the tests hold a timing budget that load cannot
// break. A figure in wall-clock time says as much about the machine as
// about the program: the same build drew its first frame in 1.1 s on a
// quiet two-core machine and in 5.8 s beside a Go build. So a timing
// budget is either
//
//   - a ratio against a baseline measured in the same run on the same
//     machine, which a busy machine slows alike (Pace times a fixed
//     CPU-bound loop for the purpose; a test may use a baseline of its
//     own, like the smallest Ebiten page beside the real one); or
//   - reported, not asserted: Report prints the figure beside its budget
//     in the one line form `make bench` collects, and never fails.
//
// Sizes in bytes do not depend on load and stay hard assertions.
package budget

import (
	"fmt"
	"slices"
	"testing"
	"time"
)

// Line is a budget's one line, the form every test prints and
// scripts/budgets.sh collects:
//
//	budget: first frame (make serve)           1085.0 ms   budget ≤ 1000.0 ms   OVER
func Line(name string, figure, limit float64, unit string) string {
	verdict := "ok"
	if figure > limit {
		verdict = "OVER"
	}
	return fmt.Sprintf("budget: %-44s %10.2f %-5s budget ≤ %8.2f %-5s %s", name, figure, unit, limit, unit, verdict)
}

// Report logs the figure beside its budget on t. It never fails the
// test: a wall-clock figure is for `make bench` to print.
func Report(t testing.TB, name string, figure, limit float64, unit string) {
	t.Helper()
	t.Log(Line(name, figure, limit, unit))
}

// Ms is d in milliseconds, for Report and Line.
func Ms(d time.Duration) float64 { return float64(d) / float64(time.Millisecond) }

// spinRounds is the fixed work of one Pace loop: about 4 ms on a quiet
// two-core machine of this project's kind (2026).
const spinRounds = 1 << 22

// sink keeps the loop's result alive, so the compiler cannot drop it.
var sink uint64

// Pace is the time this machine takes, right now, for a fixed CPU-bound
// loop: the unit a ratio budget is written in. It is the median of three
// runs, so a single preemption does not move it; on a machine busy with
// other work it grows as everything else this process waits for does.
func Pace() time.Duration {
	var runs [3]time.Duration
	for i := range runs {
		start := time.Now()
		x := uint64(88172645463325252)
		for range spinRounds {
			x ^= x << 13
			x ^= x >> 7
			x ^= x << 17
		}
		sink += x
		runs[i] = time.Since(start)
	}
	slices.Sort(runs[:])
	return runs[1]
}

// Median is the middle of ds (the mean of the two middles for an even
// count); zero for none. ds is not changed.
func Median(ds []time.Duration) time.Duration {
	if len(ds) == 0 {
		return 0
	}
	s := slices.Clone(ds)
	slices.Sort(s)
	if n := len(s); n%2 == 0 {
		return (s[n/2-1] + s[n/2]) / 2
	}
	return s[len(s)/2]
}
