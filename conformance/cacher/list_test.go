package cacher

import "testing"

const (
	tokenPrefix = `{"v":"meta.k8s.io/v1",`
)

// TestListPaginated: LIST from the cache with limit and continue (C10):
// key order, remainingItemCount, the continue token's content, reads at
// an exact RV from the snapshot, RV "0" ignoring the limit.
func TestListPaginated(t *testing.T) {
	p := newPair(t, create("default", "a", app("x")), create("default", "b", app("y")), create("default", "c", app("x")),
		create("ns-b", "d", app("x")), create("ns-b", "e", nil))
	p.write(update("default", "a", app("z")), del("default", "c"))
	a7, b3, c4, d5, e6, a2 := "default/a rv=7 {app=z}", "default/b rv=3 {app=y}", "default/c rv=4 {app=x}",
		"ns-b/d rv=5 {app=x}", "ns-b/e rv=6 {}", "default/a rv=2 {app=x}"

	first := listReq{RV: "", Limit: 2}
	p.expectList("consistent_first_page", first, listPage{RV: "8", Items: []string{a7, b3},
		Continue: tokenPrefix + `"rv":8,"start":"/default/b\u0000"}`, Remaining: "2"})
	p.expectListContinued("consistent_second_page", first, listPage{RV: "8", Items: []string{d5, e6}, Remaining: "nil"})

	p.expectList("exact_rv_from_snapshot", listReq{RV: "6", Match: "Exact"},
		listPage{RV: "6", Items: []string{a2, b3, c4, d5, e6}, Remaining: "nil"})
	legacy := listReq{RV: "6", Limit: 3}
	p.expectList("legacy_exact_with_limit", legacy, listPage{RV: "6", Items: []string{a2, b3, c4},
		Continue: tokenPrefix + `"rv":6,"start":"/default/c\u0000"}`, Remaining: "2"})
	p.expectListContinued("legacy_exact_continued_at_snapshot", legacy, listPage{RV: "6", Items: []string{d5, e6}, Remaining: "nil"})
	p.expectList("exact_rv_below_snapshots", listReq{RV: "3", Match: "Exact"},
		listPage{Err: "410 Expired: too old resource version: 3"})

	p.expectList("rv_0_ignores_limit", listReq{RV: "0", Limit: 1}, listPage{RV: "8", Items: []string{a7, b3, d5, e6}, Remaining: "nil"})
	p.expectList("not_older_than_with_limit", listReq{RV: "7", Match: "NotOlderThan", Limit: 3}, listPage{RV: "8",
		Items: []string{a7, b3, d5}, Continue: tokenPrefix + `"rv":8,"start":"/ns-b/d\u0000"}`, Remaining: "1"})
	p.expectList("label_exists_selector", listReq{RV: "0", Label: "app"}, listPage{RV: "8",
		Items: []string{a7, b3, d5}, Remaining: "nil"})
}

// TestListSelectorWithLimit: with a selector the page ends at the limit-th
// match; Cacher.GetList hands out a continue token whenever any item
// (matching or not) follows in the cache, and never a remainingItemCount.
func TestListSelectorWithLimit(t *testing.T) {
	p := newPair(t, create("default", "a", app("x")), create("default", "b", app("y")), create("default", "c", app("x")),
		create("default", "d", app("y")))
	p.expectList("more_matches_follow", listReq{RV: "", Limit: 1, Label: "app=x"}, listPage{RV: "5",
		Items: []string{"default/a rv=2 {app=x}"}, Continue: tokenPrefix + `"rv":5,"start":"/default/a\u0000"}`, Remaining: "nil"})
	p.expectList("only_non_matching_follow", listReq{RV: "", Limit: 2, Label: "app=x"}, listPage{RV: "5",
		Items:    []string{"default/a rv=2 {app=x}", "default/c rv=4 {app=x}"},
		Continue: tokenPrefix + `"rv":5,"start":"/default/c\u0000"}`, Remaining: "nil"})
	p.expectList("nothing_follows", listReq{RV: "", Limit: 2, Label: "app=y"}, listPage{RV: "5",
		Items: []string{"default/b rv=3 {app=y}", "default/d rv=5 {app=y}"}, Remaining: "nil"})
}

// expectListContinued asks both sides for the page after req, each with
// the continue token its own previous answer to req carried.
func (p *pair) expectListContinued(name string, req listReq, want listPage) {
	p.t.Helper()
	rp, sp := p.real.list(req), p.sim.list(req)
	rnext, snext := req, req
	rnext.Continue, snext.Continue = rp.raw, sp.raw
	rnext.RV, snext.RV = "", ""
	real, sim := p.real.list(rnext), p.sim.list(snext)
	p.check(name, []string{want.String()}, []string{real.String()}, []string{sim.String()})
}
