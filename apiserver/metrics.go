package apiserver

import (
	"fmt"
	"slices"
	"strings"

	am "watchscope/apimachinery"
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
}

func (m *metrics) init() {
	m.requestTotal = map[[5]string]int64{}
	m.watchEventsTotal = map[string]int64{}
	m.etcdRequests = map[[2]string]int64{}
}

func (s *Server) countRequest(c *call, code int32) {
	res := c.p.res
	if res.Resource == "" {
		res.Resource = c.req.Resource
	}
	s.requestTotal[[5]string{string(c.req.Verb), res.Group, res.Version, res.Resource, fmt.Sprint(code)}]++
}

// countEtcd counts one storage call (etcd_requests_total{operation,type}).
func (s *Server) countEtcd(op string, r am.Resource) {
	s.etcdRequests[[2]string{op, r.GroupResource()}]++
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
// storage calls, then each cacher's series.
func (s *Server) Samples() []Sample {
	var out []Sample
	add := func(name string, v float64, counter bool, labels ...[2]string) {
		out = append(out, Sample{Name: name, Labels: labels, Value: v, Counter: counter})
	}
	for _, k := range sortedKeys(s.requestTotal) {
		add("apiserver_request_total", float64(s.requestTotal[k]), true, [2]string{"verb", k[0]},
			[2]string{"group", k[1]}, [2]string{"version", k[2]}, [2]string{"resource", k[3]}, [2]string{"code", k[4]})
	}
	for _, k := range sortedKeys(s.watchEventsTotal) {
		r, _ := am.LookupResource(k)
		add("apiserver_watch_events_total", float64(s.watchEventsTotal[k]), true,
			[2]string{"group", r.Group}, [2]string{"version", r.Version}, [2]string{"resource", r.Resource})
	}
	out = append(out, s.longrunningSamples()...)
	out = append(out, s.flowControlSamples()...)
	add("process_resident_memory_bytes", float64(s.MemoryBytes()), false)
	add("kube_pod_container_status_restarts_total", float64(s.oomKills+s.restarts), true,
		[2]string{"container", "kube-apiserver"}, [2]string{"pod", s.cfg.Name})
	for _, k := range sortedKeys(s.etcdRequests) {
		add("etcd_requests_total", float64(s.etcdRequests[k]), true, [2]string{"operation", k[0]}, [2]string{"type", k[1]})
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
	return out
}

// longrunningSamples: apiserver_longrunning_requests{verb="WATCH",...},
// one series per resource and scope with open watches.
func (s *Server) longrunningSamples() []Sample {
	counts := s.longrunning
	var out []Sample
	for _, k := range sortedKeys(counts) {
		r, _ := am.LookupResource(k[0])
		out = append(out, Sample{Name: "apiserver_longrunning_requests", Value: float64(counts[k]), Labels: [][2]string{
			{"component", "apiserver"}, {"group", r.Group}, {"resource", r.Resource}, {"scope", k[1]},
			{"subresource", ""}, {"verb", "WATCH"}, {"version", r.Version}}})
	}
	return out
}

func (s *Server) flowControlSamples() []Sample {
	var out []Sample
	if s.mif != nil {
		out = append(out,
			Sample{Name: "apiserver_current_inflight_requests", Labels: [][2]string{{"request_kind", "mutating"}}, Value: float64(s.mif.mutating)},
			Sample{Name: "apiserver_current_inflight_requests", Labels: [][2]string{{"request_kind", "readOnly"}}, Value: float64(s.mif.readOnly)})
		return out
	}
	if s.apf == nil {
		return nil
	}
	for _, k := range sortedKeys(s.apf.rejected) {
		out = append(out, Sample{Name: "apiserver_flowcontrol_rejected_requests_total", Counter: true, Value: float64(s.apf.rejected[k]),
			Labels: [][2]string{{"flow_schema", k[0]}, {"priority_level", k[1]}, {"reason", k[2]}}})
	}
	for _, k := range sortedKeys(s.apf.inqueue) {
		out = append(out, Sample{Name: "apiserver_flowcontrol_current_inqueue_requests", Value: float64(s.apf.inqueue[k]),
			Labels: [][2]string{{"flow_schema", k[0]}, {"priority_level", k[1]}}})
	}
	for _, k := range sortedKeys(s.apf.executing) {
		out = append(out, Sample{Name: "apiserver_flowcontrol_current_executing_seats", Value: float64(s.apf.executing[k]),
			Labels: [][2]string{{"flow_schema", k[0]}, {"priority_level", k[1]}}})
	}
	return out
}

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
	slices.SortFunc(all, func(a, b keyed) int { return strings.Compare(a.text, b.text) })
	keys := make([]K, len(all))
	for i, e := range all {
		keys[i] = e.k
	}
	return keys
}
