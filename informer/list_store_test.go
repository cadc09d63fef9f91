package informer

import (
	"fmt"
	"math/rand/v2"
	"slices"
	"testing"

	am "watchscope/apimachinery"
)

// TestListStoreIsASortedStore: random watch-list events (mostly ADDED
// in key order, as the watch cache sends them, sometimes out of order,
// MODIFIED or DELETED) leave a listStore whose List equals a plain
// store's List of the same events.
func TestListStoreIsASortedStore(t *testing.T) {
	for seed := range uint64(300) {
		r := rand.New(rand.NewPCG(seed, 9))
		ls, plain := newListStore(), NewStore()
		next := 0
		for range r.IntN(60) {
			name := fmt.Sprintf("p%03d", next)
			switch k := r.IntN(10); {
			case k < 7: // the usual: the next key in order
				next += 1 + r.IntN(3)
			default: // a key seen before, or an earlier one
				name = fmt.Sprintf("p%03d", r.IntN(next+1))
			}
			o := &am.Object{Kind: "Pod", ObjectMeta: am.ObjectMeta{Namespace: "ns", Name: name, ResourceVersion: fmt.Sprint(r.IntN(100))}}
			if r.IntN(8) == 0 {
				ls.remove(o)
				plain.Delete(o)
				continue
			}
			ls.put(o)
			plain.Add(o)
		}
		got, want := ls.List(), plain.List()
		if !slices.Equal(got, want) {
			t.Fatalf("seed %d: listStore lists %v, a store %v", seed, got, want)
		}
	}
}
