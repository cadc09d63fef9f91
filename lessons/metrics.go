package lessons

import (
	"fmt"
	"maps"
	"slices"
	"strings"

	"watchscope/engine"
	"watchscope/mvcc"
)

// etcdMetrics maps the Prometheus names of etcd's metrics to the simulated
// member's values, for the ones the world's registry does not carry
// itself. Looked up by name only, never iterated.
var etcdMetrics = map[string]func(mvcc.Metrics) int64{
	"etcd_debugging_mvcc_watch_stream_total":       func(m mvcc.Metrics) int64 { return m.WatchStreamTotal },
	"etcd_debugging_mvcc_watcher_total":            func(m mvcc.Metrics) int64 { return m.WatcherTotal },
	"etcd_debugging_mvcc_slow_watcher_total":       func(m mvcc.Metrics) int64 { return m.SlowWatcherTotal },
	"etcd_debugging_mvcc_pending_events_total":     func(m mvcc.Metrics) int64 { return m.PendingEventsTotal },
	"etcd_debugging_mvcc_current_revision":         func(m mvcc.Metrics) int64 { return m.CurrentRevision },
	"etcd_debugging_mvcc_compact_revision":         func(m mvcc.Metrics) int64 { return m.CompactRevision },
	"etcd_debugging_mvcc_db_compaction_keys_total": func(m mvcc.Metrics) int64 { return m.DbCompactionKeysTotal },
	"etcd_mvcc_db_total_size_in_bytes":             func(m mvcc.Metrics) int64 { return m.DbTotalSizeInBytes },
	"etcd_mvcc_db_total_size_in_use_in_bytes":      func(m mvcc.Metrics) int64 { return m.DbTotalSizeInUse },
	"etcd_server_quota_backend_bytes":              func(m mvcc.Metrics) int64 { return m.QuotaBackendBytes },
	"etcd_mvcc_put_total":                          func(m mvcc.Metrics) int64 { return m.PutTotal },
	"etcd_mvcc_delete_total":                       func(m mvcc.Metrics) int64 { return m.DeleteTotal },
	"etcd_mvcc_range_total":                        func(m mvcc.Metrics) int64 { return m.RangeTotal },
	"etcd_mvcc_txn_total":                          func(m mvcc.Metrics) int64 { return m.TxnTotal },
}

// metricValue reads one series: first from the world's registry (which
// later layers fill), then from etcd's own metrics. A name whose labels
// are not the series' full set reads like PromQL's sum(name{labels}):
// the sum of every series of that name carrying those labels, so
// `metric apiserver_terminated_watchers_total` adds up every replica and
// resource, and `metric watch_cache_capacity{resource="pods"}` every
// replica's pods cache.
//
// A counter nothing has counted yet has no series (the layers create one
// on its first increment), so a series nothing matches reads 0 when its
// name is known: the world has that name under other labels, or the
// lesson declares it in its metrics: header. A name known neither way is
// an error with a did-you-mean, so a typo never reads as a quiet zero.
func metricValue(w *engine.World, series string, declared []string) (Value, error) {
	if v, ok := w.Metrics.Value(series); ok {
		return num(v), nil
	}
	if get, ok := etcdMetrics[series]; ok && w.Etcd != nil {
		return num(float64(get(w.Etcd.Metrics()))), nil
	}
	name, want := splitSeries(series)
	sum, found, known := 0.0, false, slices.Contains(declared, name)
	for _, s := range w.Metrics.Names() {
		n, labels := splitSeries(s)
		if n != name {
			continue
		}
		known = true
		if !hasLabels(labels, want) {
			continue
		}
		if v, ok := w.Metrics.Value(s); ok {
			sum, found = sum+v, true
		}
	}
	if found || known {
		return num(sum), nil
	}
	return Value{}, fmt.Errorf("no metric is named %s in this world or the lesson's metrics: header%s",
		name, didYouMean(name, knownMetricNames(w, declared)))
}

// knownMetricNames are the names a did-you-mean may offer: the world's
// series names, etcd's and the lesson's declared ones, sorted, once each.
func knownMetricNames(w *engine.World, declared []string) []string {
	names := slices.Clone(declared)
	for _, s := range w.Metrics.Names() {
		n, _ := splitSeries(s)
		names = append(names, n)
	}
	names = slices.AppendSeq(names, maps.Keys(etcdMetrics))
	slices.Sort(names)
	return slices.Compact(names)
}

// splitSeries splits `name{a="1",b="2"}` into the name and its labels
// (each `a="1"`). Label values in this simulation hold no commas.
func splitSeries(s string) (string, []string) {
	name, rest, ok := strings.Cut(s, "{")
	if !ok {
		return s, nil
	}
	rest = strings.TrimSuffix(rest, "}")
	if rest == "" {
		return name, nil
	}
	return name, strings.Split(rest, ",")
}

// hasLabels reports whether every wanted label is among have.
func hasLabels(have, want []string) bool {
	for _, l := range want {
		if !slices.Contains(have, l) {
			return false
		}
	}
	return true
}
