package engine

import (
	"fmt"
	"os"
	"reflect"
	"runtime"
	"slices"
	"testing"
	"time"
)

// BenchmarkRestartStormSteps is the page's 5,000-node sandbox (one API
// server, 150,000 pods, one kubectl -w) restarting its API server 20 s in:
// the caches relist from etcd, 5,000 kubelets and the controllers relist
// or watch-list again, kubectl re-LISTs 150,000 pods. A step cannot be
// interrupted by the page, so the longest steps are what a viewer sees as
// freezes. Reported over the 40 simulated seconds after the restart:
//
//	max-step-ms     the longest single step (the bound: 50 ms in wasm)
//	p999-step-ms    the 99.9th percentile step
//	steps-over-5ms  how many steps took longer than 5 ms
//	wall-s          wall time of the 40 simulated seconds
//
// WS_STORM_STEPS=1 also logs every step over 5 ms with what it ran.
func BenchmarkRestartStormSteps(b *testing.B) {
	for range b.N {
		b.StopTimer()
		w := stormWorld(b)
		logSteps := os.Getenv("WS_STORM_STEPS") != ""
		b.StartTimer()
		start := time.Now()
		steps := timeSteps(w, w.Now()+40*time.Second, func(at, d time.Duration, what string) {
			if d > 5*time.Millisecond && logSteps {
				fmt.Fprintf(os.Stderr, "%v %v %s\n", FormatTime(at), d.Round(100*time.Microsecond), what)
			}
		})
		wall := time.Since(start)
		b.StopTimer()
		slices.Sort(steps)
		over := len(steps) - sortIndexAbove(steps, 5*time.Millisecond)
		b.ReportMetric(msOf(steps[len(steps)-1]), "max-step-ms")
		b.ReportMetric(msOf(steps[len(steps)*999/1000]), "p999-step-ms")
		b.ReportMetric(float64(over), "steps-over-5ms")
		b.ReportMetric(wall.Seconds(), "wall-s")
		if c := w.CheckConvergence(); !c.Converged {
			b.Errorf("the storm did not converge in 40 s: %v", c)
		}
		runtime.KeepAlive(w)
	}
}

// stormWorld is the sandbox a ?nodes=5000 link opens (ui/live's
// SandboxConfig), run to 20 s, with its API server restarted.
func stormWorld(b *testing.B) *World {
	cfg := Config{Seed: 1, TraceWindow: 4000}
	cfg.APIServers.Replicas = 1
	cfg.Cluster.Nodes = 5000
	cfg.Cluster.KubectlWatchers = 1
	w, err := NewWorld(cfg)
	if err != nil {
		b.Fatal(err)
	}
	w.RunUntil(20 * time.Second)
	if err := w.RestartAPIServer("apiserver-0"); err != nil {
		b.Fatal(err)
	}
	return w
}

// timeSteps runs w to end one step at a time and returns every step's
// wall time; each also goes to seen with its virtual time and what it ran.
func timeSteps(w *World, end time.Duration, seen func(at, d time.Duration, what string)) []time.Duration {
	var steps []time.Duration
	for {
		at, ok := w.NextAt()
		if !ok || at > end {
			w.RunUntil(end)
			return steps
		}
		what := stepKind(w.sched.next().q[0])
		// Let other goroutines run between steps, as the page does between
		// frames: in wasm (one thread, no preemption) the garbage
		// collector's background marking runs only then; without it all
		// of a cycle's marking falls on whichever steps allocate (assists),
		// up to ~100 ms in one step that the page never sees.
		runtime.Gosched()
		t0 := time.Now()
		w.Step()
		d := time.Since(t0)
		steps = append(steps, d)
		seen(at, d, what)
	}
}

// stepKind names an event's work: its type, or a function's name.
func stepKind(e entry) string {
	kind := fmt.Sprintf("%T", e.work)
	if f, ok := e.work.(funcTask); ok {
		kind = runtime.FuncForPC(reflect.ValueOf(f).Pointer()).Name()
	}
	if e.conn != nil {
		kind += " on " + e.conn.String()
	}
	return kind
}

// sortIndexAbove is the index of the first of sorted longer than d.
func sortIndexAbove(sorted []time.Duration, d time.Duration) int {
	i, _ := slices.BinarySearch(sorted, d+1)
	return i
}

func msOf(d time.Duration) float64 { return float64(d) / float64(time.Millisecond) }
