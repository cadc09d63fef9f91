package apiserver

import "strconv"

// seatBuckets are apiserver_flowcontrol_work_estimated_seats' upper
// bounds (pkg/util/flowcontrol/metrics).
var seatBuckets = [...]float64{1, 2, 4, 8, 16, 32, 64, 100}

// seatHistogram is one (flow schema, priority level)'s work estimates.
type seatHistogram struct {
	counts [len(seatBuckets) + 1]int64 // per bucket, the last is +Inf
	sum    int64
}

func (h *seatHistogram) observe(seats int) {
	i := 0
	for i < len(seatBuckets) && float64(seats) > seatBuckets[i] {
		i++
	}
	h.counts[i]++
	h.sum += int64(seats)
}

// observeSeats records c's estimate, as the APF filter does for every
// request it classifies.
func (a *apf) observeSeats(c *call) {
	h := a.estimated[c.fsKey()]
	if h == nil {
		h = &seatHistogram{}
		a.estimated[c.fsKey()] = h
	}
	h.observe(c.width)
}

// seatSamples appends the work-estimate histogram (cumulative buckets,
// _sum, _count) and each level's nominal seats.
func (s *Server) seatSamples(out []Sample) []Sample {
	fsLabels := func(k [2]string) [][2]string { return [][2]string{{"flow_schema", k[0]}, {"priority_level", k[1]}} }
	keys := seriesOf(&s.estimatedKeys, s.apf.estimated, fsLabels)
	for i, k := range keys.order {
		h := s.apf.estimated[k]
		var cum int64
		for b := range h.counts {
			cum += h.counts[b]
			le := "+Inf"
			if b < len(seatBuckets) {
				le = strconv.FormatFloat(seatBuckets[b], 'f', -1, 64)
			}
			labels := append(append([][2]string{}, keys.labels[i]...), [2]string{"le", le})
			out = append(out, Sample{Name: "apiserver_flowcontrol_work_estimated_seats_bucket", Labels: labels, Value: float64(cum)})
		}
		out = append(out,
			Sample{Name: "apiserver_flowcontrol_work_estimated_seats_sum", Labels: keys.labels[i], Value: float64(h.sum)},
			Sample{Name: "apiserver_flowcontrol_work_estimated_seats_count", Labels: keys.labels[i], Value: float64(cum)})
	}
	for _, pl := range s.apf.levels {
		if pl.exempt {
			continue
		}
		out = append(out, Sample{Name: "apiserver_flowcontrol_nominal_limit_seats", Labels: pl.labels, Value: float64(pl.limit)})
	}
	return out
}
