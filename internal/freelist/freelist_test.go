package freelist

import (
	"math/rand/v2"
	"testing"
)

type call struct {
	id   int
	refs []int
}

// TestFreeListModel: random Gets and Puts against a model of the values
// handed out and kept. Get returns a kept value (last put, first out)
// zeroed, or a new one when none is kept; Put keeps at most the bound; a
// value is never handed out twice at once.
func TestFreeListModel(t *testing.T) {
	for _, bound := range []int{0, 1, 5, 64} {
		rng := rand.New(rand.NewPCG(uint64(bound), 7))
		l := New[call](bound)
		var out []*call  // handed out, in use
		var kept []*call // the model of the list
		for step := range 20000 {
			if rng.IntN(2) == 0 || len(out) == 0 {
				p := l.Get()
				if len(kept) > 0 {
					if p != kept[len(kept)-1] {
						t.Fatalf("bound %d step %d: Get did not return the last value put", bound, step)
					}
					kept = kept[:len(kept)-1]
				}
				if p.id != 0 || p.refs != nil {
					t.Fatalf("bound %d step %d: Get returned a value that was not zeroed: %+v", bound, step, *p)
				}
				for _, q := range out {
					if q == p {
						t.Fatalf("bound %d step %d: a value in use was handed out again", bound, step)
					}
				}
				p.id, p.refs = step+1, []int{step}
				out = append(out, p)
			} else {
				i := rng.IntN(len(out))
				p := out[i]
				out = append(out[:i], out[i+1:]...)
				l.Put(p)
				if p.id != 0 || p.refs != nil {
					t.Fatalf("bound %d step %d: Put did not zero the value", bound, step)
				}
				if len(kept) < bound {
					kept = append(kept, p)
				}
			}
			if l.Len() != len(kept) || l.Len() > bound {
				t.Fatalf("bound %d step %d: list keeps %d, model %d", bound, step, l.Len(), len(kept))
			}
		}
	}
}
