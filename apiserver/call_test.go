package apiserver

import (
	"testing"

	"watchscope/internal/freelist"
)

// TestCallRecycling: a recycled call comes back cleared, and the free
// list stays bounded.
func TestCallRecycling(t *testing.T) {
	s := Server{freeCalls: freelist.New[call](maxFreeCalls)}
	calls := make([]*call, 2*maxFreeCalls)
	for i := range calls {
		calls[i] = s.newCall()
		*calls[i] = call{req: Request{ID: uint64(i + 1)}, route: RouteEtcd, width: 3}
	}
	for _, c := range calls {
		s.recycle(c)
	}
	if s.freeCalls.Len() != maxFreeCalls {
		t.Fatalf("free list holds %d calls, want %d", s.freeCalls.Len(), maxFreeCalls)
	}
	for range maxFreeCalls + 1 {
		if c := s.newCall(); c.req.ID != 0 || c.route != "" || c.width != 0 {
			t.Fatalf("a reused call kept %+v", c.req)
		}
	}
}
