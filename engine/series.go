package engine

import "time"

// Sample is one point of a time series: the value a metric had at At.
type Sample struct {
	At    time.Duration
	Value float64
}

// TimeSeries is a bounded ring of samples, one per sampling interval, for
// a live chart. When full, the oldest sample is overwritten and counted in
// Dropped, so a chart can say "showing the last 10 minutes".
//
// The ring's storage grows with its samples (append) up to capacity and
// only then wraps: a 5,000-node world registers thousands of series, and
// 600 empty slots each were a seventh of its heap after startup.
type TimeSeries struct {
	ring     []Sample // len(ring) <= capacity; start is 0 until it is full
	capacity int
	start, n int
	dropped  uint64
}

func newTimeSeries(capacity int) *TimeSeries {
	return &TimeSeries{capacity: capacity}
}

func (ts *TimeSeries) add(s Sample) {
	if len(ts.ring) < ts.capacity {
		if len(ts.ring) == cap(ts.ring) { // double, but never past capacity
			ts.ring = append(make([]Sample, 0, min(max(2*cap(ts.ring), 8), ts.capacity)), ts.ring...)
		}
		ts.ring = append(ts.ring, s)
		ts.n++
		return
	}
	if ts.n == len(ts.ring) {
		ts.start = (ts.start + 1) % len(ts.ring)
		ts.n--
		ts.dropped++
	}
	ts.ring[(ts.start+ts.n)%len(ts.ring)] = s
	ts.n++
}

// Samples returns the kept samples, oldest first.
func (ts *TimeSeries) Samples() []Sample {
	out := make([]Sample, ts.n)
	for i := range out {
		out[i] = ts.ring[(ts.start+i)%len(ts.ring)]
	}
	return out
}

// Len is the number of kept samples; Cap is the bound.
func (ts *TimeSeries) Len() int { return ts.n }

// Cap is how many samples the ring keeps.
func (ts *TimeSeries) Cap() int { return ts.capacity }

// Dropped counts samples lost because the ring was full (overwritten, or
// never taken because a clock jump skipped more than the ring holds).
func (ts *TimeSeries) Dropped() uint64 { return ts.dropped }

// Last returns the newest sample.
func (ts *TimeSeries) Last() (Sample, bool) {
	if ts.n == 0 {
		return Sample{}, false
	}
	return ts.ring[(ts.start+ts.n-1)%len(ts.ring)], true
}

// Series returns the time series of a counter or gauge series, or of the
// sum of a family sampled by its sum (named by its bare name).
func (m *Metrics) Series(series string) (*TimeSeries, bool) {
	if fam, ok := m.summed[series]; ok {
		return fam.series, true
	}
	mt, ok := m.byName[series]
	if !ok || mt.series == nil {
		return nil, false
	}
	return mt.series, true
}

// Interval is the sampling period in virtual time.
func (m *Metrics) Interval() time.Duration { return m.interval }

// SampleBefore takes every sample due at a boundary strictly before t. The
// World calls it whenever its clock is about to move to t, so the sample
// at boundary k holds the state after everything that happened at or
// before k, however the run was cut into RunUntil calls. A jump longer
// than the rings skips the boundaries no ring could keep anyway.
func (m *Metrics) SampleBefore(t time.Duration) {
	if m.nextSample >= t {
		return
	}
	due := int64((t-1-m.nextSample)/m.interval) + 1
	if extra := due - int64(m.capacity); extra > 0 {
		m.nextSample += time.Duration(extra) * m.interval
		for _, ts := range m.rings() {
			ts.dropped += uint64(extra)
		}
	}
	for ; m.nextSample < t; m.nextSample += m.interval {
		m.sampleAt(m.nextSample)
	}
}

func (m *Metrics) sampleAt(at time.Duration) {
	for _, mt := range m.sampled {
		mt.series.add(Sample{At: at, Value: mt.current()})
	}
	for _, name := range m.summedList {
		fam := m.summed[name]
		fam.series.add(Sample{At: at, Value: fam.total})
	}
}

// rings lists every ring: the series' own, then the families' sums.
func (m *Metrics) rings() []*TimeSeries {
	out := make([]*TimeSeries, 0, len(m.sampled)+len(m.summedList))
	for _, mt := range m.sampled {
		out = append(out, mt.series)
	}
	for _, name := range m.summedList {
		out = append(out, m.summed[name].series)
	}
	return out
}
