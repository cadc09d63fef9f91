//go:build js || wasip1 || windows

package mvcc

import "time"

func processCPU() (time.Duration, bool) { return 0, false }
