package order

import (
	"maps"
	"math/rand/v2"
	"slices"
	"testing"
)

// item has many equal keys, so an unstable sort's tie order shows.
type item struct {
	key, seq int
	name     string
}

func byKey(a, b item) int { return a.key - b.key }

func randomItems(r *rand.Rand, n int) []item {
	s := make([]item, n)
	for i := range s {
		s[i] = item{key: r.IntN(8), seq: i, name: string(rune('a' + r.IntN(26)))}
	}
	return s
}

// TestSortsAreSlicesOrder: SortFunc and SortStableFunc give the same
// order as slices.SortFunc and SortStableFunc, element for element, ties
// included, for lengths across pdqsort's regimes (insertion sort under
// 12, the pattern breaker, heap sort's fallback) and the stable sort's
// insertion blocks of 20 and merges.
func TestSortsAreSlicesOrder(t *testing.T) {
	type sorter func([]item, func(a, b item) int)
	for _, c := range []struct {
		name      string
		ours, std sorter
		lengths   []int
		rounds    int
	}{
		{"SortFunc", SortFunc[item], slices.SortFunc[[]item], []int{0, 1, 2, 11, 12, 13, 50, 200, 1000, 5000}, 20},
		{"SortStableFunc", SortStableFunc[item], slices.SortStableFunc[[]item], []int{0, 1, 7, 30, 500, 3000}, 1},
	} {
		r := rand.New(rand.NewPCG(1, 2))
		for _, n := range c.lengths {
			for range c.rounds {
				s := randomItems(r, n)
				want := slices.Clone(s)
				c.std(want, byKey)
				c.ours(s, byKey)
				if !slices.Equal(s, want) {
					t.Fatalf("%s, n=%d: order differs from slices'", c.name, n)
				}
			}
		}
	}
}

func TestSortedFuncIsSlicesOrder(t *testing.T) {
	m := map[string]int{}
	for i := range 300 {
		m[string(rune('A'+i%50))+string(rune('a'+i%7))] = i
	}
	cmp := func(a, b string) int { return int(a[1]) - int(b[1]) } // ties on the first letter
	keys := slices.Collect(maps.Keys(m))
	want := slices.Clone(keys)
	slices.SortFunc(want, cmp)
	got := SortedFunc(slices.Values(keys), cmp)
	if !slices.Equal(got, want) {
		t.Fatal("order differs from slices.SortFunc of the same sequence")
	}
}
