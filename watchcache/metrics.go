package watchcache

import "strconv"

// readWaitBuckets are the upper bounds of
// apiserver_watch_cache_read_wait_seconds, as the real cacher metrics
// declare them (k8s.io/apiserver 1.36 pkg/storage/cacher/metrics).
var readWaitBuckets = [...]float64{0.005, 0.025, 0.05, 0.1, 0.2, 0.4, 0.6, 0.8, 1.0, 1.25, 1.5, 2, 3}

// Metrics are the cacher's Prometheus series for one resource (C3, C13)
// as plain numbers; Samples renders them with the exact names and labels
// for the engine's registry.
type Metrics struct {
	EventsReceivedTotal   int64 // apiserver_watch_cache_events_received_total
	EventsDispatchedTotal int64 // apiserver_watch_cache_events_dispatched_total
	InitializationsTotal  int64 // apiserver_watch_cache_initializations_total
	ResourceVersion       uint64
	ReadWaitCount         int64   // apiserver_watch_cache_read_wait_seconds_count
	ReadWaitSumSeconds    float64 // apiserver_watch_cache_read_wait_seconds_sum
	// ReadWaitBuckets counts waits per bucket of readWaitBuckets (not
	// cumulative; the last entry is +Inf). Samples prints them cumulative
	// as apiserver_watch_cache_read_wait_seconds_bucket{le=...}.
	ReadWaitBuckets [len(readWaitBuckets) + 1]int64
	// apiserver_watch_cache_consistent_read_total{success,fallback}. As in
	// the real delegator, success is the final result: a read served by
	// etcd after the cache wait timed out is success="true",fallback="true".
	ConsistentReadSuccess        int64 // success="true",fallback="false": served from the cache
	ConsistentReadFallback       int64 // success="true",fallback="true": etcd served it after the wait
	ConsistentReadFallbackFailed int64 // success="false",fallback="true": etcd failed too
	ConsistentReadFailed         int64 // success="false",fallback="false": the cache read failed otherwise
	InitEventsTotal              int64 // apiserver_init_events_total
	TerminatedWatchersTotal      int64 // apiserver_terminated_watchers_total
	ListTotal                    int64 // apiserver_cache_list_total
	ListFetchedObjectsTotal      int64 // apiserver_cache_list_fetched_objects_total
	ListReturnedObjectsTotal     int64 // apiserver_cache_list_returned_objects_total
	Capacity                     int64 // watch_cache_capacity (no apiserver_ prefix)
	CapacityIncreaseTotal        int64 // watch_cache_capacity_increase_total
	CapacityDecreaseTotal        int64 // watch_cache_capacity_decrease_total

	// labels are Samples' label sets, built on its first call and shared
	// by every later one (they never change for one resource).
	labels *sampleLabels
}

// sampleLabels are the immutable label sets of one resource's series.
type sampleLabels struct {
	group, resource string
	gr, idx         [][2]string
	consistent      [4][][2]string // success/fallback: tt-f, t-t, f-t, f-f as Samples lists them
	buckets         [len(readWaitBuckets) + 1][][2]string
}

func newSampleLabels(group, resource string) *sampleLabels {
	l := &sampleLabels{group: group, resource: resource, gr: [][2]string{{"group", group}, {"resource", resource}}}
	with := func(extra ...[2]string) [][2]string {
		return append(append([][2]string{}, l.gr...), extra...)
	}
	l.idx = with([2]string{"index", ""})
	for i, sf := range [4][2]string{{"true", "false"}, {"true", "true"}, {"false", "true"}, {"false", "false"}} {
		l.consistent[i] = with([2]string{"success", sf[0]}, [2]string{"fallback", sf[1]})
	}
	for i := range l.buckets {
		le := "+Inf"
		if i < len(readWaitBuckets) {
			le = strconv.FormatFloat(readWaitBuckets[i], 'g', -1, 64)
		}
		l.buckets[i] = with([2]string{"le", le})
	}
	return l
}

// Sample is one series value: metric name, label pairs in order, value.
type Sample struct {
	Name   string
	Labels [][2]string
	Value  float64
}

// Samples lists every series in a fixed order with 1.36 labels
// (group, resource; list metrics add index="").
func (m *Metrics) Samples(group, resource string) []Sample {
	if m.labels == nil || m.labels.group != group || m.labels.resource != resource {
		m.labels = newSampleLabels(group, resource)
	}
	l := m.labels
	gr := l.gr
	out := make([]Sample, 0, 22+len(m.ReadWaitBuckets))
	out = append(out, []Sample{
		{"apiserver_watch_cache_events_received_total", gr, float64(m.EventsReceivedTotal)},
		{"apiserver_watch_cache_events_dispatched_total", gr, float64(m.EventsDispatchedTotal)},
		{"apiserver_watch_cache_initializations_total", gr, float64(m.InitializationsTotal)},
		{"apiserver_watch_cache_resource_version", gr, float64(m.ResourceVersion % 1e15)},
		{"apiserver_watch_cache_read_wait_seconds_count", gr, float64(m.ReadWaitCount)},
		{"apiserver_watch_cache_read_wait_seconds_sum", gr, m.ReadWaitSumSeconds},
	}...)
	out = m.appendReadWaitBuckets(out, l)
	const consistent = "apiserver_watch_cache_consistent_read_total"
	out = append(out,
		Sample{consistent, l.consistent[0], float64(m.ConsistentReadSuccess)},
		Sample{consistent, l.consistent[1], float64(m.ConsistentReadFallback)},
		Sample{consistent, l.consistent[2], float64(m.ConsistentReadFallbackFailed)},
		Sample{consistent, l.consistent[3], float64(m.ConsistentReadFailed)})
	return append(out, []Sample{
		{"apiserver_init_events_total", gr, float64(m.InitEventsTotal)},
		{"apiserver_terminated_watchers_total", gr, float64(m.TerminatedWatchersTotal)},
		{"apiserver_cache_list_total", l.idx, float64(m.ListTotal)},
		{"apiserver_cache_list_fetched_objects_total", l.idx, float64(m.ListFetchedObjectsTotal)},
		{"apiserver_cache_list_returned_objects_total", gr, float64(m.ListReturnedObjectsTotal)},
		{"watch_cache_capacity", gr, float64(m.Capacity)},
		{"watch_cache_capacity_increase_total", gr, float64(m.CapacityIncreaseTotal)},
		{"watch_cache_capacity_decrease_total", gr, float64(m.CapacityDecreaseTotal)},
	}...)
}

// appendReadWaitBuckets prints the read-wait histogram's buckets the way
// Prometheus exposes them: cumulative counts, le="0.005" ... le="+Inf".
func (m *Metrics) appendReadWaitBuckets(out []Sample, l *sampleLabels) []Sample {
	var cum int64
	for i, n := range m.ReadWaitBuckets {
		cum += n
		out = append(out, Sample{"apiserver_watch_cache_read_wait_seconds_bucket", l.buckets[i], float64(cum)})
	}
	return out
}

// observeReadWait records one freshness wait in the histogram.
func (m *Metrics) observeReadWait(seconds float64) {
	m.ReadWaitCount++
	m.ReadWaitSumSeconds += seconds
	i := 0
	for i < len(readWaitBuckets) && seconds > readWaitBuckets[i] {
		i++
	}
	m.ReadWaitBuckets[i]++
}
