package apiserver

import (
	"fmt"
	"strings"

	am "watchscope/apimachinery"
	"watchscope/internal/order"
)

// metrics are the replica's own series (besides the cachers'), kept as
// plain numbers; Samples renders them with the real names and labels.
type metrics struct {
	requestTotal     map[[5]string]int64 // verb, group, version, resource, code
	watchEventsTotal map[string]int64    // group-resource
	etcdRequests     map[[2]string]int64 // operation, type
	oomKills         int64
	restarts         int64
	endedStreams     []*Stream

	// What Samples reuses from call to call (metrics_keys.go).
	samples                    []Sample
	requestKeys                seriesKeys[[5]string]
	watchEventKeys             seriesKeys[string]
	etcdKeys                   seriesKeys[[2]string]
	longrunningKeys            seriesKeys[[2]string]
	rejectedKeys               seriesKeys[[3]string]
	inqueueKeys, executingKeys seriesKeys[[2]string]
	estimatedKeys              seriesKeys[[2]string]
	restartLabels              [][2]string
}

func (m *metrics) init() { m.resetProcess() }

// resetProcess starts the process's own counters again at zero, as a
// restarted kube-apiserver's Prometheus registry does. The restart count
// is the kubelet's (kube_pod_container_status_restarts_total) and stays.
func (m *metrics) resetProcess() {
	m.requestTotal = map[[5]string]int64{}
	m.watchEventsTotal = map[string]int64{}
	m.etcdRequests = map[[2]string]int64{}
}

// Boots counts the processes this replica has started (1 for the first):
// a change tells a scraper the counters began again at zero.
func (s *Server) Boots() int { return s.boots }

func (s *Server) countRequest(c *call, code int32) {
	res := c.p.res
	if res.Resource == "" {
		res.Resource = c.req.Resource
	}
	s.requestTotal[[5]string{string(c.req.Verb), res.Group, res.Version, res.Resource, codeText(code)}]++
}

// countEtcd counts one storage call (etcd_requests_total{operation,type}).
func (s *Server) countEtcd(op string, r am.Resource) {
	s.etcdRequests[[2]string{op, groupResource(r)}]++
}

// Sample is one series value: name, label pairs in order, value, and
// whether it is a counter (else a gauge).
type Sample struct {
	Name    string
	Labels  [][2]string
	Value   float64
	Counter bool
}

// Samples lists every series of the replica in a fixed order: request
// counts, long-running requests, APF or max-in-flight, memory, restarts,
// storage calls, then each cacher's series. The slice returned, and the
// label pairs in it, are the replica's: the next call reuses the slice,
// and the labels must not be changed.
func (s *Server) Samples() []Sample {
	out := s.samples[:0]
	add := func(name string, v float64, counter bool, labels [][2]string) {
		out = append(out, Sample{Name: name, Labels: labels, Value: v, Counter: counter})
	}
	rk := seriesOf(&s.requestKeys, s.requestTotal, func(k [5]string) [][2]string {
		return [][2]string{{"verb", k[0]}, {"group", k[1]}, {"version", k[2]}, {"resource", k[3]}, {"code", k[4]}}
	})
	for i, k := range rk.order {
		add("apiserver_request_total", float64(s.requestTotal[k]), true, rk.labels[i])
	}
	wk := seriesOf(&s.watchEventKeys, s.watchEventsTotal, func(k string) [][2]string {
		r, _ := am.LookupResource(k)
		return [][2]string{{"group", r.Group}, {"version", r.Version}, {"resource", r.Resource}}
	})
	for i, k := range wk.order {
		add("apiserver_watch_events_total", float64(s.watchEventsTotal[k]), true, wk.labels[i])
	}
	out = s.longrunningSamples(out)
	out = s.flowControlSamples(out)
	add("process_resident_memory_bytes", float64(s.MemoryBytes()), false, nil)
	if s.restartLabels == nil {
		s.restartLabels = [][2]string{{"container", "kube-apiserver"}, {"pod", s.cfg.Name}}
	}
	add("kube_pod_container_status_restarts_total", float64(s.oomKills+s.restarts), true, s.restartLabels)
	ek := seriesOf(&s.etcdKeys, s.etcdRequests, func(k [2]string) [][2]string {
		return [][2]string{{"operation", k[0]}, {"type", k[1]}}
	})
	for i, k := range ek.order {
		add("etcd_requests_total", float64(s.etcdRequests[k]), true, ek.labels[i])
	}
	for _, rc := range s.resources {
		if rc.cacher == nil {
			continue
		}
		for _, cs := range rc.cacher.Metrics().Samples(rc.res.Group, rc.res.Resource) {
			counter := len(cs.Name) > 6 && cs.Name[len(cs.Name)-6:] == "_total"
			out = append(out, Sample{Name: cs.Name, Labels: cs.Labels, Value: cs.Value, Counter: counter})
		}
	}
	s.samples = out
	return out
}

// longrunningSamples appends apiserver_longrunning_requests{verb="WATCH",
// ...}: one series per resource and scope with open watches.
func (s *Server) longrunningSamples(out []Sample) []Sample {
	counts := s.longrunning
	lk := seriesOf(&s.longrunningKeys, counts, func(k [2]string) [][2]string {
		r, _ := am.LookupResource(k[0])
		return [][2]string{{"component", "apiserver"}, {"group", r.Group}, {"resource", r.Resource}, {"scope", k[1]},
			{"subresource", ""}, {"verb", "WATCH"}, {"version", r.Version}}
	})
	for i, k := range lk.order {
		out = append(out, Sample{Name: "apiserver_longrunning_requests", Value: float64(counts[k]), Labels: lk.labels[i]})
	}
	return out
}

// flowControlSamples appends max-in-flight's or APF's series.
func (s *Server) flowControlSamples(out []Sample) []Sample {
	if s.mif != nil {
		return append(out,
			Sample{Name: "apiserver_current_inflight_requests", Labels: inflightLabels[0], Value: float64(s.mif.mutating)},
			Sample{Name: "apiserver_current_inflight_requests", Labels: inflightLabels[1], Value: float64(s.mif.readOnly)})
	}
	if s.apf == nil {
		return out
	}
	rk := seriesOf(&s.rejectedKeys, s.apf.rejected, func(k [3]string) [][2]string {
		return [][2]string{{"flow_schema", k[0]}, {"priority_level", k[1]}, {"reason", k[2]}}
	})
	for i, k := range rk.order {
		out = append(out, Sample{Name: "apiserver_flowcontrol_rejected_requests_total", Counter: true,
			Value: float64(s.apf.rejected[k]), Labels: rk.labels[i]})
	}
	fsLabels := func(k [2]string) [][2]string { return [][2]string{{"flow_schema", k[0]}, {"priority_level", k[1]}} }
	qk := seriesOf(&s.inqueueKeys, s.apf.inqueue, fsLabels)
	for i, k := range qk.order {
		out = append(out, Sample{Name: "apiserver_flowcontrol_current_inqueue_requests", Value: float64(s.apf.inqueue[k]), Labels: qk.labels[i]})
	}
	xk := seriesOf(&s.executingKeys, s.apf.executing, fsLabels)
	for i, k := range xk.order {
		out = append(out, Sample{Name: "apiserver_flowcontrol_current_executing_seats", Value: float64(s.apf.executing[k]), Labels: xk.labels[i]})
	}
	return s.seatSamples(out)
}

// inflightLabels are max-in-flight's two series' labels.
var inflightLabels = [2][][2]string{{{"request_kind", "mutating"}}, {{"request_kind", "readOnly"}}}

// sortedKeys returns a map's keys in a fixed order (never map order): by
// their fmt text ("[a b c]" for an array), each key printed once.
func sortedKeys[K interface {
	~string | ~[2]string | ~[3]string | ~[5]string
}, V any](m map[K]V) []K {
	type keyed struct {
		k    K
		text string
	}
	all := make([]keyed, 0, len(m))
	for k := range m {
		all = append(all, keyed{k, fmt.Sprint(k)})
	}
	order.SortFunc(all, func(a, b keyed) int { return strings.Compare(a.text, b.text) })
	keys := make([]K, len(all))
	for i, e := range all {
		keys[i] = e.k
	}
	return keys
}
