package watchcache

import (
	"testing"
	"time"
)

// The budget read for display is the one the next blocked dispatch would
// take, and reading it changes nothing.
func TestDispatchBudgetReadOnly(t *testing.T) {
	c := New(Config{}, 0)
	if got := c.DispatchBudget(time.Second); got != 50*time.Millisecond {
		t.Fatalf("after 1s: %v, want 50ms", got)
	}
	if got := c.DispatchBudget(10 * time.Second); got != maxBudget {
		t.Fatalf("after 10s: %v, want the 100ms cap", got)
	}
	if got := c.budget.takeAvailable(time.Second); got != 50*time.Millisecond {
		t.Fatalf("taken after 1s: %v; the reads changed the budget", got)
	}
}

func TestNoteBlockedWait(t *testing.T) {
	var s DispatchStats
	s.noteBlockedWait(30 * time.Millisecond)
	s.noteBlockedWait(100 * time.Millisecond)
	s.noteBlockedWait(5 * time.Millisecond)
	if s.Waited != 135*time.Millisecond || s.LongestWait != 100*time.Millisecond {
		t.Fatalf("%+v", s)
	}
}
