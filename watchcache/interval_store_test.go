package watchcache

import (
	"fmt"
	"math/rand/v2"
	"slices"
	"testing"

	am "watchscope/apimachinery"
)

// TestStoreIntervalIsTheStoreAtWatchTime: a watch's initial events come
// from the store lazily, replayChunk at a time, while writes go on and
// the consumer reads in random bursts; they must be exactly the objects
// the store held when the watch arrived that the selector accepts, in key
// order, and every object of the store counts as an initial event.
func TestStoreIntervalIsTheStoreAtWatchTime(t *testing.T) {
	for seed := range uint64(40) {
		r := rand.New(rand.NewPCG(seed, 5))
		n := 100 + r.IntN(300)
		c := New(Config{Resource: pods, Rand: rand.New(rand.NewPCG(seed, 7))}, 0)
		var objs []*am.Object
		var want []string
		for i := range n {
			app := []string{"web", "db", "cache"}[r.IntN(3)]
			o := pod(fmt.Sprintf("ns-%d", r.IntN(4)), fmt.Sprintf("p%03d", i), "node-1", 10, map[string]string{"app": app})
			objs = append(objs, o)
		}
		c.Replace(0, objs, 10)
		c.store.tree.Ascend(func(e storeElement) bool {
			if e.Object.Labels["app"] != "db" {
				want = append(want, "ADDED Pod "+e.Object.Namespace+"/"+e.Object.Name+"@10")
			}
			return true
		})
		sel, _ := am.ParseLabelSelector("app!=db")
		before := c.metrics.InitEventsTotal
		opts := WatchOptions{ResourceVersion: "0", LabelSelector: sel}
		if seed%2 == 1 {
			opts = WatchOptions{SendInitialEvents: boolp(true), AllowWatchBookmarks: true, LabelSelector: sel, StorageRV: 10}
		}
		w, err := c.Watch(0, opts)
		if err != nil {
			t.Fatal(err)
		}
		var got []string
		rv := uint64(10)
		for done := false; !done; {
			for range r.IntN(60) {
				e, ok := w.Next()
				if !ok {
					done = true
					break
				}
				if s := e.String(); e.Type == am.Added && e.Object.ResourceVersion == "10" {
					got = append(got, s)
				}
			}
			if rv < 40 { // the world goes on under the interval
				rv++
				o := objs[r.IntN(n)]
				typ := []am.EventType{am.Modified, am.Deleted}[r.IntN(2)]
				c.ProcessEvent(0, typ, pod(o.Namespace, o.Name, "node-1", rv, map[string]string{"app": "web"}))
				done = false
			}
		}
		if !slices.Equal(got, want) {
			t.Fatalf("seed %d: %d initial events, want %d (the store at the watch, app!=db):\ngot  %q\nwant %q", seed, len(got), len(want), got, want)
		}
		if d := c.metrics.InitEventsTotal - before; d != int64(n) {
			t.Fatalf("seed %d: init events counted %d, want every object in the store (%d)", seed, d, n)
		}
	}
}
