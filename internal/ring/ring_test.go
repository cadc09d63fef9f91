package ring

import (
	"math/rand/v2"
	"testing"
)

// TestRingModel drives rings of several capacities and first sizes with
// random pushes, pops, peeks, growth and resets, against a
// slice as the model: same values in the same order, Push failing
// exactly when the model is at capacity, storage never above the
// capacity and never holding a value the ring gave away.
func TestRingModel(t *testing.T) {
	for _, c := range []struct{ capacity, first int }{{1, 1}, {3, 2}, {10, 2}, {1024, 8}, {1 << 40, 2}, {0, 4}} {
		rng := rand.New(rand.NewPCG(uint64(c.capacity), uint64(c.first)))
		r := New[*int](c.capacity, c.first)
		var model []*int
		capacity := c.capacity
		for step := range 20000 {
			switch op := rng.IntN(100); {
			case op < 55:
				v := new(int)
				*v = step
				ok := r.Push(v)
				if ok != (len(model) < capacity) {
					t.Fatalf("%+v step %d: Push = %v with %d of %d queued", c, step, ok, len(model), capacity)
				}
				if ok {
					model = append(model, v)
				}
			case op < 93:
				v, ok := r.Pop()
				if ok != (len(model) > 0) || ok && v != model[0] {
					t.Fatalf("%+v step %d: Pop = %v, %v; model %v", c, step, v, ok, model)
				}
				if ok {
					model = model[1:]
				}
			case op < 97:
				c := capacity + rng.IntN(9) - 4
				capacity = max(capacity, c)
				r.Grow(c)
			case op < 98:
				r.Reset()
				model = nil
			default:
				v, ok := r.Peek()
				if ok != (len(model) > 0) || ok && v != model[0] {
					t.Fatalf("%+v step %d: Peek = %v, %v", c, step, v, ok)
				}
			}
			checkRing(t, &r, model, capacity)
		}
	}
}

// checkRing holds r to the model: length, capacity, fullness, storage
// bounds, and every slot outside the queued window empty.
func checkRing(t *testing.T, r *Ring[*int], model []*int, capacity int) {
	t.Helper()
	if r.Len() != len(model) || r.Cap() != capacity || r.Empty() != (len(model) == 0) || r.Full() != (len(model) >= capacity) {
		t.Fatalf("len %d cap %d empty %v full %v; model %d of %d", r.Len(), r.Cap(), r.Empty(), r.Full(), len(model), capacity)
	}
	if r.Slots() < r.Len() || r.Slots() > r.Cap() {
		t.Fatalf("%d slots for %d queued, capacity %d", r.Slots(), r.Len(), r.Cap())
	}
	for i := range r.Slots() {
		queued := (i-r.head+len(r.slots))%len(r.slots) < r.n
		if !queued && r.slots[i] != nil {
			t.Fatalf("slot %d still holds %d after it was popped", i, *r.slots[i])
		}
		if queued && r.slots[i] != model[(i-r.head+len(r.slots))%len(r.slots)] {
			t.Fatalf("slot %d out of order", i)
		}
	}
}

// TestRingStorageGrowsByDoubling: storage starts at first slots and
// doubles, capped at the capacity, so an idle ring costs nothing.
func TestRingStorageGrowsByDoubling(t *testing.T) {
	r := New[int](100, 8)
	if r.Slots() != 0 {
		t.Fatalf("a new ring has %d slots, want 0", r.Slots())
	}
	var sizes []int
	for i := range 100 {
		r.Push(i)
		if len(sizes) == 0 || sizes[len(sizes)-1] != r.Slots() {
			sizes = append(sizes, r.Slots())
		}
	}
	if got := sizes; len(got) != 5 || got[0] != 8 || got[1] != 16 || got[2] != 32 || got[3] != 64 || got[4] != 100 {
		t.Fatalf("storage sizes %v, want [8 16 32 64 100]", got)
	}
}

func BenchmarkRingPushPop(b *testing.B) {
	r := New[int](1024, 8)
	for i := range b.N {
		r.Push(i)
		if r.Len() > 16 {
			r.Pop()
		}
	}
}
