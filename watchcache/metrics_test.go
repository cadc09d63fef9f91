package watchcache

import (
	"math"
	"testing"
	"time"
)

// Each wait lands in the first bucket whose bound is >= it (Prometheus's
// le semantics); the samples are cumulative and end with +Inf.
func TestReadWaitBuckets(t *testing.T) {
	tests := []struct {
		seconds float64
		le      string
	}{
		{0, "0.005"}, {0.005, "0.005"}, {0.0051, "0.025"}, {0.1, "0.1"}, {0.11, "0.2"},
		{1, "1"}, {1.2, "1.25"}, {3, "3"}, {3.5, "+Inf"}, {math.MaxFloat64, "+Inf"},
	}
	for _, tt := range tests {
		var m Metrics
		m.observeReadWait(tt.seconds)
		var prev float64
		for _, s := range m.appendReadWaitBuckets(nil, newSampleLabels("", "pods")) {
			le := s.Labels[len(s.Labels)-1][1]
			if s.Value < prev {
				t.Fatalf("%v: bucket le=%s is %v, below the previous %v", tt.seconds, le, s.Value, prev)
			}
			if s.Value > prev && le != tt.le {
				t.Errorf("%v: counted in le=%s, want le=%s", tt.seconds, le, tt.le)
			}
			prev = s.Value
		}
		if prev != 1 || m.ReadWaitCount != 1 {
			t.Errorf("%v: +Inf bucket %v, count %d; want 1, 1", tt.seconds, prev, m.ReadWaitCount)
		}
	}
}

// A request that needs RV > 0 is observed even when the cache is already
// fresh (as 0s, like the real deferred observation); RV 0 never is.
func TestReadWaitObservedWhenFresh(t *testing.T) {
	c := New(Config{Resource: pods}, 0)
	c.resourceVersion = 10
	calls := 0
	for _, rv := range []uint64{0, 5, 10} {
		c.waitUntilFresh(0, rv, func(_ time.Duration, err error) {
			if err != nil {
				t.Fatal(err)
			}
			calls++
		})
	}
	if calls != 3 || c.metrics.ReadWaitCount != 2 || c.metrics.ReadWaitBuckets[0] != 2 {
		t.Fatalf("calls %d, observed %d, buckets %v", calls, c.metrics.ReadWaitCount, c.metrics.ReadWaitBuckets)
	}
}
