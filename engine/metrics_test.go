package engine

import (
	"math"
	"slices"
	"strings"
	"testing"
	"time"
)

func TestSeriesName(t *testing.T) {
	tests := []struct {
		name   string
		labels []string
		want   string
	}{
		{"etcd_mvcc_put_total", nil, "etcd_mvcc_put_total"},
		{"apiserver_terminated_watchers_total", []string{"resource", "pods", "group", ""},
			`apiserver_terminated_watchers_total{group="",resource="pods"}`},
		{"x", []string{"v", "a\"b\\c\nd"}, `x{v="a\"b\\c\nd"}`},
	}
	for _, tt := range tests {
		if got := SeriesName(tt.name, tt.labels...); got != tt.want {
			t.Errorf("SeriesName = %s, want %s", got, tt.want)
		}
	}
}

func TestMetricsRegistry(t *testing.T) {
	m := NewMetrics(time.Second, 10)
	c := m.Counter("req_total", "verb", "LIST")
	c.Inc()
	m.Counter("req_total", "verb", "LIST").Add(2) // same series
	m.Gauge("mem_bytes").Set(5)
	m.Gauge("mem_bytes").Add(-2)
	v := 7.0
	m.GaugeFunc("rev", func() float64 { return v })
	m.Histogram("wait_seconds", []float64{0.1, 1}, "resource", "pods").Observe(0.5)
	for series, want := range map[string]float64{`req_total{verb="LIST"}`: 3, "mem_bytes": 3, "rev": 7} {
		if got, ok := m.Value(series); !ok || got != want {
			t.Errorf("Value(%s) = %v, %v, want %v", series, got, ok, want)
		}
	}
	wantNames := []string{"mem_bytes", `req_total{verb="LIST"}`, "rev", `wait_seconds{resource="pods"}`}
	if got := m.Names(); !slices.Equal(got, wantNames) {
		t.Errorf("Names = %v, want %v", got, wantNames)
	}
	text := m.Text()
	for _, line := range []string{
		"# TYPE req_total counter", `req_total{verb="LIST"} 3`, "# TYPE rev gauge", "rev 7",
		`wait_seconds_bucket{resource="pods",le="1"} 1`, `wait_seconds_bucket{resource="pods",le="+Inf"} 1`,
		`wait_seconds_count{resource="pods"} 1`, `wait_seconds_sum{resource="pods"} 0.5`,
	} {
		if !strings.Contains(text, line+"\n") {
			t.Errorf("Text() lacks %q:\n%s", line, text)
		}
	}
	defer func() {
		if recover() == nil {
			t.Error("re-registering a counter as a gauge did not panic")
		}
	}()
	m.Gauge("req_total", "verb", "LIST")
}

// TestMetricsSampling: the sample at second k holds the state after
// everything at or before k, however the run is sliced.
func TestMetricsSampling(t *testing.T) {
	slicings := [][]time.Duration{
		{4 * time.Second},
		{time.Second, time.Second, ms(2500), ms(2501), 4 * time.Second},
		{ms(1), ms(999), ms(1000), ms(1001), ms(3999), 4 * time.Second},
	}
	for _, slicing := range slicings {
		w := newTestWorld(t, Config{})
		g := w.Metrics.Gauge("g")
		for i, at := range []time.Duration{ms(500), ms(1000), ms(2500)} {
			w.Schedule(at, 0, func() { g.Set(float64(i + 1)) })
		}
		for _, until := range slicing {
			w.RunUntil(until)
		}
		ts, _ := w.Metrics.Series("g")
		want := []Sample{{0, 0}, {time.Second, 2}, {2 * time.Second, 2}, {3 * time.Second, 3}}
		if got := ts.Samples(); !slices.Equal(got, want) {
			t.Errorf("slicing %v: samples %v, want %v", slicing, got, want)
		}
	}
}

func TestSeriesBounded(t *testing.T) {
	w := newTestWorld(t, Config{SeriesCapacity: 3})
	c := w.Metrics.Counter("c_total")
	w.Schedule(ms(8500), 0, func() { c.Inc() })
	w.RunUntil(ms(9500))
	w.RunUntil(time.Hour) // a jump longer than the ring
	ts, _ := w.Metrics.Series("c_total")
	got := ts.Samples()
	last := time.Hour - time.Second
	want := []Sample{{last - 2*time.Second, 1}, {last - time.Second, 1}, {last, 1}}
	if !slices.Equal(got, want) || ts.Cap() != 3 {
		t.Errorf("samples %v, want %v", got, want)
	}
	if ts.Dropped() != 3600-3 {
		t.Errorf("dropped %d, want %d", ts.Dropped(), 3600-3)
	}
}

func TestHistogramQuantile(t *testing.T) {
	h := NewHistogram([]float64{1, 2, 4})
	for _, v := range []float64{1, 1, 2, 3} {
		h.Observe(v)
	}
	tests := []struct{ q, want float64 }{
		{0.25, 0.5}, // rank 1 of 2 in (0,1]
		{0.5, 1},    // rank 2: top of (0,1]
		{0.75, 2},   // rank 3: top of (1,2]
		{1, 4},      // rank 4: top of (2,4]
	}
	for _, tt := range tests {
		if got := h.Quantile(tt.q); got != tt.want {
			t.Errorf("Quantile(%v) = %v, want %v", tt.q, got, tt.want)
		}
	}
	h.Observe(100) // +Inf bucket: answer is the highest finite bound
	if got := h.Quantile(0.99); got != 4 {
		t.Errorf("Quantile in +Inf = %v, want 4", got)
	}
	if b := h.Buckets(); b[len(b)-1].Count != 5 || b[0].Count != 2 || !math.IsInf(b[3].UpperBound, 1) {
		t.Errorf("buckets %v", b)
	}
	if !math.IsNaN(NewHistogram([]float64{1}).Quantile(0.5)) {
		t.Error("empty histogram quantile is not NaN")
	}
}

// TestHistogramQuantileAccuracy: with uniform data the estimate is within
// one bucket width of the exact quantile, and monotonic in q.
func TestHistogramQuantileAccuracy(t *testing.T) {
	var bounds []float64
	for b := 0.05; b <= 3; b += 0.05 {
		bounds = append(bounds, math.Round(b*100)/100)
	}
	h := NewHistogram(bounds)
	r := NewRand(9)
	var vals []float64
	for range 20000 {
		v := r.Float64() * 3
		vals = append(vals, v)
		h.Observe(v)
	}
	slices.Sort(vals)
	prev := 0.0
	for q := 0.01; q < 1; q += 0.01 {
		got := h.Quantile(q)
		exact := vals[int(q*float64(len(vals)))]
		if math.Abs(got-exact) > 0.05 || got < prev {
			t.Fatalf("Quantile(%.2f) = %v, exact %v, previous %v", q, got, exact, prev)
		}
		prev = got
	}
}

// TestSampleBySum: a family sampled by its sum keeps every series' value
// but one ring, of the total, whatever order series and the call come in.
func TestSampleBySum(t *testing.T) {
	w := newTestWorld(t, Config{})
	early := w.Metrics.Counter("bytes_total", "node", "a")
	early.Add(5)
	w.Metrics.SampleBySum("bytes_total")
	late := w.Metrics.Counter("bytes_total", "node", "b")
	g := w.Metrics.Gauge("bytes_total", "node", "c")
	w.Schedule(ms(500), 0, func() { late.Add(2); g.Set(10) })
	w.Schedule(ms(1500), 0, func() { g.Set(4); early.Inc() })
	w.RunUntil(ms(2500))
	if v, _ := w.Metrics.Value(`bytes_total{node="b"}`); v != 2 {
		t.Errorf("member value %v, want 2", v)
	}
	if _, ok := w.Metrics.Series(`bytes_total{node="a"}`); ok {
		t.Error("a member of a summed family kept a ring of its own")
	}
	ts, ok := w.Metrics.Series("bytes_total")
	if !ok {
		t.Fatal("no ring for the family's sum")
	}
	want := []Sample{{0, 5}, {time.Second, 17}, {2 * time.Second, 12}}
	if got := ts.Samples(); !slices.Equal(got, want) {
		t.Errorf("sum samples %v, want %v", got, want)
	}
	if v, _ := w.Metrics.Value("bytes_total"); v != 12 {
		t.Errorf("family total %v, want 12", v)
	}
	if slices.Contains(w.Metrics.Names(), "bytes_total") {
		t.Error("the family's sum is listed as a series")
	}
}
