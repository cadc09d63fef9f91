package watchcache

import (
	"fmt"
	"runtime"
	"testing"

	am "watchscope/apimachinery"
)

// realisticPod is a pod as a large cluster has them: two labels, a node,
// a UID, a simulated 4 KB serialized size.
func realisticPod(i int, rv uint64) *am.Object {
	o := &am.Object{Kind: "Pod", ObjectMeta: am.ObjectMeta{
		Name: fmt.Sprintf("web-%06d", i), Namespace: fmt.Sprintf("ns-%03d", i%300),
		UID:    fmt.Sprintf("uid-%08d", i),
		Labels: map[string]string{"app": fmt.Sprintf("app-%d", i%50), "pod-template-hash": "5d8f7c9b6"},
	}, Spec: am.ObjectSpec{NodeName: fmt.Sprintf("node-%04d", i%5000)}, SizeBytes: 4096}
	return o.WithResourceVersion(rv)
}

func heapInUse() uint64 {
	runtime.GC()
	runtime.GC()
	var m runtime.MemStats
	runtime.ReadMemStats(&m)
	return m.HeapAlloc
}

// BenchmarkBytesPerCachedObject: the whole footprint of the cache (objects,
// store, one ring event per object) divided by the object count.
// Budget: 1.5 KB.
func BenchmarkBytesPerCachedObject(b *testing.B) {
	const n = 50000
	for range b.N {
		before := heapInUse()
		c := New(Config{Resource: pods}, 0)
		objs := make([]*am.Object, n)
		for i := range n {
			objs[i] = realisticPod(i, 10)
		}
		c.Replace(0, objs, 10)
		objs = nil
		for i := range n {
			c.ProcessEvent(0, am.Modified, realisticPod(i, uint64(11+i)))
		}
		after := heapInUse()
		b.ReportMetric(float64(after-before)/n, "B/object")
		runtime.KeepAlive(c)
	}
}

// BenchmarkBytesPerWatcher: an idle registered watcher. Budget: 400 B.
func BenchmarkBytesPerWatcher(b *testing.B) {
	const n = 10000
	for range b.N {
		c := New(Config{Resource: pods}, 0)
		c.Replace(0, nil, 10)
		before := heapInUse()
		ws := make([]*CacheWatcher, 0, n)
		for range n {
			w, _ := c.Watch(0, WatchOptions{ResourceVersion: "10", AllowWatchBookmarks: true})
			ws = append(ws, w)
		}
		after := heapInUse()
		b.ReportMetric(float64(after-before)/n, "B/watcher")
		runtime.KeepAlive(ws)
	}
}

// BenchmarkDispatch: one event fanned out to 10,000 watchers that keep
// reading; reports ns per (event x watcher).
func BenchmarkDispatch(b *testing.B) {
	const n = 10000
	c := New(Config{Resource: pods}, 0)
	c.Replace(0, nil, 10)
	ws := make([]*CacheWatcher, n)
	for i := range ws {
		ws[i], _ = c.Watch(0, WatchOptions{ResourceVersion: "10"})
	}
	b.ResetTimer()
	for i := range b.N {
		c.ProcessEvent(0, am.Modified, realisticPod(i%100, uint64(11+i)))
		for _, w := range ws {
			w.Next()
		}
	}
	b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N)/n, "ns/event-watcher")
}

// BenchmarkList150k: LIST of 150,000 pods from the cache (RV "0").
func BenchmarkList150k(b *testing.B) {
	const n = 150000
	c := New(Config{Resource: pods}, 0)
	objs := make([]*am.Object, n)
	for i := range n {
		objs[i] = realisticPod(i, 10)
	}
	c.Replace(0, objs, 10)
	b.ResetTimer()
	for range b.N {
		res, err := c.List(0, ListOptions{ResourceVersion: "0"}).Result()
		if err != nil || len(res.Items) != n {
			b.Fatal(err, len(res.Items))
		}
	}
}
