package engine

import (
	"fmt"
	"maps"
	"math"
	"slices"
	"strings"
	"time"
)

// SimResult is what a scenario run reports: the metrics under their real
// names (summed over labels and replicas), and whether every informer
// converged on etcd's truth once the faults stopped.
type SimResult struct {
	Scenario      string             `json:"scenario"`
	Nodes         int                `json:"nodes"`
	Seed          uint64             `json:"seed"`
	SimSeconds    float64            `json:"sim_seconds"`
	SettleSeconds float64            `json:"settle_seconds"`
	Events        int                `json:"events"`
	Clients       int                `json:"clients"`
	Informers     int                `json:"informers"`
	Faults        int                `json:"faults"`
	Metrics       map[string]float64 `json:"metrics"`
	Converged     bool               `json:"converged"`
	Differences   []string           `json:"differences,omitempty"`
	TotalDiffs    int                `json:"total_differences,omitempty"`
	TraceHash     string             `json:"trace_hash"`
	// StreamViolations are the StreamChecker's findings (CheckStreams).
	StreamViolations []string `json:"stream_violations,omitempty"`
	StreamsChecked   int      `json:"streams_checked,omitempty"`
}

// settle bounds how long a run waits for convergence after the faults
// stop: long enough for the longest reflector backoff (30-60s) twice.
const (
	settleMax   = 3 * time.Minute
	settleCheck = 5 * time.Second
)

// RunScenario builds the scenario's world, runs it for its duration,
// stops the writers and every fault, then runs until every informer has
// converged (or settleMax passed) and reports.
func RunScenario(s Scenario) (SimResult, *World, error) {
	if err := s.Validate(); err != nil {
		return SimResult{}, nil, err
	}
	w, err := NewWorld(s.Config())
	if err != nil {
		return SimResult{}, nil, err
	}
	if s.CheckStreams {
		w.EnableStreamChecks()
	}
	w.scheduleFaults(s)
	events := w.RunUntil(s.Duration)
	w.cluster.Quiesce()
	w.ClearFaults()
	conv, settle := Convergence{}, time.Duration(0)
	for settle < settleMax {
		events += w.RunFor(settleCheck)
		settle += settleCheck
		if conv = w.CheckConvergence(); conv.Converged {
			break
		}
	}
	return w.summary(s, events, settle, conv), w, nil
}

// scheduleFaults queues the scenario's fault schedule.
func (w *World) scheduleFaults(s Scenario) {
	switch s.Name {
	case "restart-storm":
		w.Schedule(s.Duration/3, 0, func() { _ = w.RestartAPIServer("apiserver-0") })
	case "chaos":
		w.ScheduleChaos(s.Duration)
	}
}

// summary collects the result.
func (w *World) summary(s Scenario, events int, settle time.Duration, conv Convergence) SimResult {
	r := SimResult{Scenario: s.Name, Nodes: s.Nodes, Seed: s.Seed, SimSeconds: w.now.Seconds(),
		SettleSeconds: settle.Seconds(), Events: events, Clients: len(w.clients), Informers: conv.Informers,
		Faults: w.faultCount, Metrics: w.MetricSums(), Converged: conv.Converged, TotalDiffs: conv.Total,
		TraceHash: w.Trace.Hash()}
	for _, d := range conv.Differences {
		r.Differences = append(r.Differences, d.String())
	}
	if w.checker != nil {
		r.StreamViolations = w.checker.Finish(w)
		r.StreamsChecked = w.checker.Streams
	}
	maps.Copy(r.Metrics, w.reflectorTotals())
	return r
}

// MetricSums sums every registered series by metric name (over labels
// and replicas).
func (w *World) MetricSums() map[string]float64 {
	out := map[string]float64{}
	for _, series := range w.Metrics.Names() {
		v, ok := w.Metrics.Value(series)
		if !ok || math.IsNaN(v) {
			continue
		}
		name, _, _ := strings.Cut(series, "{")
		if strings.HasPrefix(name, "node_network_") {
			continue // per node: thousands of series, summed they say little
		}
		out[name] += v
	}
	return out
}

// reflectorTotals sums the client-side reflector counters under
// client-go's (legacy) reflector metric names.
func (w *World) reflectorTotals() map[string]float64 {
	out := map[string]float64{}
	for _, c := range w.clients {
		for _, inf := range c.factory.Informers() {
			r := inf.Reflector()
			if r == nil {
				continue
			}
			m := r.Metrics()
			out["reflector_lists_total"] += float64(m.ListAndWatchRuns)
			out["reflector_relists_total"] += float64(m.Relists)
			out["reflector_watch_errors_410_total"] += float64(m.Expired410)
			out["reflector_watch_errors_429_total"] += float64(m.TooManyRequests429)
			out["reflector_short_watches_total"] += float64(m.VeryShortWatches)
		}
	}
	return out
}

// String is the text form of a result, one "name value" per line after
// a header, metrics in name order.
func (r SimResult) String() string {
	var b strings.Builder
	fmt.Fprintf(&b, "scenario %s nodes=%d seed=%d sim=%.1fs settle=%.0fs events=%d clients=%d informers=%d faults=%d\n",
		r.Scenario, r.Nodes, r.Seed, r.SimSeconds, r.SettleSeconds, r.Events, r.Clients, r.Informers, r.Faults)
	for _, k := range slices.Sorted(mapsKeys(r.Metrics)) {
		fmt.Fprintf(&b, "  %-50s %g\n", k, r.Metrics[k])
	}
	fmt.Fprintf(&b, "converged: %t\n", r.Converged)
	for _, d := range r.Differences {
		fmt.Fprintf(&b, "  diff: %s\n", d)
	}
	if r.TotalDiffs > len(r.Differences) {
		fmt.Fprintf(&b, "  ... %d differences in all\n", r.TotalDiffs)
	}
	return b.String()
}
