package mvcc

import (
	"fmt"
	"math/rand/v2"
	"testing"
)

// TestKeyTableRandomAgainstMap compares the key table with a Go map over
// random inserts and deletes (deletion shifts probe chains back, which is
// where open addressing goes wrong), through growth and wrap-around.
func TestKeyTableRandomAgainstMap(t *testing.T) {
	for seed := range uint64(20) {
		r := rand.New(rand.NewPCG(seed, 5))
		var slab keySlab
		table := keyTable{slab: &slab}
		want := map[string]*keyIndex{}
		pool := 50 + r.IntN(500)
		for step := range 5000 {
			key := fmt.Sprintf("/registry/pods/ns-%d/p-%d", r.IntN(3), r.IntN(pool))
			if ki, ok := want[key]; ok && r.IntN(2) == 0 {
				table.delete(ki.key, ki.id)
				delete(want, key)
				slab.release(ki)
			} else if !ok {
				ki := slab.alloc()
				ki.key = []byte(key)
				table.insert(ki.key, ki.id)
				want[key] = ki
			}
			if step%250 != 0 {
				continue
			}
			for i := range 3 * pool {
				k := fmt.Sprintf("/registry/pods/ns-%d/p-%d", i%3, i/3)
				got, ok := table.find([]byte(k))
				if w, wok := want[k]; ok != wok || ok && got != w {
					t.Fatalf("seed %d step %d: find(%s) = %v %v, want %v %v", seed, step, k, got, ok, w, wok)
				}
			}
			if table.n != len(want) {
				t.Fatalf("seed %d: %d keys, want %d", seed, table.n, len(want))
			}
		}
	}
}
