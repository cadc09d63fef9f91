package watchcache

import (
	"fmt"
	"slices"
	"testing"
	"time"

	am "watchscope/apimachinery"
)

// TestListSlices: a LIST that visits more than listSliceItems elements
// is not done in the step that starts it; it finishes slice by slice at
// successive microseconds, and its answer is the state at its list RV
// (writes during the walk do not show), with the same token, remaining
// count and metrics as the one-step walk of a small list would give.
func TestListSlices(t *testing.T) {
	n := 2*listSliceItems + 500
	c := New(Config{Resource: pods}, 0)
	var objs []*am.Object
	var want []string
	for i := range n {
		name := fmt.Sprintf("p%06d", i)
		objs = append(objs, pod("default", name, "node-1", 10, nil))
		want = append(want, name+"@10")
	}
	c.Replace(0, objs, 10)
	tests := []struct {
		name      string
		opts      ListOptions
		items     int
		remaining int64 // -1: none reported
		token     bool
	}{
		{"everything, consistent", ListOptions{StorageRV: 10}, n, -1, false},
		{"RV 0", ListOptions{ResourceVersion: "0"}, n, -1, false},
		{"no match for a selector", ListOptions{StorageRV: 10, FieldSelector: mustFields("spec.nodeName=nowhere")}, 0, -1, false},
		{"page 1 of an unknown rank counts the rest", ListOptions{Continue: mustContinue("/registry/pods/default/p000000\x00", 10), Limit: 10}, 10, int64(n - 11), true},
	}
	now := time.Second
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			before := *c.Metrics()
			r := c.List(now, tt.opts)
			if r.Done() {
				t.Fatal("a LIST visiting every element must not finish in one step")
			}
			c.ProcessEvent(now, am.Added, pod("default", "zz-new-one", "node-1", 11, nil))
			steps := 1
			for ; !r.Done(); steps++ {
				at, ok := c.NextWake()
				if !ok || at <= now || at > now+listSliceGap {
					t.Fatalf("next slice at %v (ok %v), want %v", at, ok, now+listSliceGap)
				}
				now = at
				c.Step(now)
			}
			res, err := r.Result()
			if err != nil || len(res.Items) != tt.items || res.ResourceVersion != 10 && tt.opts.ResourceVersion == "" {
				t.Fatalf("%d items rv %d err %v, want %d items at rv 10", len(res.Items), res.ResourceVersion, err, tt.items)
			}
			if res.SizeBytes != 0 || res.Unsized != int64(len(res.Items)) { // test pods carry no SizeBytes
				t.Fatalf("size totals %d bytes + %d unsized for %d items", res.SizeBytes, res.Unsized, len(res.Items))
			}
			if tt.items == n && !slices.Equal(names(res.Items), want) {
				t.Fatal("items differ from the state at the list RV")
			}
			if (res.RemainingItemCount == nil) != (tt.remaining < 0) || res.RemainingItemCount != nil && *res.RemainingItemCount != tt.remaining || (res.Continue != "") != tt.token {
				t.Fatalf("remaining %v token %q, want %d %v", res.RemainingItemCount, res.Continue, tt.remaining, tt.token)
			}
			if got := c.Metrics().ListFetchedObjectsTotal - before.ListFetchedObjectsTotal; steps < 3 || got < int64(n-1) {
				t.Fatalf("%d slices, %d fetched", steps, got)
			}
			c.ProcessEvent(now, am.Deleted, pod("default", "zz-new-one", "node-1", 12, nil))
			c.Replace(now, objs, 10)
		})
	}
}

func mustContinue(key string, rv int64) string {
	s, err := am.EncodeContinue(key, "/registry/pods/", rv)
	if err != nil {
		panic(err)
	}
	return s
}
