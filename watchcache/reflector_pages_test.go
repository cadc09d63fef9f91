package watchcache

import (
	"fmt"
	"math/rand/v2"
	"testing"
	"time"

	am "watchscope/apimachinery"
	"watchscope/mvcc"
)

// TestReflectorListsPageByPage: more objects than one page of the initial
// LIST are read one page at a time and decoded decodeSlice objects per
// step, a simulated microsecond apart (a page is read readSlice keys a
// step); the
// cache turns Ready at the first page's revision holding exactly what
// etcd held then, and writes made between the pages arrive through the
// watch that starts after the list.
func TestReflectorListsPageByPage(t *testing.T) {
	s, err := mvcc.NewServer(mvcc.Config{Rand: rand.New(rand.NewPCG(1, 1))})
	if err != nil {
		t.Fatal(err)
	}
	n := 2*storageListPageSize + 7
	var rev int64
	for i := range n {
		rev = putPod(t, s, &am.Object{Kind: "Pod", ObjectMeta: am.ObjectMeta{Name: fmt.Sprintf("p%05d", i), Namespace: "default"}})
	}
	c := New(Config{Resource: pods}, 0)
	r := NewReflector(c, s)
	r.Step(0)
	if c.ReadyState() == Ready {
		t.Fatal("three pages must not be listed in one step")
	}
	late := putPod(t, s, &am.Object{Kind: "Pod", ObjectMeta: am.ObjectMeta{Name: "zz-late", Namespace: "default"}})
	now, steps := time.Duration(0), 1
	for ; c.ReadyState() != Ready; steps++ {
		at, ok := r.NextWake()
		if !ok || at != now+listPageGap {
			t.Fatalf("step %d: next wake %v %v, want %v", steps, at, ok, now+listPageGap)
		}
		now = at
		s.Advance(now)
		r.Step(now)
	}
	// The decode slices, plus the two full pages read readSlice keys a
	// step in steps of their own (the last, short page is read and decoded
	// in one step).
	reads := 2 * ((storageListPageSize + readSlice - 1) / readSlice)
	if want := (n+decodeSlice-1)/decodeSlice + reads; steps != want || c.ListResourceVersion() != uint64(rev) {
		t.Fatalf("%d steps, list RV %d; want %d (3 pages) at %d", steps, c.ListResourceVersion(), want, rev)
	}
	if objs, _ := c.StoreStats(); objs != n {
		t.Fatalf("store holds %d objects after the list, want %d (the late write comes by watch)", objs, n)
	}
	runUntil(s, r, now, now+time.Second)
	if objs, _ := c.StoreStats(); objs != n+1 || c.ResourceVersion() != uint64(late) {
		t.Fatalf("after the watch: %d objects at RV %d, want %d at %d", objs, c.ResourceVersion(), n+1, late)
	}
}
