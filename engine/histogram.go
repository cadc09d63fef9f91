package engine

import (
	"math"
	"slices"
)

// Histogram counts observations into fixed buckets, as a Prometheus
// histogram does (for example apiserver_watch_cache_read_wait_seconds).
// Buckets are upper bounds; an implicit +Inf bucket catches the rest.
//
//	bounds:  0.005   0.025   0.05   ...   3    +Inf
//	counts:  [  12 ][   40 ][  3  ] ... [ 0 ][  1 ]   (per bucket, not cumulative)
type Histogram struct {
	bounds []float64 // sorted upper bounds, without +Inf
	counts []uint64  // len(bounds)+1, the last one is +Inf
	count  uint64
	sum    float64
}

// Bucket is one cumulative bucket as Prometheus exposes it: how many
// observations were <= UpperBound.
type Bucket struct {
	UpperBound float64
	Count      uint64
}

// Histogram returns the histogram for name and labels, creating it with
// these bucket bounds on first use (later calls ignore buckets).
func (m *Metrics) Histogram(name string, buckets []float64, labels ...string) *Histogram {
	mt := m.register(kindHistogram, name, labels)
	if mt.hist == nil {
		mt.hist = NewHistogram(buckets)
	}
	return mt.hist
}

// NewHistogram returns a histogram with these upper bounds, which must be
// strictly increasing and finite.
func NewHistogram(buckets []float64) *Histogram {
	for i, b := range buckets {
		if math.IsInf(b, 0) || math.IsNaN(b) || (i > 0 && b <= buckets[i-1]) {
			panic("engine: histogram buckets must be finite and strictly increasing")
		}
	}
	return &Histogram{bounds: slices.Clone(buckets), counts: make([]uint64, len(buckets)+1)}
}

// Observe adds one observation.
func (h *Histogram) Observe(v float64) {
	i, _ := slices.BinarySearch(h.bounds, v) // first bound >= v: v <= bound
	h.counts[i]++
	h.count++
	h.sum += v
}

// Count is the number of observations; Sum their total.
func (h *Histogram) Count() uint64 { return h.count }

// Sum is the total of all observations.
func (h *Histogram) Sum() float64 { return h.sum }

// Buckets returns the cumulative buckets, +Inf last.
func (h *Histogram) Buckets() []Bucket {
	out := make([]Bucket, 0, len(h.counts))
	var cum uint64
	for i, c := range h.counts {
		cum += c
		ub := math.Inf(1)
		if i < len(h.bounds) {
			ub = h.bounds[i]
		}
		out = append(out, Bucket{UpperBound: ub, Count: cum})
	}
	return out
}

// Quantile estimates the q-quantile (0 <= q <= 1) the way PromQL's
// histogram_quantile does: find the bucket holding rank q*count and
// interpolate linearly inside it, taking 0 as the lower edge of the first
// bucket. If the rank falls into +Inf, the answer is the highest finite
// bound. With no observations the answer is NaN.
func (h *Histogram) Quantile(q float64) float64 {
	if h.count == 0 || q < 0 || q > 1 || math.IsNaN(q) {
		return math.NaN()
	}
	rank := q * float64(h.count)
	var below uint64
	for i, c := range h.counts {
		if c == 0 || float64(below+c) < rank {
			below += c
			continue
		}
		if i == len(h.bounds) {
			break
		}
		lower := 0.0
		if i > 0 {
			lower = h.bounds[i-1]
		}
		return lower + (h.bounds[i]-lower)*(rank-float64(below))/float64(c)
	}
	if len(h.bounds) == 0 {
		return math.NaN()
	}
	return h.bounds[len(h.bounds)-1]
}
