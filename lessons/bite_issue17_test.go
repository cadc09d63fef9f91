package lessons

import (
	"strings"
	"testing"

	"watchscope/engine"
)

// Issue 17's "checks that must bite": each fault below breaks the
// mechanism (or removes the condition) one rewritten check stands on, and
// the claim that check backs must then fail.
func TestIssue17ChecksBite(t *testing.T) {
	if testing.Short() {
		t.Skip("plays nine lessons")
	}
	runBiteCases(t, []biteCase{
		{lesson: "resource-version", fault: `the RV="0" LIST honours its limit (a paged consistent read)`,
			wrap: wrapWith(rewriteCmd(`resourceVersion=0&limit=1`, "limit=1")), wantFailed: []string{
				`"0": any freshness, from the cache, and the limit is ignored: both pods, no continue token.`,
			}},
		{lesson: "pagination", fault: "nothing is written between the pages",
			wrap: wrapWith(rewriteCmd(`^sim load configmaps 400 500ms$`, "sim advance 0s")), wantFailed: []string{
				"etcd's revision moved while the second walk read its pages (read as the last page came back)...",
			}},
		{lesson: "polling-vs-watching", fault: "the pollers LIST every 2 s, not every second",
			set: map[string]string{"poll-period": "2s"}, wantFailed: []string{
				"About five LISTs a second.",
				"Meanwhile the pollers made another 150 or so.",
			}},
		{lesson: "fan-out", fault: "no pods watch cache: every watch goes to etcd",
			set: map[string]string{"--watch-cache-sizes": "pods#0"}, wantFailed: []string{
				"... and etcd has one watcher per cached resource, no more.",
				"etcd delivered one event to the API server...",
			}},
		{lesson: "fan-out", fault: "100 kubectl watchers, not the 200 the narration counts",
			set: map[string]string{"kubectl-watchers": "100"}, wantFailed: []string{
				"201 client watches on pods...",
				"... and the API server sent one to each matching watcher: the 200 kubectls.",
			}},
		{lesson: "informers", fault: "the handler does the work itself: no workqueue, no reconcile",
			wrap: wrapWith(rewriteCmd(`^sim informer ctrl pods --workqueue --work-cost 100ms$`, "sim informer ctrl pods")), wantFailed: []string{
				"One reconcile per pod after the initial list, each read from the Indexer...",
				"Fifty changes, fifty notifications, about ten reconciles.",
			}},
		{lesson: "informers", fault: "the worker is instant, so nothing coalesces",
			wrap: wrapWith(rewriteCmd(`--work-cost 100ms`, "--work-cost 0s")), wantFailed: []string{
				"Fifty changes, fifty notifications, about ten reconciles.",
				"ctrl's queue took fewer adds than its handler had notifications.",
			}},
		{lesson: "watch-list", fault: "a 1.36 LIST is serialized whole (no streaming encoders)",
			set: map[string]string{"streaming-list-encoding": "false"}, wantFailed: []string{
				"... and no copy held either.",
			}},
		{lesson: "watch-list", fault: "the API server never goes back to serializing lists whole",
			wrap: wrapWith(rewriteCmd(`^sim set streaming-list-encoding false$`, "sim advance 0s")), wantFailed: []string{
				"Each LIST in flight held its whole answer: the peak rose by at least one list...",
			}},
		{lesson: "watch-list", fault: "client-go without WatchListClient (LIST then WATCH)",
			wrap: wrapWith(rewriteCmd(`^sim informer streamer secrets --count 20$`, "sim informer streamer secrets --count 20 --watch-list=false")), wantFailed: []string{
				"Twenty streams: twenty requests, all synced within a second...",
			}},
		{lesson: "watch-list", fault: "the server's WatchList gate stays on",
			wrap: wrapWith(rewriteCmd(`^sim feature-gates WatchList=false$`, "sim advance 0s")), wantFailed: []string{
				"The stream was asked for and refused by the server's gate...",
				"... so client-go fell back to LIST, then WATCH from the list's RV, and synced.",
			}},
		{lesson: "the-incident", fault: "the fixed controller has no workqueue: nothing reconciles from the cache",
			wrap: wrapWith(rewriteCmd(` --workqueue --changes-only$`, "")), wantFailed: []string{
				"... a new secret is reconciled once, read from that cache, and once more when it is gone from it...",
			}},
		{lesson: "the-incident", fault: "the old cluster streams its responses (no buffered copy)",
			wrap: wrapWith(rewriteCmd(`^sim set streaming-list-encoding false$`, "sim advance 0s")), wantFailed: []string{
				"It held four times the payload: decoded objects and the buffered response.",
			}},
		{lesson: "slow-consumers", fault: "the controller's worker keeps up (no backlog to bound)",
			wrap: wrapWith(rewriteCmd(`--work-cost 20ms`, "--work-cost 0s")), wantFailed: []string{
				"Mid-load the worker is behind: the queue is deep, but one entry per pod at most.",
				"The handler was told of every change; the worker reconciled far fewer.",
			}},
	})
}

// A check that a request resumed "from its last RV" must not count a
// request whose resourceVersion is empty (a fresh list from the start):
// every such filter in gone-410, slow-consumers and restart-storm matches
// the request with a number and misses the same request with the number
// taken out.
func TestResumeFromRVFiltersMissAnEmptyRV(t *testing.T) {
	const withRV = "#7 app WATCH /api/v1/pods?allowWatchBookmarks=true&resourceVersion=911&resourceVersionMatch=NotOlderThan&sendInitialEvents=true&timeoutSeconds=361&watch=true"
	empty := strings.Replace(withRV, "resourceVersion=911&", "resourceVersion=&", 1)
	for _, id := range []string{"gone-410", "slow-consumers", "restart-storm"} {
		l, err := ByID(id)
		if err != nil {
			t.Fatal(err)
		}
		n := 0
		for _, s := range l.Steps {
			for _, c := range s.Checks {
				for _, f := range checkFilters(c) {
					if !filterAsks(f, "&resourceVersion=") {
						continue
					}
					n++
					if f.matches(reqEvent(f, empty)) {
						t.Errorf("%s line %d: %s counts a request with an empty resourceVersion", id, c.Line, f)
					}
					if !f.matches(reqEvent(f, withRV)) {
						t.Errorf("%s line %d: %s misses a request resuming from RV 911", id, c.Line, f)
					}
				}
			}
		}
		if n == 0 {
			t.Errorf("%s: no check asks for &resourceVersion= any more; update this test", id)
		}
	}
}

// checkFilters are every trace filter a check uses.
func checkFilters(c Check) []Filter {
	out := []Filter{c.First, c.Then}
	for _, e := range []*Expr{c.Left, c.Right} {
		if e == nil {
			continue
		}
		for _, term := range e.Terms {
			out = append(out, term.Filter)
			for _, f := range term.Factors {
				out = append(out, f.Filter)
			}
		}
	}
	return out
}

func filterAsks(f Filter, part string) bool {
	for _, t := range f.Terms {
		if t.Field == "detail" && t.Op == '~' && t.Value == part {
			return true
		}
	}
	return false
}

// reqEvent is a REQ event on the node the filter names, with detail.
func reqEvent(f Filter, detail string) engine.TraceEvent {
	ev := engine.TraceEvent{Kind: engine.KindReq, Detail: detail, // with the facts the engine gives a request (trace_facts_test.go)
		AskedRV: queryParam(detail, "resourceVersion"), SendInitialEvents: queryParam(detail, "sendInitialEvents") == "true"}
	for _, t := range f.Terms {
		if t.Field == "node" {
			ev.Node = t.Value
		}
	}
	return ev
}
