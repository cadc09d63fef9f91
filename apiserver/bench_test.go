package apiserver

import (
	"fmt"
	"testing"
	"time"

	am "watchscope/apimachinery"
)

// BenchmarkList150kPodsFromCache: one LIST RV=0 of 150,000 pods served
// from the watch cache through the whole request layer (parse, APF,
// delegator, cache list, cost and memory accounting, answer).
func BenchmarkList150kPodsFromCache(b *testing.B) {
	r := newRig(b, Config{})
	for i := range 150_000 {
		r.put("pods", &am.Object{ObjectMeta: am.ObjectMeta{Name: fmt.Sprintf("p%06d", i), Namespace: "default"}})
	}
	r.s.Restart(r.now) // relist at once rather than replaying 150k events
	r.runTo(r.now + 10*time.Second)
	b.ResetTimer()
	for range b.N {
		c, _ := r.do(list("0", 0))
		if len(c.Response.List.Items) != 150_000 {
			b.Fatalf("%d items", len(c.Response.List.Items))
		}
	}
}
