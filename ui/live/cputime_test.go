//go:build !js

package live

import (
	"syscall"
	"testing"
	"time"
)

// cpuTime is the process's CPU time so far (user and system). On a
// machine shared with other builds a benchmark's wall time per op swings
// with the load; the CPU time it used does much less.
func cpuTime() time.Duration {
	var r syscall.Rusage
	if syscall.Getrusage(syscall.RUSAGE_SELF, &r) != nil {
		return 0
	}
	return time.Duration(r.Utime.Nano() + r.Stime.Nano())
}

// reportCPU adds cpu-ns/op, the CPU time per op since from (cpuTime).
func reportCPU(b *testing.B, from time.Duration) {
	if b.N > 0 {
		b.ReportMetric(float64(cpuTime()-from)/float64(b.N), "cpu-ns/op")
	}
}
