package live

import (
	"slices"
	"strings"

	"watchscope/engine"
	"watchscope/ui/view"
)

// markersKeep is how many timeline markers a session remembers.
const markersKeep = 400

// ringResource is the resource whose watch cache state().counts reads.
const ringResource = "pods"

// worldCounts is state().counts: the replicas, the clients, and the
// first replica's pods cache (its watchers and ring) and memory.
func worldCounts(w *engine.World, clients int) CountsJSON {
	c := CountsJSON{APIServers: len(w.APIServers), Clients: clients}
	if len(w.APIServers) == 0 {
		return c
	}
	s := w.APIServers[0]
	c.MemBytes = s.MemoryBytes()
	if ch := s.Cacher(ringResource); ch != nil {
		win := ch.Window()
		c.Watchers, c.RingLen, c.RingCap, c.OldestRV = ch.WatcherCount(), win.EndIndex-win.StartIndex, win.Capacity, win.OldestWatchableRV
	}
	return c
}

// clientsOf names the clients a row each would show (controllers and
// kubectl first, they are few) and counts the kubelets.
func clientsOf(w *engine.World) (detail []string, kubelets kubeletCount, n int) {
	var sc clientScan
	for {
		if d, k, n, done := sc.step(w, len(w.Clients())); done {
			return d, k, n
		}
	}
}

// kubeletCount is what the stage shows of a large cluster's kubelets: the
// scene draws them as one group, with how many of them are watching.
// Counting them instead of copying a row per kubelet keeps the pass
// over 5,000 of them free of allocations (the rows were 650 KB a pass,
// collected in the middle of the browser's frames).
type kubeletCount struct{ n, watching int }

// clientScan reads the clients a chunk at a time, so that no frame pays
// for all 5,000 kubelets of a large cluster: each tick scans the next
// chunk into a buffer, and a finished pass replaces the snapshot's rows
// (so the grid is at most one pass, heavyEvery ticks, old).
type clientScan struct {
	pos      int
	detail   []string // the pass being read
	kubelets kubeletCount
}

// step scans up to chunk more clients; done reports a finished pass,
// whose rows it returns (they belong to the caller from then on).
func (cs *clientScan) step(w *engine.World, chunk int) (detail []string, kubelets kubeletCount, n int, done bool) {
	all := w.Clients()
	if cs.pos > len(all) {
		cs.pos, cs.detail, cs.kubelets = 0, nil, kubeletCount{}
	}
	grid := len(all) > view.MaxClientRows
	end := min(len(all), cs.pos+max(1, chunk))
	for _, c := range all[cs.pos:end] {
		if grid && role(c.Node()) == "kubelet" {
			cs.kubelets.n++
			if kubeletWatching(c) {
				cs.kubelets.watching++
			}
			continue
		}
		if len(cs.detail) < view.MaxClientRows {
			cs.detail = append(cs.detail, c.Node())
		}
	}
	cs.pos = end
	if end < len(all) {
		return nil, kubeletCount{}, 0, false
	}
	detail, kubelets = cs.detail, cs.kubelets
	cs.pos, cs.detail, cs.kubelets = 0, make([]string, 0, len(detail)), kubeletCount{}
	return detail, kubelets, len(all), true
}

// kubeletWatching reports whether a kubelet's informer is watching.
func kubeletWatching(c *engine.Client) bool {
	infs := c.Informers()
	return len(infs) > 0 && infs[0].Reflector().Phase() == "watching"
}

// role names a client by the generator's node naming.
func role(node string) string {
	switch {
	case strings.HasPrefix(node, "node-"):
		return "kubelet"
	case strings.HasPrefix(node, "kubectl"):
		return "kubectl"
	case strings.Contains(node, "controller"):
		return "controller"
	}
	return "client"
}

func traceItem(e engine.TraceEvent) view.TraceItem {
	return view.TraceItem{ID: uint64(e.ID), Cause: uint64(e.Cause), AtMs: e.At.Milliseconds(),
		Node: e.Node, Kind: e.Kind.String(), Detail: e.Detail, Mark: Classify(e)}
}

// statusGone is HTTP 410 Gone (net/http's StatusGone, which would link
// net/http, and with it crypto/tls and x509, into the page: ~250 KB of
// brotli it never uses; Makefile build-check keeps net/http out).
const statusGone = 410

// Classify says which timeline marker a trace event is, from its kind
// and facts: OOM kills (an OOMKilled KILLED, or a fault that kills with
// that reason), restarts, compactions, faults, 410s (any event about a
// status 410: the API server's answer or watch error, the informer's
// lines about it), and a reflector's lists: its first list (a LIST or a
// watch-list WATCH) and its relists. Continue pages are not marked.
func Classify(e engine.TraceEvent) view.Marker {
	switch {
	case e.Kind == engine.KindKilled || e.Reason == engine.ReasonOOMKilled:
		return view.MarkOOM
	case e.Kind == engine.KindRestart:
		return view.MarkRestart
	case e.Kind == engine.KindCompact:
		return view.MarkCompact
	case e.Kind == engine.KindFault:
		return view.MarkFault
	case e.Code == statusGone:
		return view.MarkGone
	case e.Kind == engine.KindReflector && e.List == engine.FirstList:
		return view.MarkList
	case e.Kind == engine.KindReflector && e.List == engine.Relist:
		return view.MarkRelist
	}
	return view.NoMarker
}

// chartSeries picks the live charts: the lesson's own metrics when it
// names them, else the watch story's headline series.
var defaultCharts = []string{
	"apiserver_watch_events_total",
	"apiserver_request_total{verb=LIST}",
	"process_resident_memory_bytes",
	"etcd_debugging_mvcc_current_revision",
}

// chartSet is the series behind each chart: a wanted name is a metric
// name with optional labels written k=v, and its chart is the sum of
// every registered series of that name whose labels include them (as
// PromQL's sum(name{k="v"}) would be). Resolving reads every series name
// in the registry (tens of thousands at 5,000 nodes), so the session
// keeps the resolution and redoes it only now and then.
type chartSet struct {
	names  []string   // display names
	series [][]string // registry series summed into each chart
}

// resolveCharts matches the wanted names against the registry.
// A per-resource series without a resource label charts the resource
// the step is about (resource), so every number names what it counts.
func resolveCharts(w *engine.World, wanted []string, resource string) chartSet {
	all := w.Metrics.Names()
	var cs chartSet
	for _, want := range wanted {
		if len(cs.names) == view.MaxCharts {
			break
		}
		base, labels, _ := strings.Cut(want, "{")
		labels = strings.TrimSuffix(labels, "}")
		if !strings.Contains(labels, "resource=") && hasResource(all, base, resource) {
			labels = strings.TrimPrefix(labels+",resource="+resource, ",")
		}
		var members []string
		if _, summed := w.Metrics.Series(base); summed && labels == "" && !slices.Contains(all, base) {
			members = []string{base} // a family sampled by its sum (per-node series)
		} else {
			for _, n := range all {
				if matches(n, base, labels) {
					members = append(members, n)
				}
			}
		}
		if len(members) > 0 {
			cs.names = append(cs.names, displayName(base, labels))
			cs.series = append(cs.series, members)
		}
	}
	return cs
}

// read sums each chart's series now.
func (cs chartSet) read(w *engine.World) []view.Series {
	out := make([]view.Series, 0, len(cs.names))
	for i, name := range cs.names {
		ser := view.Series{Name: name, Summed: len(cs.series[i])}
		for _, n := range cs.series[i] {
			if ts, ok := w.Metrics.Series(n); ok {
				addAligned(&ser.Values, ts.Samples())
			}
			v, _ := w.Metrics.Value(n)
			ser.Last += v
		}
		out = append(out, ser)
	}
	return out
}

// addAligned adds samples into sum, both aligned on their newest end.
func addAligned(sum *[]float64, ss []engine.Sample) {
	if len(ss) > len(*sum) {
		grown := make([]float64, len(ss))
		copy(grown[len(ss)-len(*sum):], *sum)
		*sum = grown
	}
	off := len(*sum) - len(ss)
	for i, s := range ss {
		(*sum)[off+i] += s.Value
	}
}

func matches(name, base, labels string) bool {
	nb, nl, _ := strings.Cut(name, "{")
	if nb != base {
		return false
	}
	for _, l := range strings.Split(labels, ",") {
		if l == "" {
			continue
		}
		k, v, _ := strings.Cut(l, "=")
		if !strings.Contains(nl, k+`="`+strings.Trim(v, `"`)+`"`) {
			return false
		}
	}
	return true
}

// displayName is the chart title: sum(name{k="v"}) as PromQL writes it.
func displayName(base, labels string) string {
	if labels == "" {
		return base
	}
	var parts []string
	for _, l := range strings.Split(labels, ",") {
		k, v, _ := strings.Cut(l, "=")
		parts = append(parts, k+`="`+strings.Trim(v, `"`)+`"`)
	}
	return base + "{" + strings.Join(parts, ",") + "}"
}

// hasResource reports whether metric base has a series for resource.
func hasResource(names []string, base, resource string) bool {
	for _, n := range names {
		if strings.HasPrefix(n, base+"{") && strings.Contains(n, `resource="`+resource+`"`) {
			return true
		}
	}
	return false
}
