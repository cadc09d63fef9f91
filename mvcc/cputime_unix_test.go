//go:build !js && !wasip1 && !windows

package mvcc

import (
	"syscall"
	"time"
)

// processCPU is the process's user+system CPU time. Benchmarks report it
// per op because the build machine is shared and wall time is noisy.
func processCPU() (time.Duration, bool) {
	var ru syscall.Rusage
	if err := syscall.Getrusage(syscall.RUSAGE_SELF, &ru); err != nil {
		return 0, false
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano()), true
}
