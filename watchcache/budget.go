package watchcache

import "time"

// Dispatch time budget constants (time_budget.go).
const (
	refreshPerSecond = 50 * time.Millisecond
	maxBudget        = 100 * time.Millisecond
)

// timeBudget bounds how long the dispatcher may wait for slow watchers.
// It starts at 0, refills continuously at 50ms per second of virtual
// time, is capped at 100ms, and taking it empties it; unused time is
// given back.
type timeBudget struct {
	budget time.Duration
	last   time.Duration
}

func newTimeBudget(now time.Duration) *timeBudget { return &timeBudget{last: now} }

func (t *timeBudget) refill(now time.Duration) {
	if now > t.last {
		acc := time.Duration((now - t.last).Seconds() * float64(refreshPerSecond))
		t.budget = min(t.budget+acc, maxBudget)
	}
	t.last = now
}

// takeAvailable returns the whole budget and leaves it empty.
func (t *timeBudget) takeAvailable(now time.Duration) time.Duration {
	t.refill(now)
	b := t.budget
	t.budget = 0
	return b
}

// returnUnused gives back what the dispatcher did not spend.
func (t *timeBudget) returnUnused(unused time.Duration) {
	if unused > 0 {
		t.budget = min(t.budget+unused, maxBudget)
	}
}
