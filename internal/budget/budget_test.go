package budget

import (
	"strings"
	"testing"
	"time"
)

// TestLine: the one line form, with its verdict.
func TestLine(t *testing.T) {
	for _, tc := range []struct {
		figure, limit float64
		verdict       string
	}{{7.4, 8, "ok"}, {8, 8, "ok"}, {8.01, 8, "OVER"}} {
		got := Line("storm p95", tc.figure, tc.limit, "ms")
		if !strings.HasPrefix(got, "budget: storm p95 ") || !strings.HasSuffix(got, " "+tc.verdict) {
			t.Errorf("Line(%v, %v) = %q; want the name first and %s last", tc.figure, tc.limit, got, tc.verdict)
		}
	}
}

func TestMedian(t *testing.T) {
	ms := time.Millisecond
	for _, tc := range []struct {
		in   []time.Duration
		want time.Duration
	}{{nil, 0}, {[]time.Duration{3 * ms}, 3 * ms}, {[]time.Duration{9 * ms, 1 * ms, 5 * ms}, 5 * ms}, {[]time.Duration{4 * ms, 1 * ms, 2 * ms, 9 * ms}, 3 * ms}} {
		in := append([]time.Duration(nil), tc.in...)
		if got := Median(tc.in); got != tc.want {
			t.Errorf("Median(%v) = %v, want %v", tc.in, got, tc.want)
		}
		for i := range in {
			if in[i] != tc.in[i] {
				t.Fatalf("Median reordered its input: %v", tc.in)
			}
		}
	}
}
