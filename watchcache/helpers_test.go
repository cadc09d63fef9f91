package watchcache

import (
	"fmt"
	"math/rand/v2"
	"testing"
	"time"

	am "watchscope/apimachinery"
)

var pods, _ = am.LookupResource("pods")
var configmaps, _ = am.LookupResource("configmaps")

func pod(ns, name, node string, rv uint64, labels map[string]string) *am.Object {
	o := &am.Object{Kind: "Pod", ObjectMeta: am.ObjectMeta{Name: name, Namespace: ns, Labels: labels}, Spec: am.ObjectSpec{NodeName: node}}
	return o.WithResourceVersion(rv)
}

// readyCacher returns a pods cacher relisted at rv with n pods p0..p(n-1).
func readyCacher(t testing.TB, rv uint64, n int) *Cacher {
	t.Helper()
	c := New(Config{Resource: pods, Rand: rand.New(rand.NewPCG(7, 7))}, 0)
	var objs []*am.Object
	for i := range n {
		objs = append(objs, pod("default", fmt.Sprintf("p%d", i), "node-1", rv, nil))
	}
	c.Replace(0, objs, rv)
	return c
}

func boolp(b bool) *bool { return &b }

// drain pops every buffered event.
func drain(w *CacheWatcher) []am.WatchEvent {
	var out []am.WatchEvent
	for {
		e, ok := w.Next()
		if !ok {
			return out
		}
		out = append(out, e)
	}
}

func summary(evs []am.WatchEvent) []string {
	var out []string
	for _, e := range evs {
		out = append(out, e.String())
	}
	return out
}

func sec(s float64) time.Duration { return time.Duration(s * float64(time.Second)) }
