package view

import (
	"testing"
	"time"
)

// BenchmarkBuild is the layout cost of one frame of a busy stage (the Go
// side of a frame before any drawing; budget: well under 1 ms natively).
func BenchmarkBuild(b *testing.B) {
	s := busySnapshot()
	m := &Motion{Columns: Columns}
	m.Observe(s, 0)
	b.ReportAllocs()
	for b.Loop() {
		_ = BuildStage(s, m, time.Second)
	}
}
