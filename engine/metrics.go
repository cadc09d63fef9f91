package engine

import (
	"fmt"
	"slices"
	"strings"
	"time"
)

// Metrics is the world's registry of counters, gauges and histograms,
// named as the real components name them (etcd_mvcc_..., apiserver_...,
// reflector_...). A series is a name plus sorted labels, printed in
// Prometheus text form:
//
//	apiserver_terminated_watchers_total{group="",resource="pods"}
//
// Every counter and gauge is also sampled once per SampleInterval of
// virtual time into a bounded ring (a TimeSeries) for the live charts,
// except in a family sampled by its sum (SampleBySum): one series per
// node of a 5,000-node cluster keeps its value but shares one ring of the
// family's total. Iteration is always in sorted series order, never map
// order.
type Metrics struct {
	byName map[string]*metric
	order  []*metric // sorted by (name, labels): one family stays together
	// sampled are the series with a ring of their own; summed are the
	// families sampled by their sum, by name, and their names in order.
	sampled    []*metric
	summed     map[string]*family
	summedList []string

	interval   time.Duration
	capacity   int
	nextSample time.Duration // the next sampling boundary not yet taken
}

type metricKind int

const (
	kindCounter metricKind = iota
	kindGauge
	kindGaugeFunc
	kindHistogram
)

// metric is one registered series.
type metric struct {
	name, labels string // labels in text form, `a="x",b="y"`, sorted
	kind         metricKind
	value        float64 // counter and gauge
	fn           func() float64
	hist         *Histogram
	series       *TimeSeries // nil for histograms and summed families
	family       *family     // set in a family sampled by its sum
}

// family is the running total of a family sampled by its sum and that
// total's ring. Counters and gauges of the family add their every change
// to total, so sampling it costs the same for 10 series or 10,000.
type family struct {
	total  float64
	series *TimeSeries
}

// Counter only goes up (Prometheus convention: names end in _total).
type Counter struct{ m *metric }

// Gauge goes up and down.
type Gauge struct{ m *metric }

// NewMetrics returns an empty registry sampling every interval into rings
// of capacity samples.
func NewMetrics(interval time.Duration, capacity int) *Metrics {
	if interval <= 0 || capacity <= 0 {
		panic("engine: metrics need a positive interval and capacity")
	}
	return &Metrics{byName: map[string]*metric{}, summed: map[string]*family{}, interval: interval, capacity: capacity}
}

// SampleBySum makes the family name keep one history, of the sum of its
// series, instead of one per series: for families with a series per node
// (node_network_receive_bytes_total{node=...}), whose only readable chart
// is their total and whose 10,000 rings of 600 samples would be ~100 MB
// after ten minutes at 5,000 nodes. Every series keeps its current value
// (printed, read by checks); Series(name) is the sum's ring and
// Value(name) the sum. Series already registered give up their rings.
// Only counters and gauges may belong to such a family.
func (m *Metrics) SampleBySum(name string) {
	if _, ok := m.summed[name]; ok {
		return
	}
	fam := &family{series: newTimeSeries(m.capacity)}
	m.summed[name] = fam
	i, _ := slices.BinarySearch(m.summedList, name)
	m.summedList = slices.Insert(m.summedList, i, name)
	m.sampled = slices.DeleteFunc(m.sampled, func(mt *metric) bool {
		if mt.name != name {
			return false
		}
		mt.joinFamily(fam)
		return true
	})
}

// joinFamily moves mt's value into fam's total and drops its own ring.
func (mt *metric) joinFamily(fam *family) {
	if mt.kind != kindCounter && mt.kind != kindGauge {
		panic("engine: only counters and gauges can be sampled by their sum: " + mt.key())
	}
	mt.family, mt.series = fam, nil
	fam.total += mt.value
}

// SeriesName is the Prometheus text form of a series. Labels come as
// name, value pairs and are sorted by name; values are quoted and escaped.
func SeriesName(name string, labels ...string) string {
	l := labelText(labels)
	if l == "" {
		return name
	}
	return name + "{" + l + "}"
}

func labelText(labels []string) string {
	if len(labels)%2 != 0 {
		panic("engine: labels must be name, value pairs")
	}
	pairs := make([]string, 0, len(labels)/2)
	for i := 0; i < len(labels); i += 2 {
		pairs = append(pairs, labels[i]+"="+quoteLabel(labels[i+1]))
	}
	slices.Sort(pairs)
	return strings.Join(pairs, ",")
}

// quoteLabel escapes a label value as the Prometheus text format does:
// backslash, double quote and newline.
func quoteLabel(v string) string {
	return `"` + labelEscaper.Replace(v) + `"`
}

// labelEscaper is built once: a Replacer compiles its table on first use,
// which cost more than everything else a metric update does.
var labelEscaper = strings.NewReplacer(`\`, `\\`, `"`, `\"`, "\n", `\n`)

// register returns the series' metric, creating it on first use. Asking
// for an existing series with another kind is a programming error.
func (m *Metrics) register(kind metricKind, name string, labels []string) *metric {
	key := SeriesName(name, labels...)
	if mt, ok := m.byName[key]; ok {
		if mt.kind != kind {
			panic(fmt.Sprintf("engine: metric %s registered twice with different kinds", key))
		}
		return mt
	}
	mt := &metric{name: name, labels: labelText(labels), kind: kind}
	if fam, ok := m.summed[name]; ok {
		mt.joinFamily(fam)
	} else if kind != kindHistogram {
		mt.series = newTimeSeries(m.capacity)
		m.sampled = append(m.sampled, mt)
	}
	m.byName[key] = mt
	i, _ := slices.BinarySearchFunc(m.order, mt, compareMetric)
	m.order = slices.Insert(m.order, i, mt)
	return mt
}

// Counter returns the counter for name and labels (name, value pairs),
// creating it at zero on first use.
func (m *Metrics) Counter(name string, labels ...string) *Counter {
	return &Counter{m.register(kindCounter, name, labels)}
}

// Gauge returns the gauge for name and labels, creating it at zero.
func (m *Metrics) Gauge(name string, labels ...string) *Gauge {
	return &Gauge{m.register(kindGauge, name, labels)}
}

// GaugeFunc registers a gauge whose value is read from fn whenever it is
// sampled or printed (for values a component already keeps, such as the
// current revision). Registering the same series again replaces fn.
func (m *Metrics) GaugeFunc(name string, fn func() float64, labels ...string) {
	m.register(kindGaugeFunc, name, labels).fn = fn
}

// Inc adds one.
func (c *Counter) Inc() { c.m.add(1) }

// Add adds v, which must not be negative.
func (c *Counter) Add(v float64) {
	if v < 0 {
		panic("engine: counter decreased")
	}
	c.m.add(v)
}

// add changes the value by v, and the family's total with it.
func (mt *metric) add(v float64) {
	mt.value += v
	if mt.family != nil {
		mt.family.total += v
	}
}

// Value is the current count.
func (c *Counter) Value() float64 { return c.m.value }

// Reset starts the count again at zero: the process that counts it
// restarted (a Prometheus counter lives as long as its process).
func (c *Counter) Reset() { c.m.add(-c.m.value) }

// Set sets the gauge.
func (g *Gauge) Set(v float64) { g.m.add(v - g.m.value) }

// Add adds v (which may be negative).
func (g *Gauge) Add(v float64) { g.m.add(v) }

// Value is the current value.
func (g *Gauge) Value() float64 { return g.m.value }

func (mt *metric) current() float64 {
	if mt.kind == kindGaugeFunc {
		return mt.fn()
	}
	return mt.value
}

// Value returns the current value of a counter or gauge series, named in
// its text form (see SeriesName), or the total of a family sampled by its
// sum, named by the bare family name.
func (m *Metrics) Value(series string) (float64, bool) {
	mt, ok := m.byName[series]
	if !ok {
		if fam, ok := m.summed[series]; ok {
			return fam.total, true
		}
		return 0, false
	}
	if mt.kind == kindHistogram {
		return 0, false
	}
	return mt.current(), true
}

func compareMetric(a, b *metric) int {
	if c := strings.Compare(a.name, b.name); c != 0 {
		return c
	}
	return strings.Compare(a.labels, b.labels)
}

// key is the series' text form.
func (mt *metric) key() string {
	if mt.labels == "" {
		return mt.name
	}
	return mt.name + "{" + mt.labels + "}"
}

// Len is how many series are registered (it grows as series appear).
func (m *Metrics) Len() int { return len(m.order) }

// Names lists every registered series in sorted (name, labels) order.
func (m *Metrics) Names() []string {
	out := make([]string, len(m.order))
	for i, mt := range m.order {
		out[i] = mt.key()
	}
	return out
}
