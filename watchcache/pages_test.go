package watchcache

import (
	"fmt"
	"math/rand/v2"
	"reflect"
	"testing"

	am "watchscope/apimachinery"
)

// TestPageCursorsModel pages through random stores while writes go on,
// once with the page cursors and once walking every remaining object,
// and requires identical answers (items, tokens, remaining counts, RVs,
// errors) and identical list metrics.
func TestPageCursorsModel(t *testing.T) {
	for seed := range uint64(20) {
		r := rand.New(rand.NewPCG(seed, 11))
		fast, slow := readyCacher(t, 10, 0), readyCacher(t, 10, 0)
		slow.pages.off = true
		rv := uint64(10)
		write := func() {
			rv++
			name := fmt.Sprintf("p%03d", r.IntN(120))
			ev := pod(fmt.Sprintf("ns%d", r.IntN(3)), name, "n", rv, nil)
			typ := randomEventType(r, fast, ev)
			fast.ProcessEvent(0, typ, ev)
			slow.ProcessEvent(0, typ, ev)
		}
		for range 150 {
			write()
		}
		for list := range 30 {
			opts := ListOptions{StorageRV: rv, Limit: int64(1 + r.IntN(40))}
			for page := 0; ; page++ {
				a, errA := fast.List(0, opts).Result()
				b, errB := slow.List(0, opts).Result()
				if !reflect.DeepEqual(a, b) || fmt.Sprint(errA) != fmt.Sprint(errB) {
					t.Fatalf("seed %d list %d page %d: cursors %+v %v\nwalk %+v %v", seed, list, page, a, errA, b, errB)
				}
				if a.Continue == "" || errA != nil {
					break
				}
				opts = ListOptions{Continue: a.Continue, Limit: int64(1 + r.IntN(40))}
				for range r.IntN(5) {
					write()
				}
			}
		}
		if !reflect.DeepEqual(*fast.Metrics(), *slow.Metrics()) {
			t.Fatalf("seed %d: metrics differ\n%+v\n%+v", seed, *fast.Metrics(), *slow.Metrics())
		}
	}
}

// randomEventType picks Added for a new key, else Modified or Deleted.
func randomEventType(r *rand.Rand, c *Cacher, o *am.Object) am.EventType {
	if _, ok := c.store.get(c.resource.Key(o.Namespace, o.Name)); !ok {
		return am.Added
	}
	if r.IntN(4) == 0 {
		return am.Deleted
	}
	return am.Modified
}
