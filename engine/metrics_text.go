package engine

import (
	"math"
	"strconv"
	"strings"
)

// Text renders every series in the Prometheus text exposition format, as
// `curl /metrics` would show it, sorted by series. Histograms appear as
// their _bucket, _sum and _count series.
//
//	# TYPE etcd_mvcc_put_total counter
//	etcd_mvcc_put_total 12
func (m *Metrics) Text() string {
	var b strings.Builder
	lastName := ""
	for _, mt := range m.order {
		if mt.name != lastName {
			b.WriteString("# TYPE " + mt.name + " " + mt.kind.String() + "\n")
			lastName = mt.name
		}
		if mt.kind == kindHistogram {
			writeHistogram(&b, mt)
			continue
		}
		b.WriteString(mt.key() + " " + formatValue(mt.current()) + "\n")
	}
	return b.String()
}

func (k metricKind) String() string {
	switch k {
	case kindCounter:
		return "counter"
	case kindHistogram:
		return "histogram"
	}
	return "gauge"
}

func writeHistogram(b *strings.Builder, mt *metric) {
	with := func(extra string) string {
		switch {
		case mt.labels == "":
			return "{" + extra + "}"
		case extra == "":
			return "{" + mt.labels + "}"
		}
		return "{" + mt.labels + "," + extra + "}"
	}
	for _, bk := range mt.hist.Buckets() {
		le := `le="` + formatValue(bk.UpperBound) + `"`
		b.WriteString(mt.name + "_bucket" + with(le) + " " + strconv.FormatUint(bk.Count, 10) + "\n")
	}
	plain := ""
	if mt.labels != "" {
		plain = with("")
	}
	b.WriteString(mt.name + "_sum" + plain + " " + formatValue(mt.hist.Sum()) + "\n")
	b.WriteString(mt.name + "_count" + plain + " " + strconv.FormatUint(mt.hist.Count(), 10) + "\n")
}

// formatValue prints a sample value as Prometheus does ("+Inf", "0.25", "12").
func formatValue(v float64) string {
	if math.IsInf(v, 1) {
		return "+Inf"
	}
	return strconv.FormatFloat(v, 'g', -1, 64)
}
