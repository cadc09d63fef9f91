package engine

import (
	"fmt"
	"slices"
	"testing"
	"time"
)

// fakeTicker has a list of timers. Advance fires every timer due and
// remembers when each fired and every time it was advanced.
type fakeTicker struct {
	timers   []time.Duration // pending, sorted
	fired    []string        // "timer@now"
	advanced []time.Duration
}

func (f *fakeTicker) add(at time.Duration) {
	f.timers = append(f.timers, at)
	slices.Sort(f.timers)
}

func (f *fakeTicker) Advance(now time.Duration) {
	f.advanced = append(f.advanced, now)
	for len(f.timers) > 0 && f.timers[0] <= now {
		f.fired = append(f.fired, fmt.Sprintf("%v@%v", f.timers[0], now))
		f.timers = f.timers[1:]
	}
}

func (f *fakeTicker) NextWake() (time.Duration, bool) {
	if len(f.timers) == 0 {
		return 0, false
	}
	return f.timers[0], true
}

func TestTickerWokenAtNextWake(t *testing.T) {
	tests := []struct {
		name   string
		timers []time.Duration
		chunks []time.Duration // RunUntil targets
	}{
		{"one run", []time.Duration{ms(150), time.Second, time.Second + 1}, []time.Duration{5 * time.Second}},
		{"sliced", []time.Duration{ms(150), time.Second, time.Second + 1}, []time.Duration{ms(100), ms(150), ms(999), 5 * time.Second}},
		{"same instant", []time.Duration{ms(7), ms(7)}, []time.Duration{ms(7)}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			w := newTestWorld(t, Config{})
			ft := &fakeTicker{}
			for _, at := range tt.timers {
				ft.add(at)
			}
			w.AddTicker("n", ft)
			for _, c := range tt.chunks {
				w.RunUntil(c)
			}
			var want []string
			for _, at := range tt.timers {
				want = append(want, fmt.Sprintf("%v@%v", at, at))
			}
			if fmt.Sprint(ft.fired) != fmt.Sprint(want) {
				t.Errorf("fired %v, want %v", ft.fired, want)
			}
			if !w.Idle() || w.Pending() != 0 {
				t.Errorf("idle %v pending %d after all timers fired", w.Idle(), w.Pending())
			}
		})
	}
}

// TestTickerTimerSetByEvent: a timer armed by an event gets its wake-up,
// and the ticker is advanced before every event at that event's time.
func TestTickerTimerSetByEvent(t *testing.T) {
	w := newTestWorld(t, Config{})
	ft := &fakeTicker{}
	w.AddTicker("n", ft)
	w.Schedule(ms(10), 0, func() { ft.add(ms(25)) })
	w.Schedule(ms(40), 0, func() {})
	if w.Idle() {
		t.Error("Idle with two events queued")
	}
	w.RunUntil(time.Second)
	if want := "[25ms@25ms]"; fmt.Sprint(ft.fired) != want {
		t.Errorf("fired %v, want %v", ft.fired, want)
	}
	if want := "[10ms 25ms 40ms]"; fmt.Sprint(ft.advanced) != want {
		t.Errorf("advanced at %v, want %v", ft.advanced, want)
	}
}

type stuckTicker struct{}

func (stuckTicker) Advance(time.Duration)           {}
func (stuckTicker) NextWake() (time.Duration, bool) { return ms(5), true }

func TestTickerThatNeverClearsPanics(t *testing.T) {
	w := newTestWorld(t, Config{})
	w.AddTicker("stuck", stuckTicker{})
	defer func() {
		if recover() == nil {
			t.Error("a ticker waking forever at one instant did not panic")
		}
	}()
	w.RunUntil(time.Second)
}
