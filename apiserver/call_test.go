package apiserver

import "testing"

// TestCallRecycling: a recycled call comes back cleared, and the free
// list stays bounded.
func TestCallRecycling(t *testing.T) {
	var s Server
	calls := make([]*call, 2*maxFreeCalls)
	for i := range calls {
		calls[i] = s.newCall()
		*calls[i] = call{req: Request{ID: uint64(i + 1)}, route: RouteEtcd, width: 3}
	}
	for _, c := range calls {
		s.recycle(c)
	}
	if len(s.freeCalls) != maxFreeCalls {
		t.Fatalf("free list holds %d calls, want %d", len(s.freeCalls), maxFreeCalls)
	}
	for range maxFreeCalls + 1 {
		if c := s.newCall(); c.req.ID != 0 || c.route != "" || c.width != 0 {
			t.Fatalf("a reused call kept %+v", c.req)
		}
	}
}
