package console

import (
	"cmp"
	"fmt"
	"maps"
	"slices"
	"strconv"
	"strings"

	"watchscope/apiserver"
	"watchscope/internal/order"
)

// kubectl get --raw /metrics: the first serving replica's series in the
// Prometheus text exposition format, as its registry gathers them: one
// family per metric name in name order with its TYPE line, series in label
// order, label names sorted, values as Go's shortest float form. The
// simulated series carry fewer labels than the real ones (no component,
// dry_run, scope or subresource on apiserver_request_total) and no HELP
// lines.
func (sh *Shell) kubectlMetrics() (string, error) {
	for _, s := range sh.w.APIServers {
		if s.Serving() {
			return prometheusText(s.Samples()), nil
		}
	}
	return "", serverError("The connection to the server was refused - did you specify the right host or port?")
}

func prometheusText(samples []apiserver.Sample) string {
	type series struct {
		labels string
		value  float64
	}
	families := map[string][]series{}
	counter := map[string]bool{}
	for _, s := range samples {
		pairs := slices.Clone(s.Labels)
		order.SortFunc(pairs, func(a, b [2]string) int { return cmp.Compare(a[0], b[0]) })
		var l []string
		for _, p := range pairs {
			l = append(l, fmt.Sprintf("%s=%q", p[0], p[1]))
		}
		labels := ""
		if len(l) > 0 {
			labels = "{" + strings.Join(l, ",") + "}"
		}
		families[s.Name] = append(families[s.Name], series{labels, s.Value})
		counter[s.Name] = s.Counter
	}
	var b strings.Builder
	for _, name := range slices.Sorted(maps.Keys(families)) {
		typ := "gauge"
		if counter[name] {
			typ = "counter"
		}
		fmt.Fprintf(&b, "# TYPE %s %s\n", name, typ)
		ss := families[name]
		order.SortStableFunc(ss, func(a, b series) int { return cmp.Compare(a.labels, b.labels) })
		for _, s := range ss {
			fmt.Fprintf(&b, "%s%s %s\n", name, s.labels, strconv.FormatFloat(s.value, 'g', -1, 64))
		}
	}
	return b.String()
}
