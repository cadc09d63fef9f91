package informer

import (
	"maps"
	"slices"
	"strconv"
	"testing"

	am "watchscope/apimachinery"
)

// TestItemStoreMatchesMap is model-based: random puts, removes and
// resets, across the small-to-large switch, leave the store answering
// every query as a plain map does (keys and objects in key order).
func TestItemStoreMatchesMap(t *testing.T) {
	for seed := range uint64(20) {
		r := newTestRand(seed)
		var s itemStore
		model := map[string]*am.Object{}
		keySpace := []int{10, smallItems + 40, 3 * smallItems}[seed%3]
		for step := range 5000 {
			key := "ns/p" + strconv.Itoa(r.IntN(keySpace))
			switch op := r.IntN(20); {
			case op == 0 && r.IntN(20) == 0:
				n := r.IntN(2 * smallItems)
				s.reset(n)
				clear(model)
				for i := range n {
					o := pod("ns", "p"+strconv.Itoa(r.IntN(keySpace)), uint64(i))
					wantOld, wantOK := model[o.MetaNamespaceKey()]
					old, ok := s.put(o.MetaNamespaceKey(), o)
					if old != wantOld || ok != wantOK {
						t.Fatalf("seed %d step %d: reset put returned %v %v", seed, step, old, ok)
					}
					model[o.MetaNamespaceKey()] = o
				}
			case op < 12:
				o := pod("ns", key[3:], uint64(step))
				old, ok := s.put(key, o)
				if wantOld, wantOK := model[key]; old != wantOld || ok != wantOK {
					t.Fatalf("seed %d step %d: put %s returned %v %v", seed, step, key, old, ok)
				}
				model[key] = o
			default:
				old, ok := s.remove(key)
				if wantOld, wantOK := model[key]; old != wantOld || ok != wantOK {
					t.Fatalf("seed %d step %d: remove %s returned %v %v", seed, step, key, old, ok)
				}
				delete(model, key)
			}
			if step%10 == 0 {
				checkItemStore(t, seed, step, &s, model)
			}
		}
		checkItemStore(t, seed, -1, &s, model)
	}
}

func checkItemStore(t *testing.T, seed uint64, step int, s *itemStore, model map[string]*am.Object) {
	t.Helper()
	keys := slices.Sorted(maps.Keys(model))
	if s.len() != len(model) || !slices.Equal(s.keys(), keys) {
		t.Fatalf("seed %d step %d: %d keys %v, model %v", seed, step, s.len(), s.keys(), keys)
	}
	objs := s.objects()
	seen := map[string]*am.Object{}
	s.each(func(k string, o *am.Object) { seen[k] = o })
	for i, k := range keys {
		if got, ok := s.get(k); !ok || got != model[k] || objs[i] != model[k] || seen[k] != model[k] {
			t.Fatalf("seed %d step %d: %s holds %v", seed, step, k, got)
		}
	}
	if len(seen) != len(model) {
		t.Fatalf("seed %d step %d: each visited %d keys, model %d", seed, step, len(seen), len(model))
	}
	if _, ok := s.get("ns/absent"); ok {
		t.Fatalf("seed %d step %d: absent key found", seed, step)
	}
}
