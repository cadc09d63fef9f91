package console

import (
	"math"
	"math/rand/v2"
	"strings"
	"testing"

	"watchscope/engine"
)

// The verb's quantile agrees with the engine's PromQL-style estimate on
// random histograms (the same buckets, read back in cumulative form).
func TestHistogramQuantileMatchesEngine(t *testing.T) {
	bounds := []float64{0.005, 0.025, 0.05, 0.1, 0.2, 0.4, 0.6, 0.8, 1, 1.25, 1.5, 2, 3}
	r := rand.New(rand.NewPCG(1, 2))
	for trial := range 200 {
		eh := engine.NewHistogram(bounds)
		for range 1 + r.IntN(500) {
			eh.Observe(r.ExpFloat64() * 0.05 * float64(1+trial%7))
		}
		var h cumHistogram
		for _, b := range eh.Buckets() {
			h.bounds = append(h.bounds, b.UpperBound)
			h.cum = append(h.cum, float64(b.Count))
		}
		for _, q := range []float64{0.5, 0.9, 0.99, 0.999, 1} {
			got, want := h.quantile(q), eh.Quantile(q)
			if math.Abs(got-want) > 1e-9 {
				t.Fatalf("trial %d q=%v: got %v, engine says %v (buckets %v)", trial, q, got, want, h.cum)
			}
		}
	}
}

func TestSplitSeries(t *testing.T) {
	name, labels := splitSeries(`x_bucket{group="",le="0.1",resource="pods"}`)
	if name != "x_bucket" || labels["le"] != "0.1" || labels["resource"] != "pods" || len(labels) != 3 {
		t.Fatalf("got %s %v", name, labels)
	}
	if !labelsInclude(labels, map[string]string{"resource": "pods"}) || labelsInclude(labels, map[string]string{"resource": "nodes"}) {
		t.Fatal("labelsInclude")
	}
}

// End to end: a consistent LIST from kubectl is one read-wait observation
// on the pods cache, visible through the verb.
func TestSimHistogramReadWait(t *testing.T) {
	cfg := engine.Config{Seed: 1}
	cfg.APIServers.Replicas = 1
	_, sh, err := NewWorld(cfg)
	if err != nil {
		t.Fatal(err)
	}
	for _, line := range []string{"sim advance 5s", "kubectl get pods", "sim advance 1s"} {
		if _, err := sh.Exec(line); err != nil {
			t.Fatalf("%s: %v", line, err)
		}
	}
	out, err := sh.Exec("sim histogram apiserver_watch_cache_read_wait_seconds resource=pods")
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(out, `"Count" : 1`) || !strings.Contains(out, `le="+Inf" 1`) || !strings.Contains(out, `"P999" :`) {
		t.Fatalf("got:\n%s", out)
	}
	if _, err := sh.Exec("sim histogram no_such_histogram"); err == nil {
		t.Fatal("an unknown histogram must be an error")
	}
}
