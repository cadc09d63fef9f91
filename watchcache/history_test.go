package watchcache

import (
	"math/rand/v2"
	"testing"
	"time"

	am "watchscope/apimachinery"
)

func ev(rv uint64, at time.Duration) *watchCacheEvent {
	return &watchCacheEvent{Type: am.Modified, ResourceVersion: rv, RecordTime: at}
}

// fill inserts n events with RVs from rv, all recorded at time at.
func fill(h *watchCacheHistory, rv uint64, n int, at time.Duration) uint64 {
	for range n {
		h.updateCache(ev(rv, at))
		rv++
	}
	return rv
}

func TestHistoryResize(t *testing.T) {
	tests := []struct {
		name string
		// the 100 events of a full initial buffer are recorded at 0; the
		// 101st arrives at `next`.
		next                 time.Duration
		wcap, wsize          int
		wremoved             bool
		wincrease, wdecrease int64
	}{
		{"oldest 74.999s old: grow x2, no eviction", sec(74.999), 200, 101, false, 1, 0},
		{"oldest exactly 75s old: not younger, no shrink (not older): evict", 75 * time.Second, 100, 100, true, 0, 0},
		{"75s+1ns: newest quarter older than 75s but at lower bound: evict", 75*time.Second + 1, 100, 100, true, 0, 0},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			m := &Metrics{}
			h := newWatchCacheHistory(DefaultEventFreshDuration, 0, m)
			fill(h, 1, 100, 0)
			h.updateCache(ev(101, tt.next))
			if h.capacity != tt.wcap || h.size() != tt.wsize || h.removedEventSinceRelist != tt.wremoved {
				t.Fatalf("cap %d size %d removed %v, want %d %d %v", h.capacity, h.size(), h.removedEventSinceRelist, tt.wcap, tt.wsize, tt.wremoved)
			}
			if m.CapacityIncreaseTotal != tt.wincrease || m.CapacityDecreaseTotal != tt.wdecrease || m.Capacity != int64(tt.wcap) {
				t.Fatalf("metrics %+v", m)
			}
		})
	}
}

func TestHistoryShrink(t *testing.T) {
	// Grow to 200 quickly, then let it go stale.
	m := &Metrics{}
	h := newWatchCacheHistory(DefaultEventFreshDuration, 0, m)
	rv := fill(h, 1, 200, 0)
	if h.capacity != 200 {
		t.Fatalf("capacity %d, want 200", h.capacity)
	}
	// The newest quarter starts at endIndex-50, recorded at 0. At exactly
	// 75s it is not strictly older: plain eviction.
	h.updateCache(ev(rv, 75*time.Second))
	rv++
	if h.capacity != 200 {
		t.Fatalf("at 75s capacity %d, want 200", h.capacity)
	}
	// Later: the quarter's first event is older than 75s -> shrink to 100
	// (keeping the newest 100), then evict one more.
	h.updateCache(ev(rv, 75*time.Second+1))
	if h.capacity != 100 || h.size() != 100 || m.CapacityDecreaseTotal != 1 {
		t.Fatalf("cap %d size %d dec %d", h.capacity, h.size(), m.CapacityDecreaseTotal)
	}
	if got, want := h.at(h.endIndex-1).ResourceVersion, rv; got != want {
		t.Fatalf("newest rv %d want %d", got, want)
	}
	if got, want := h.at(h.startIndex).ResourceVersion, rv-99; got != want {
		t.Fatalf("oldest rv %d want %d", got, want)
	}
}

func TestHistoryUpperBound(t *testing.T) {
	tests := []struct {
		fresh time.Duration
		want  int
	}{
		{75 * time.Second, 102400},
		{60 * time.Second, 102400},
		{76 * time.Second, 204800},
		{150 * time.Second, 204800},
		{151 * time.Second, 409600},
	}
	for _, tt := range tests {
		if got := capacityUpperBound(tt.fresh); got != tt.want {
			t.Errorf("capacityUpperBound(%v) = %d, want %d", tt.fresh, got, tt.want)
		}
	}
	h := newWatchCacheHistory(DefaultEventFreshDuration, 0, &Metrics{})
	fill(h, 1, 102400+1, 0)
	if h.capacity != 102400 || !h.removedEventSinceRelist {
		t.Fatalf("capacity %d removed %v", h.capacity, h.removedEventSinceRelist)
	}
}

func TestHistoryFixedCapacity(t *testing.T) {
	h := newWatchCacheHistory(DefaultEventFreshDuration, 50, &Metrics{})
	fill(h, 1, 60, 0)
	if h.capacity != 50 || h.size() != 50 || h.at(h.startIndex).ResourceVersion != 11 {
		t.Fatalf("cap %d size %d oldest %d", h.capacity, h.size(), h.at(h.startIndex).ResourceVersion)
	}
}

// naiveHistory is the reference model: a plain slice of live events with
// the C3 rules written the obvious way.
type naiveHistory struct {
	live     []*watchCacheEvent
	capacity int
}

func (n *naiveHistory) add(e *watchCacheEvent) {
	if len(n.live) == n.capacity {
		switch {
		case e.RecordTime-n.live[0].RecordTime < DefaultEventFreshDuration:
			n.capacity = min(2*n.capacity, 102400)
		case e.RecordTime-n.live[len(n.live)-n.capacity/4].RecordTime > DefaultEventFreshDuration:
			if c := max(n.capacity/2, 100); c < n.capacity {
				n.live = n.live[len(n.live)-c:]
				n.capacity = c
			}
		}
	}
	if len(n.live) == n.capacity {
		n.live = n.live[1:]
	}
	n.live = append(n.live, e)
}

func TestHistoryModel(t *testing.T) {
	for seed := range uint64(20) {
		r := rand.New(rand.NewPCG(seed, 99))
		h := newWatchCacheHistory(DefaultEventFreshDuration, 0, &Metrics{})
		n := &naiveHistory{capacity: 100}
		now := time.Duration(0)
		for i := range 3000 {
			// bursts and idle gaps so the buffer both grows and shrinks
			if r.IntN(50) == 0 {
				now += time.Duration(r.IntN(200)) * time.Second
			}
			now += time.Duration(r.IntN(100)) * time.Millisecond
			e := ev(uint64(i+1), now)
			h.updateCache(e)
			n.add(e)
			if h.capacity != n.capacity || h.size() != len(n.live) {
				t.Fatalf("seed %d step %d: cap %d/%d size %d/%d", seed, i, h.capacity, n.capacity, h.size(), len(n.live))
			}
			for j, want := range n.live {
				if h.at(h.startIndex+j) != want {
					t.Fatalf("seed %d step %d: slot %d differs", seed, i, j)
				}
			}
		}
	}
}
