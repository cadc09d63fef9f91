package watchcache

import (
	"fmt"
	"maps"
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

// TestTriggerIndexMatchesMapModel is model-based: random updates (adds,
// moves between nodes, unscheduling, deletes, resets) leave the sorted
// slices holding exactly what the simple map of maps holds, with no empty
// set kept.
func TestTriggerIndexMatchesMapModel(t *testing.T) {
	for seed := range uint64(30) {
		r := rand.New(rand.NewPCG(seed, 2))
		ix := newTriggerIndex("spec.nodeName")
		model := map[string]map[string]*am.Object{}
		current := map[string]*am.Object{} // what the store holds per key
		for step := range 2000 {
			key := pods.Key("default", fmt.Sprintf("p%02d", r.IntN(60)))
			old := current[key]
			var cur *am.Object
			if r.IntN(5) > 0 {
				node := []string{"", "node-1", "node-2", "node-3", "node-4"}[r.IntN(5)]
				cur = pod("default", key, node, uint64(step+1), nil)
				current[key] = cur
			} else {
				delete(current, key)
			}
			if r.IntN(500) == 0 {
				ix = newTriggerIndex("spec.nodeName") // a relist builds a new one
				clear(model)
				clear(current)
				continue
			}
			ix.update(key, old, cur)
			modelUpdate(model, key, old, cur)
			checkTriggerIndex(t, seed, step, ix, model)
		}
	}
}

// modelUpdate is triggerIndex.update on a map of maps.
func modelUpdate(model map[string]map[string]*am.Object, key string, old, cur *am.Object) {
	if old != nil && old.Spec.NodeName != "" {
		delete(model[old.Spec.NodeName], key)
		if len(model[old.Spec.NodeName]) == 0 {
			delete(model, old.Spec.NodeName)
		}
	}
	if cur != nil && cur.Spec.NodeName != "" {
		if model[cur.Spec.NodeName] == nil {
			model[cur.Spec.NodeName] = map[string]*am.Object{}
		}
		model[cur.Spec.NodeName][key] = cur
	}
}

func checkTriggerIndex(t *testing.T, seed uint64, step int, ix *triggerIndex, model map[string]map[string]*am.Object) {
	t.Helper()
	if len(ix.byValue) != len(model) {
		t.Fatalf("seed %d step %d: %d values, model %d", seed, step, len(ix.byValue), len(model))
	}
	for value, set := range model {
		got := ix.elements(value)
		keys := slices.Sorted(maps.Keys(set))
		if len(got) != len(keys) {
			t.Fatalf("seed %d step %d %s: %d elements, model %d", seed, step, value, len(got), len(keys))
		}
		for i, k := range keys {
			if got[i].Key != k || got[i].Object != set[k] {
				t.Fatalf("seed %d step %d %s[%d]: %s, model %s", seed, step, value, i, got[i].Key, k)
			}
		}
	}
}

// TestReplaceBuildsIndexAndSize: a relist's store (built insert by
// insert, a repeated key included) carries exactly the trigger index and
// byte size that walking its tree gives, and the swap replaces the old
// index instead of adding to it.
func TestReplaceBuildsIndexAndSize(t *testing.T) {
	c := New(Config{Resource: pods, Rand: rand.New(rand.NewPCG(7, 7))}, 0)
	c.Replace(0, []*am.Object{pod("a", "gone", "node-9", 5, nil)}, 5)
	r := rand.New(rand.NewPCG(3, 3))
	var objs []*am.Object
	for i := range 300 {
		o := pod("ns", fmt.Sprintf("p%d", r.IntN(200)), fmt.Sprintf("node-%d", r.IntN(7)), 10, nil)
		if i%5 == 0 {
			o.Spec.NodeName = "" // unscheduled: not indexed
		}
		o.SizeBytes = int32(100 + r.IntN(900))
		objs = append(objs, o)
	}
	c.Replace(0, objs, 10)
	want, size := newTriggerIndex("spec.nodeName"), int64(0)
	c.store.tree.Ascend(func(e storeElement) bool {
		want.update(e.Key, nil, e.Object)
		size += int64(e.Object.SizeBytes)
		return true
	})
	if c.store.sizeBytes != size {
		t.Errorf("sizeBytes %d, the tree sums to %d", c.store.sizeBytes, size)
	}
	if !maps.EqualFunc(c.store.index.byValue, want.byValue, slices.Equal[[]storeElement]) {
		t.Errorf("index after the relist:\n%v\nwant (walking the tree):\n%v", c.store.index.byValue, want.byValue)
	}
}
