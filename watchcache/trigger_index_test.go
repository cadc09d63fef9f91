package watchcache

import (
	"fmt"
	"math/rand/v2"
	"slices"
	"testing"

	am "watchscope/apimachinery"
)

// TestTriggerIndexServesLikeAStoreWalk is model-based: after random pod
// churn (nodes changing, labels, deletes, a relist), a watch whose field
// selector fixes spec.nodeName gets the same initial events, end bookmark
// and init-events count from the index as from a walk of the store.
func TestTriggerIndexServesLikeAStoreWalk(t *testing.T) {
	for seed := range uint64(20) {
		r := rand.New(rand.NewPCG(seed, 1))
		c := readyCacher(t, 10, 0)
		rv := uint64(10)
		live := map[string]bool{}
		for step := range 300 {
			if step == 150 && seed%2 == 0 { // a relist rebuilds the index
				var objs []*am.Object
				for _, name := range sortedNames(live) {
					o, _ := c.store.get(pods.Key("default", name))
					objs = append(objs, o)
				}
				c.Replace(0, objs, rv)
			}
			rv++
			name := fmt.Sprintf("p%d", r.IntN(40))
			node := []string{"", "node-1", "node-2", "node-3"}[r.IntN(4)]
			labels := map[string]string{"app": []string{"a", "b"}[r.IntN(2)]}
			switch {
			case live[name] && r.IntN(4) == 0:
				o, _ := c.store.get(pods.Key("default", name))
				c.ProcessEvent(0, am.Deleted, o.WithResourceVersion(rv))
				delete(live, name)
			case live[name]:
				c.ProcessEvent(0, am.Modified, pod("default", name, node, rv, labels))
			default:
				c.ProcessEvent(0, am.Added, pod("default", name, node, rv, labels))
				live[name] = true
			}
		}
		for _, sel := range []string{"spec.nodeName=node-1", "spec.nodeName=node-2", "spec.nodeName=node-9"} {
			for _, lsel := range []string{"", "app=a"} {
				viaIndex, n1 := initialEvents(t, c, sel, lsel, true)
				viaWalk, n2 := initialEvents(t, c, sel, lsel, false)
				if !slices.Equal(viaIndex, viaWalk) || n1 != n2 {
					t.Fatalf("seed %d %s %s:\nindex %q (%d)\nwalk  %q (%d)", seed, sel, lsel, viaIndex, n1, viaWalk, n2)
				}
			}
		}
	}
}

// initialEvents opens a watch-list with the selectors, from the index or
// (index hidden) from a store walk, and returns what the client reads and
// the init-events count it added.
func initialEvents(t *testing.T, c *Cacher, fields, labels string, index bool) ([]string, int64) {
	t.Helper()
	fs, err := am.ParseFieldSelector(fields)
	if err != nil {
		t.Fatal(err)
	}
	ls, err := am.ParseLabelSelector(labels)
	if err != nil {
		t.Fatal(err)
	}
	saved := c.store.index
	if !index {
		c.store.index = nil
	}
	before := c.metrics.InitEventsTotal
	w, err := c.Watch(0, WatchOptions{ResourceVersion: "", SendInitialEvents: boolp(true), AllowWatchBookmarks: true,
		FieldSelector: fs, LabelSelector: ls, StorageRV: c.resourceVersion})
	if err != nil {
		t.Fatal(err)
	}
	if served := c.indexServes(w); served != index {
		t.Fatalf("indexServes = %v", served)
	}
	c.store.index = saved
	got := summary(drain(w))
	w.Stop()
	return got, c.metrics.InitEventsTotal - before
}

func sortedNames(m map[string]bool) []string {
	var out []string
	for k := range m {
		out = append(out, k)
	}
	slices.Sort(out)
	return out
}
