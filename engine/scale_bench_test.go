package engine

import (
	"os"
	"runtime"
	"strconv"
	"testing"
	"time"
)

// scaleNodes is WATCHSCOPE_SCALE (default 5000): the cluster size of the
// scale benchmarks.
func scaleNodes() int {
	if n, err := strconv.Atoi(os.Getenv("WATCHSCOPE_SCALE")); err == nil && n > 0 {
		return n
	}
	return 5000
}

// BenchmarkSteadyScale builds the steady scenario at WATCHSCOPE_SCALE nodes
// (5,000: 150,000 pods, ~1,000 writes/s) and reports, for one simulated
// minute after startup, simulated seconds per wall second, Go heap in
// use, and the build time of the world (bulk load included).
//
//	WATCHSCOPE_SCALE=5000 go test ./engine -run ^$ -bench SteadyScale -benchtime 1x
func BenchmarkSteadyScale(b *testing.B) {
	for range b.N {
		b.StopTimer()
		start := time.Now()
		w, err := NewWorld(Scenario{Name: "steady", Nodes: scaleNodes(), Duration: time.Minute, Seed: 1}.Config())
		if err != nil {
			b.Fatal(err)
		}
		b.ReportMetric(time.Since(start).Seconds(), "build-s")
		start = time.Now()
		w.RunUntil(20 * time.Second) // every client started and synced
		b.ReportMetric(time.Since(start).Seconds(), "startup-wall-s")
		writes := w.Metrics.Counter("rest_client_requests_total", "code", "200", "method", "PUT").Value()
		b.StartTimer()
		start = time.Now()
		w.RunUntil(80 * time.Second)
		wall := time.Since(start).Seconds()
		b.StopTimer()
		writes = w.Metrics.Counter("rest_client_requests_total", "code", "200", "method", "PUT").Value() - writes
		var ms runtime.MemStats
		runtime.ReadMemStats(&ms)
		b.ReportMetric(60/wall, "sim-s/wall-s")
		b.ReportMetric(float64(ms.HeapInuse)/(1<<20), "heap-MiB")
		b.ReportMetric(writes/60, "PUT/s")
		b.ReportMetric(float64(len(w.clients)), "clients")
	}
}
