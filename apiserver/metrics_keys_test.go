package apiserver

import (
	"fmt"
	"math/rand/v2"
	"slices"
	"testing"

	am "watchscope/apimachinery"
)

// TestSeriesOfModel changes a map at random (keys added, removed,
// values bumped) and checks that the cached order and labels always
// equal what sortedKeys gives for the map as it is now.
func TestSeriesOfModel(t *testing.T) {
	r := rand.New(rand.NewPCG(1, 2))
	m := map[[2]string]int{}
	var c seriesKeys[[2]string]
	labels := func(k [2]string) [][2]string { return [][2]string{{"a", k[0]}, {"b", k[1]}} }
	for i := range 2000 {
		k := [2]string{fmt.Sprint(r.IntN(5)), fmt.Sprint(r.IntN(4))}
		switch r.IntN(3) {
		case 0:
			delete(m, k)
		default:
			m[k]++
		}
		got := seriesOf(&c, m, labels)
		want := sortedKeys(m)
		if !slices.Equal(got.order, want) {
			t.Fatalf("step %d: order %v, want %v", i, got.order, want)
		}
		for j, k := range want {
			if !slices.Equal(got.labels[j], labels(k)) {
				t.Fatalf("step %d: labels of %v are %v", i, k, got.labels[j])
			}
		}
	}
}

func TestCodeText(t *testing.T) {
	for code := int32(-1); code < 700; code++ {
		if got, want := codeText(code), fmt.Sprint(code); got != want {
			t.Fatalf("codeText(%d) = %q, want %q", code, got, want)
		}
	}
}

func TestGroupResource(t *testing.T) {
	rs := append(slices.Clone(am.KnownResources), am.Resource{Group: "example.com", Version: "v1", Resource: "widgets"})
	for _, r := range rs {
		if got, want := groupResource(r), r.GroupResource(); got != want {
			t.Errorf("groupResource(%v) = %q, want %q", r, got, want)
		}
	}
}
