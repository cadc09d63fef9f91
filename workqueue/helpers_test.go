package workqueue

import (
	"fmt"
	"time"
)

const ms = time.Millisecond

// fakeMetrics records every queue metric by name, as the registry would.
type fakeMetrics struct {
	values map[string]float64
	obs    map[string][]float64
}

func newFakeMetrics() *fakeMetrics {
	return &fakeMetrics{values: map[string]float64{}, obs: map[string][]float64{}}
}

type fakeValue struct {
	m    *fakeMetrics
	name string
}

func (v fakeValue) Inc()              { v.m.values[v.name]++ }
func (v fakeValue) Dec()              { v.m.values[v.name]-- }
func (v fakeValue) Set(x float64)     { v.m.values[v.name] = x }
func (v fakeValue) Observe(x float64) { v.m.obs[v.name] = append(v.m.obs[v.name], x) }

func (m *fakeMetrics) v(metric, queue string) fakeValue {
	return fakeValue{m, fmt.Sprintf("%s{name=%q}", metric, queue)}
}
func (m *fakeMetrics) NewDepthMetric(n string) GaugeMetric       { return m.v(DepthMetric, n) }
func (m *fakeMetrics) NewAddsMetric(n string) CounterMetric      { return m.v(AddsMetric, n) }
func (m *fakeMetrics) NewRetriesMetric(n string) CounterMetric   { return m.v(RetriesMetric, n) }
func (m *fakeMetrics) NewLatencyMetric(n string) HistogramMetric { return m.v(QueueLatencyMetric, n) }
func (m *fakeMetrics) NewWorkDurationMetric(n string) HistogramMetric {
	return m.v(WorkDurationMetric, n)
}
func (m *fakeMetrics) NewUnfinishedWorkSecondsMetric(n string) SettableGaugeMetric {
	return m.v(UnfinishedWorkMetric, n)
}
func (m *fakeMetrics) NewLongestRunningProcessorSecondsMetric(n string) SettableGaugeMetric {
	return m.v(LongestRunningProcessorMetric, n)
}

func (m *fakeMetrics) get(metric string) float64 {
	return m.values[fmt.Sprintf("%s{name=%q}", metric, "q")]
}
func (m *fakeMetrics) observed(metric string) []float64 {
	return m.obs[fmt.Sprintf("%s{name=%q}", metric, "q")]
}

// drain Gets every queued key.
func drain(q *Queue, now time.Duration) []string {
	var out []string
	for {
		k, ok, _ := q.Get(now)
		if !ok {
			return out
		}
		out = append(out, k)
	}
}
