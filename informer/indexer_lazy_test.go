package informer

import (
	"slices"
	"strconv"
	"testing"

	am "watchscope/apimachinery"
)

// TestIndexerLazyIndicesModel checks that indices built on first use give
// the answers eagerly maintained ones would: random adds, updates (which
// move objects between label values), deletes and Replaces, with queries
// at random moments, each compared with a scan of every stored object.
func TestIndexerLazyIndicesModel(t *testing.T) {
	byApp := func(o *am.Object) []string {
		if v, ok := o.Labels["app"]; ok {
			return []string{v, "any"}
		}
		return nil
	}
	for seed := range uint64(40) {
		r := newTestRand(seed)
		s := NewIndexer(Indexers{NamespaceIndex: MetaNamespaceIndexFunc})
		if err := s.AddIndexers(Indexers{"app": byApp}); err != nil {
			t.Fatal(err)
		}
		obj := func(rv uint64) *am.Object {
			o := pod("ns"+strconv.Itoa(r.IntN(3)), "p"+strconv.Itoa(r.IntN(12)), rv)
			if r.IntN(4) > 0 {
				o.Labels = map[string]string{"app": "a" + strconv.Itoa(r.IntN(3))}
			}
			return o
		}
		for step := range 300 {
			switch op := r.IntN(10); {
			case op < 5:
				s.Update(obj(uint64(step + 1)))
			case op < 8:
				s.Delete(obj(0))
			case op < 9 && r.IntN(5) == 0:
				s.Replace([]*am.Object{obj(uint64(step + 1)), obj(uint64(step + 1))}, strconv.Itoa(step))
			default:
				checkIndices(t, s, map[string]IndexFunc{NamespaceIndex: MetaNamespaceIndexFunc, "app": byApp})
			}
		}
		checkIndices(t, s, map[string]IndexFunc{NamespaceIndex: MetaNamespaceIndexFunc, "app": byApp})
	}
}

// checkIndices compares every index with a scan of the stored objects.
func checkIndices(t *testing.T, s *Indexer, fs map[string]IndexFunc) {
	t.Helper()
	for _, name := range []string{NamespaceIndex, "app"} {
		want := map[string][]string{}
		for _, o := range s.List() {
			for _, v := range fs[name](o) {
				want[v] = append(want[v], MetaNamespaceKey(o))
			}
		}
		values := s.ListIndexFuncValues(name)
		if len(values) != len(want) {
			t.Fatalf("index %s values %v, want %d values %v", name, values, len(want), want)
		}
		for _, v := range values {
			keys, err := s.IndexKeys(name, v)
			if err != nil || !slices.Equal(keys, want[v]) {
				t.Fatalf("index %s[%s] = %v (%v), want %v", name, v, keys, err, want[v])
			}
		}
	}
	if _, err := s.ByIndex("nope", "x"); err == nil || err.Error() != "Index with name nope does not exist" {
		t.Fatalf("unknown index: %v", err)
	}
}
