package apiserver

import (
	"math/rand/v2"
	"testing"
	"time"
)

// TestServingCallsCount is a model test: under random execute-like
// appends, serves and removals, servingCalls never counts fewer calls
// than the walk over executing finds serving (NextWake skips the walk
// only when it is zero), and is exact while no call is served twice.
func TestServingCallsCount(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	var s Server
	for step := range 5000 {
		switch r := rng.IntN(10); {
		case r < 4:
			s.executing = append(s.executing, &call{})
		case r < 7 && len(s.executing) > 0:
			c := s.executing[rng.IntN(len(s.executing))]
			s.serve(c, Response{}, time.Millisecond, 0)
		case r < 9 && len(s.executing) > 0:
			s.removeExecuting(s.executing[rng.IntN(len(s.executing))])
		case r == 9 && step%50 == 0:
			s.executing, s.servingCalls = nil, 0 // as kill does
		}
		want := 0
		for _, c := range s.executing {
			if c.serving {
				want++
			}
		}
		if s.servingCalls != want {
			t.Fatalf("step %d: servingCalls %d, walk finds %d", step, s.servingCalls, want)
		}
	}
}
