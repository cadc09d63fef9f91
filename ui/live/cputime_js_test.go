//go:build js

package live

import (
	"testing"
	"time"
)

// Under wasm there is no getrusage; the benchmarks report wall time only.
func cpuTime() time.Duration { return 0 }

func reportCPU(*testing.B, time.Duration) {}
