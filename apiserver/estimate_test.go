package apiserver

import "testing"

// The list work estimator, rule by rule (list_work_estimator.go, 1.36).
func TestSeatsBySize(t *testing.T) {
	tests := []struct {
		name                 string
		count, avg, limit    int64
		fromCache, selectors bool
		wseats               int
	}{
		{"cache: 18 MB streamed counts as 1 MB", 3000, 6144, 0, true, false, 10},
		{"cache: a small list", 100, 400, 0, true, false, 1},
		{"cache: the limit bounds what is held", 3000, 6144, 10, true, false, 1},
		{"etcd: 500 pods of 6 KiB", 3000, 6144, 500, false, false, 31},
		{"etcd: no limit, every byte", 3000, 6144, 0, false, false, 185},
		{"etcd with selectors: at least half the objects", 3000, 6144, 10, false, true, 93},
		{"no size seen yet: 1.5 MB each", 10, 0, 0, false, false, 150},
		{"empty", 0, 0, 0, false, false, 0},
	}
	for _, tc := range tests {
		if got := seatsBySize(tc.count, tc.avg, tc.limit, tc.fromCache, tc.selectors); got != tc.wseats {
			t.Errorf("%s: %d seats, want %d", tc.name, got, tc.wseats)
		}
	}
}

func TestSeatsByCount(t *testing.T) {
	tests := []struct {
		name                 string
		count, limit         int64
		fromCache, selectors bool
		wseats               int
	}{
		{"cache: every stored object", 3000, 500, true, false, 30},
		{"etcd: twice the limit", 3000, 500, false, false, 10},
		{"etcd with selectors: stored plus limit", 3000, 500, false, true, 35},
	}
	for _, tc := range tests {
		if got := seatsByCount(tc.count, tc.limit, tc.fromCache, tc.selectors); got != tc.wseats {
			t.Errorf("%s: %d seats, want %d", tc.name, got, tc.wseats)
		}
	}
}

// The per-level cap at the default 600 seats: max(1, min(ceil(15%), seats/hand)).
func TestLevelMaxSeats(t *testing.T) {
	a := newAPF(600, 0)
	want := map[string]int{"system": 12, "node-high": 15, "leader-election": 4, "workload-high": 15,
		"workload-low": 37, "global-default": 8, "catch-all": 0, "exempt": 0}
	for _, pl := range a.levels {
		if pl.maxSeats != want[pl.name] {
			t.Errorf("%s (limit %d): max seats %d, want %d", pl.name, pl.limit, pl.maxSeats, want[pl.name])
		}
	}
}
