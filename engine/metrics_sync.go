package engine

import "watchscope/apiserver"

// syncedSeries is one replica series as syncMetrics last saw it: the
// registry's gauge, or the counter (registered on its first increase)
// and the replica's last reported count, shared through apiClients.metrics
// under the series' text form.
//
//	Sample{Name, Labels} --raw key--> syncedSeries --> registry metric
//	"name\x00instance\x00apiserver-0\x00verb\x00LIST..."
type syncedSeries struct {
	labels  []string // instance=<replica>, then the sample's pairs
	gauge   *Gauge
	counter *Counter
	last    *float64
}

// syncedSeries returns the cached entry of s, creating it on first sight
// (when a gauge is registered, as before the cache existed).
func (r *apiReplica) syncedSeries(s apiserver.Sample) *syncedSeries {
	k := append(r.syncKey[:0], s.Name...)
	for _, l := range s.Labels {
		k = append(append(append(append(k, 0), l[0]...), 0), l[1]...)
	}
	r.syncKey = k
	if e, ok := r.syncCache[string(k)]; ok {
		return e
	}
	if r.syncCache == nil {
		r.syncCache = map[string]*syncedSeries{}
	}
	e := &syncedSeries{labels: []string{"instance", r.node}}
	for _, l := range s.Labels {
		e.labels = append(e.labels, l[0], l[1])
	}
	w := r.c.w
	if !s.Counter {
		e.gauge = w.Metrics.Gauge(s.Name, e.labels...)
	} else {
		key := SeriesName(s.Name, e.labels...)
		if e.last = r.c.metrics[key]; e.last == nil {
			e.last = new(float64)
			r.c.metrics[key] = e.last
		}
	}
	r.syncCache[string(k)] = e
	return e
}
