package watchcache

import (
	"fmt"
	"maps"
	"math/rand/v2"
	"slices"
	"testing"
	"time"

	am "watchscope/apimachinery"
)

func names(items []*am.Object) []string {
	var out []string
	for _, o := range items {
		out = append(out, o.Name+"@"+o.ResourceVersion)
	}
	return out
}

func mustList(t *testing.T, c *Cacher, now time.Duration, opts ListOptions) ListResult {
	t.Helper()
	r := c.List(now, opts)
	if !r.Done() {
		t.Fatal("list should complete at once")
	}
	res, err := r.Result()
	if err != nil {
		t.Fatal(err)
	}
	return res
}

// historyCacher: relist at 10 with p0..p4, then p5 (11), p6 (12),
// modify p0 (13), delete p1 (14).
func historyCacher(t *testing.T) *Cacher {
	c := readyCacher(t, 10, 5)
	c.ProcessEvent(0, am.Added, pod("default", "p5", "node-2", 11, nil))
	c.ProcessEvent(0, am.Added, pod("other", "p6", "node-1", 12, map[string]string{"app": "web"}))
	c.ProcessEvent(0, am.Modified, pod("default", "p0", "node-1", 13, map[string]string{"app": "web"}))
	c.ProcessEvent(0, am.Deleted, pod("default", "p1", "node-1", 14, nil))
	return c
}

func TestListCurrentAndSnapshots(t *testing.T) {
	c := historyCacher(t)
	tests := []struct {
		name string
		opts ListOptions
		want []string
		wrv  uint64
	}{
		{"RV 0: current state in key order", ListOptions{ResourceVersion: "0"},
			[]string{"p0@13", "p2@10", "p3@10", "p4@10", "p5@11", "p6@12"}, 14},
		{"RV 0 ignores limit", ListOptions{ResourceVersion: "0", Limit: 2},
			[]string{"p0@13", "p2@10", "p3@10", "p4@10", "p5@11", "p6@12"}, 14},
		{"exact at 11: snapshot", ListOptions{ResourceVersion: "11", ResourceVersionMatch: "Exact"},
			[]string{"p0@10", "p1@10", "p2@10", "p3@10", "p4@10", "p5@11"}, 11},
		{"legacy exact (limit, RV N) at 12", ListOptions{ResourceVersion: "12", Limit: 100},
			[]string{"p0@10", "p1@10", "p2@10", "p3@10", "p4@10", "p5@11", "p6@12"}, 12},
		{"NotOlderThan 11: current", ListOptions{ResourceVersion: "11", ResourceVersionMatch: "NotOlderThan"},
			[]string{"p0@13", "p2@10", "p3@10", "p4@10", "p5@11", "p6@12"}, 14},
		{"namespace", ListOptions{ResourceVersion: "0", Namespace: "other"}, []string{"p6@12"}, 14},
		{"label selector", ListOptions{ResourceVersion: "0", LabelSelector: mustLabels("app=web")}, []string{"p0@13", "p6@12"}, 14},
		{"field selector", ListOptions{ResourceVersion: "0", FieldSelector: mustFields("spec.nodeName=node-2")}, []string{"p5@11"}, 14},
		{"consistent read at storage RV", ListOptions{StorageRV: 14}, []string{"p0@13", "p2@10", "p3@10", "p4@10", "p5@11", "p6@12"}, 14},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			res := mustList(t, c, 0, tt.opts)
			if got := names(res.Items); !slices.Equal(got, tt.want) || res.ResourceVersion != tt.wrv {
				t.Fatalf("got %q rv %d", got, res.ResourceVersion)
			}
		})
	}
}

func mustLabels(s string) am.LabelSelector { l, _ := am.ParseLabelSelector(s); return l }
func mustFields(s string) am.FieldSelector { f, _ := am.ParseFieldSelector(s); return f }

func TestListPagination(t *testing.T) {
	c := historyCacher(t)
	first := mustList(t, c, 0, ListOptions{ResourceVersion: "", StorageRV: 14, Limit: 2})
	if got := names(first.Items); !slices.Equal(got, []string{"p0@13", "p2@10"}) || first.RemainingItemCount == nil || *first.RemainingItemCount != 4 {
		t.Fatalf("first page %q remaining %v", got, first.RemainingItemCount)
	}
	// The Cacher's key: relative to "/registry/pods", so "/default/p2\x00".
	wantToken, _ := am.EncodeContinue("/registry/pods/default/p2\x00", "/registry/pods", 14)
	if first.Continue != wantToken {
		t.Fatalf("token %q", first.Continue)
	}
	// Changes after the first page do not show: the rest reads snapshot 14.
	c.ProcessEvent(0, am.Added, pod("default", "p25", "n", 15, nil))
	second := mustList(t, c, 0, ListOptions{Continue: first.Continue, Limit: 3})
	if got := names(second.Items); !slices.Equal(got, []string{"p3@10", "p4@10", "p5@11"}) || second.ResourceVersion != 14 {
		t.Fatalf("second page %q rv %d", got, second.ResourceVersion)
	}
	third := mustList(t, c, 0, ListOptions{Continue: second.Continue, Limit: 3})
	if got := names(third.Items); !slices.Equal(got, []string{"p6@12"}) || third.Continue != "" || third.RemainingItemCount != nil {
		t.Fatalf("third page %q %q", got, third.Continue)
	}
	// With a selector: no remainingItemCount.
	sel := mustList(t, c, 0, ListOptions{StorageRV: 15, Limit: 1, FieldSelector: mustFields("spec.nodeName=node-1")})
	if sel.RemainingItemCount != nil || sel.Continue == "" {
		t.Fatal("selector lists report no remaining count")
	}
}

func TestListExactTooOldAndFreshness(t *testing.T) {
	c := historyCacher(t)
	_, err := c.List(0, ListOptions{ResourceVersion: "9", ResourceVersionMatch: "Exact"}).Result()
	if err == nil || err.Error() != "too old resource version: 9" || am.CodeOf(err) != 410 {
		t.Fatalf("got %v", err)
	}
	r := c.List(0, ListOptions{ResourceVersion: "16", ResourceVersionMatch: "NotOlderThan"})
	if r.Done() {
		t.Fatal("should wait")
	}
	c.UpdateResourceVersion(time.Second, 16)
	if res, err := r.Result(); !r.Done() || err != nil || res.ResourceVersion != 16 {
		t.Fatalf("got %v %v", res.ResourceVersion, err)
	}
	g := c.Get(time.Second, "default", "nope", "17")
	c.Step(3999 * time.Millisecond)
	if g.Done() {
		t.Fatal("GET waits 3s")
	}
	c.Step(4 * time.Second)
	if _, err := g.Result(); !am.IsTooLargeResourceVersion(err) || err.Error() != "Timeout: Too large resource version: 17, current: 16" {
		t.Fatalf("got %v", err)
	}
	_, err = c.Get(4*time.Second, "default", "nope", "0").Result()
	if !am.IsNotFound(err) || err.Error() != `pods "nope" not found` {
		t.Fatalf("got %v", err)
	}
}

func TestSnapshotsDroppedWhenRingFull(t *testing.T) {
	c := New(Config{Resource: pods, FixedCapacity: 100}, 0)
	c.Replace(0, nil, 10)
	for i := range 150 {
		c.ProcessEvent(0, am.Added, pod("default", fmt.Sprintf("x%03d", i), "n", uint64(11+i), nil))
	}
	oldest := c.history.at(c.history.startIndex).ResourceVersion // 61
	if s := c.store.minSnapshotRV; s != oldest || oldest != 61 {
		t.Fatalf("oldest snapshot %d, oldest event %d", s, oldest)
	}
	if _, err := c.List(0, ListOptions{ResourceVersion: "60", ResourceVersionMatch: "Exact"}).Result(); !am.IsResourceExpired(err) {
		t.Fatalf("60 is gone: %v", err)
	}
	res := mustList(t, c, 0, ListOptions{ResourceVersion: "70", ResourceVersionMatch: "Exact"})
	if len(res.Items) != 60 {
		t.Fatalf("snapshot at 70 has %d items", len(res.Items))
	}
}

// TestSnapshotModel checks rebuilt snapshots against the state recorded
// after every event, for random create/modify/delete sequences.
func TestSnapshotModel(t *testing.T) {
	for seed := range uint64(10) {
		r := rand.New(rand.NewPCG(seed, 3))
		c := New(Config{Resource: pods, FixedCapacity: 100 + int(seed)*20}, 0)
		c.Replace(0, nil, 10)
		state := map[string]string{}
		recorded := map[uint64]map[string]string{10: {}}
		for rv := uint64(11); rv < 400; rv++ {
			name := fmt.Sprintf("p%d", r.IntN(30))
			_, exists := state[name]
			switch {
			case !exists:
				c.ProcessEvent(0, am.Added, pod("default", name, "n", rv, nil))
				state[name] = fmt.Sprint(rv)
			case r.IntN(3) == 0:
				c.ProcessEvent(0, am.Deleted, pod("default", name, "n", rv, nil))
				delete(state, name)
			default:
				c.ProcessEvent(0, am.Modified, pod("default", name, "n", rv, nil))
				state[name] = fmt.Sprint(rv)
			}
			recorded[rv] = maps.Clone(state)
			at := uint64(10 + r.IntN(int(rv-9)))
			res, err := c.List(0, ListOptions{ResourceVersion: fmt.Sprint(at), ResourceVersionMatch: "Exact"}).Result()
			if at < c.store.minSnapshotRV {
				if !am.IsResourceExpired(err) {
					t.Fatalf("seed %d: rv %d below %d served", seed, at, c.store.minSnapshotRV)
				}
				continue
			}
			got := map[string]string{}
			for _, o := range res.Items {
				got[o.Name] = o.ResourceVersion
			}
			if err != nil || !maps.Equal(got, recorded[at]) {
				t.Fatalf("seed %d at %d (cache %d): %v\n got %v\nwant %v", seed, at, rv, err, got, recorded[at])
			}
		}
	}
}

// A limited selector LIST gets a continue token whenever any element
// follows the page, matching or not (as the real Cacher.GetList does), and
// no remainingItemCount; without selectors the count is reported.
func TestLimitedSelectorListContinue(t *testing.T) {
	c := readyCacher(t, 1, 0)
	for i, name := range []string{"a", "b", "c", "d"} {
		app := map[string]string{"app": []string{"x", "y"}[i%2]}
		c.ProcessEvent(0, am.Added, pod("default", name, "", uint64(2+i), app))
	}
	res := mustList(t, c, 0, ListOptions{Namespace: "default", Limit: 2, LabelSelector: mustLabels("app=x")})
	if len(res.Items) != 2 || res.Continue == "" || res.RemainingItemCount != nil {
		t.Fatalf("selector page: %v, continue %q, remaining %v", names(res.Items), res.Continue, res.RemainingItemCount)
	}
	res = mustList(t, c, 0, ListOptions{Namespace: "default", Limit: 2})
	if res.RemainingItemCount == nil || *res.RemainingItemCount != 2 {
		t.Fatalf("no-selector page must report 2 remaining, got %v", res.RemainingItemCount)
	}
	res = mustList(t, c, 0, ListOptions{Namespace: "default", Limit: 4, LabelSelector: mustLabels("app=x")})
	if res.Continue != "" {
		t.Fatalf("nothing follows the last element: no continue token, got %q", res.Continue)
	}
}
