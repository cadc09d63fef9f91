package informer

import (
	"math/rand/v2"
	"testing"
)

// The ring is a FIFO whose capacity is the real RingGrowing's (1024,
// doubling when a write finds it full) whatever storage backs it.
func TestRingGrowingModel(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	r := newRingGrowing[int](initialBufferSize)
	var model []int
	wantCap := initialBufferSize
	next := 0
	for step := range 20000 {
		if rng.IntN(3) > 0 || len(model) == 0 { // backlogs grow past 2048
			if len(model) == wantCap {
				wantCap *= 2
			}
			r.write(next)
			model = append(model, next)
			next++
		} else {
			v, ok := r.Pop()
			if !ok || v != model[0] {
				t.Fatalf("step %d: read %d %v, want %d", step, v, ok, model[0])
			}
			model = model[1:]
		}
		if r.Len() != len(model) || r.Cap() != wantCap {
			t.Fatalf("step %d: len %d cap %d, want %d %d", step, r.Len(), r.Cap(), len(model), wantCap)
		}
		if v, ok := r.Peek(); len(model) > 0 && (!ok || v != model[0]) {
			t.Fatalf("step %d: peek %d, want %d", step, v, model[0])
		}
	}
	if wantCap < 4*initialBufferSize {
		t.Fatalf("the backlog never grew the ring twice (cap %d)", wantCap)
	}
}
