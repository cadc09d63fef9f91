package watchcache

// Metrics are the cacher's Prometheus series for one resource (C3, C13)
// as plain numbers; Samples renders them with the exact names and labels
// for the engine's registry.
type Metrics struct {
	EventsReceivedTotal      int64 // apiserver_watch_cache_events_received_total
	EventsDispatchedTotal    int64 // apiserver_watch_cache_events_dispatched_total
	InitializationsTotal     int64 // apiserver_watch_cache_initializations_total
	ResourceVersion          uint64
	ReadWaitCount            int64   // apiserver_watch_cache_read_wait_seconds_count
	ReadWaitSumSeconds       float64 // apiserver_watch_cache_read_wait_seconds_sum
	ConsistentReadSuccess    int64   // ..._consistent_read_total{success="true",fallback="false"}
	ConsistentReadFallback   int64   // ..._consistent_read_total{success="false",fallback="true"}
	InitEventsTotal          int64   // apiserver_init_events_total
	TerminatedWatchersTotal  int64   // apiserver_terminated_watchers_total
	ListTotal                int64   // apiserver_cache_list_total
	ListFetchedObjectsTotal  int64   // apiserver_cache_list_fetched_objects_total
	ListReturnedObjectsTotal int64   // apiserver_cache_list_returned_objects_total
	Capacity                 int64   // watch_cache_capacity (no apiserver_ prefix)
	CapacityIncreaseTotal    int64   // watch_cache_capacity_increase_total
	CapacityDecreaseTotal    int64   // watch_cache_capacity_decrease_total
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
	gr := [][2]string{{"group", group}, {"resource", resource}}
	with := func(extra ...[2]string) [][2]string {
		return append(append([][2]string{}, gr...), extra...)
	}
	idx := [2]string{"index", ""}
	return []Sample{
		{"apiserver_watch_cache_events_received_total", gr, float64(m.EventsReceivedTotal)},
		{"apiserver_watch_cache_events_dispatched_total", gr, float64(m.EventsDispatchedTotal)},
		{"apiserver_watch_cache_initializations_total", gr, float64(m.InitializationsTotal)},
		{"apiserver_watch_cache_resource_version", gr, float64(m.ResourceVersion % 1e15)},
		{"apiserver_watch_cache_read_wait_seconds_count", gr, float64(m.ReadWaitCount)},
		{"apiserver_watch_cache_read_wait_seconds_sum", gr, m.ReadWaitSumSeconds},
		{"apiserver_watch_cache_consistent_read_total", with([2]string{"success", "true"}, [2]string{"fallback", "false"}), float64(m.ConsistentReadSuccess)},
		{"apiserver_watch_cache_consistent_read_total", with([2]string{"success", "false"}, [2]string{"fallback", "true"}), float64(m.ConsistentReadFallback)},
		{"apiserver_init_events_total", gr, float64(m.InitEventsTotal)},
		{"apiserver_terminated_watchers_total", gr, float64(m.TerminatedWatchersTotal)},
		{"apiserver_cache_list_total", with(idx), float64(m.ListTotal)},
		{"apiserver_cache_list_fetched_objects_total", with(idx), float64(m.ListFetchedObjectsTotal)},
		{"apiserver_cache_list_returned_objects_total", gr, float64(m.ListReturnedObjectsTotal)},
		{"watch_cache_capacity", gr, float64(m.Capacity)},
		{"watch_cache_capacity_increase_total", gr, float64(m.CapacityIncreaseTotal)},
		{"watch_cache_capacity_decrease_total", gr, float64(m.CapacityDecreaseTotal)},
	}
}
