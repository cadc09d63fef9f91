package console

import (
	"errors"
	"fmt"
	"maps"
	"math"
	"slices"
	"strconv"
	"strings"
)

func init() {
	registerSim(map[string]simVerb{
		"histogram": (*Shell).simHistogram,
	})
}

// simHistogram reads a histogram the way a Prometheus user would, from
// its _bucket, _count and _sum series, summed over every series whose
// labels include the ones given (so one API server's instance label can
// be left out):
//
//	sim histogram apiserver_watch_cache_read_wait_seconds resource=configmaps
//
// It prints the cumulative buckets and histogram_quantile estimates in
// `-w fields` form, so a lesson can check "P999" against a published
// figure:
//
//	"Count" : 2847
//	"Sum" : 21.275
//	le="0.1" 2842
//	...
//	"P50" : 0.0021
//	"P99" : 0.0912
//	"P999" : 0.1430
func (sh *Shell) simHistogram(args []string) (string, error) {
	if len(args) < 1 {
		return "", errors.New("usage: sim histogram NAME [LABEL=VALUE ...] (e.g. apiserver_watch_cache_read_wait_seconds resource=pods)")
	}
	name, want := args[0], map[string]string{}
	for _, a := range args[1:] {
		k, v, ok := strings.Cut(a, "=")
		if !ok {
			return "", fmt.Errorf("invalid label %q: want LABEL=VALUE", a)
		}
		want[k] = strings.Trim(v, `"`)
	}
	h := sh.sumHistogram(name, want)
	if len(h.bounds) == 0 {
		return "", fmt.Errorf("no histogram %s with labels %v in this world", name, args[1:])
	}
	var b strings.Builder
	fmt.Fprintf(&b, "%q : %g\n%q : %.4f\n", "Count", h.count, "Sum", h.sum)
	for i, ub := range h.bounds {
		fmt.Fprintf(&b, "le=%q %g\n", formatLe(ub), h.cum[i])
	}
	for _, q := range []struct {
		field string
		q     float64
	}{{"P50", 0.5}, {"P99", 0.99}, {"P999", 0.999}} {
		fmt.Fprintf(&b, "%q : %.4f\n", q.field, h.quantile(q.q))
	}
	return b.String(), nil
}

// cumHistogram is a histogram as Prometheus exposes it: cumulative counts
// per upper bound, +Inf last.
type cumHistogram struct {
	bounds     []float64
	cum        []float64
	count, sum float64
}

// sumHistogram adds up the name_bucket / _count / _sum series whose
// labels include want.
func (sh *Shell) sumHistogram(name string, want map[string]string) cumHistogram {
	byLe := map[float64]float64{}
	var h cumHistogram
	for _, series := range sh.w.Metrics.Names() {
		base, labels := splitSeries(series)
		if !labelsInclude(labels, want) {
			continue
		}
		v, _ := sh.w.Metrics.Value(series)
		switch base {
		case name + "_bucket":
			ub, err := strconv.ParseFloat(labels["le"], 64)
			if err == nil {
				byLe[ub] += v
			}
		case name + "_count":
			h.count += v
		case name + "_sum":
			h.sum += v
		}
	}
	h.bounds = slices.Sorted(maps.Keys(byLe))
	for _, ub := range h.bounds {
		h.cum = append(h.cum, byLe[ub])
	}
	return h
}

// quantile is PromQL's histogram_quantile: find the bucket holding rank
// q*count and interpolate linearly inside it (0 is the first bucket's
// lower edge); a rank in +Inf answers the highest finite bound.
func (h cumHistogram) quantile(q float64) float64 {
	n := len(h.bounds)
	if n == 0 || h.cum[n-1] == 0 {
		return math.NaN()
	}
	rank := q * h.cum[n-1]
	below, lower := 0.0, 0.0
	for i, ub := range h.bounds {
		if h.cum[i] >= rank {
			if math.IsInf(ub, 1) {
				return lower
			}
			if h.cum[i] == below {
				return ub
			}
			return lower + (ub-lower)*(rank-below)/(h.cum[i]-below)
		}
		below, lower = h.cum[i], ub
	}
	return lower
}

func formatLe(ub float64) string {
	if math.IsInf(ub, 1) {
		return "+Inf"
	}
	return strconv.FormatFloat(ub, 'g', -1, 64)
}

// splitSeries splits `name{a="x",b="y"}` into the name and its labels.
// Label values here never hold commas or escaped quotes.
func splitSeries(series string) (string, map[string]string) {
	name, rest, ok := strings.Cut(series, "{")
	labels := map[string]string{}
	if !ok {
		return name, labels
	}
	for _, pair := range strings.Split(strings.TrimSuffix(rest, "}"), ",") {
		if k, v, ok := strings.Cut(pair, "="); ok {
			labels[k] = strings.Trim(v, `"`)
		}
	}
	return name, labels
}

func labelsInclude(have, want map[string]string) bool {
	for k, v := range want {
		if have[k] != v {
			return false
		}
	}
	return true
}
