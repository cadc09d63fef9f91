package reflector

import (
	"flag"
	"fmt"
	"os"
	"strings"
	"testing"
	"time"

	"github.com/go-logr/logr"
	"k8s.io/klog/v2"

	"watchscope/apiserver"
)

var traceFlag = flag.Bool("trace", false, "print each side's client and replica trace lines")

func TestMain(m *testing.M) {
	flag.Parse()
	klog.SetLogger(logr.Discard()) // the real reflector's UnhandledError lines
	os.Exit(m.Run())
}

var (
	watched = map[string]string{"app": "watched"}
	other   = map[string]string{"app": "other"}
)

// staleResume is the timeline of scenarios (a) and (c): a selective
// informer whose watch sees no events while other pods are written, so
// only bookmarks move its RV; more writes after the first bookmark; then
// the replica restarts, re-initializes its cache at the newest revision
// and the resume from the bookmark's RV is too old (410).
//
//	rv 2,3   two watched pods at 3s (the replica serves from 2s; the client starts at 5s)
//	rv 4-8   five other pods at 10s      -> bookmark at ~1 min carries 8
//	rv 9-13  five other pods at 100s     (no bookmark before the restart)
//	110s     restart: reset, refused while starting, cache at 13, 410 for rv 8
func staleResume(name string, watchList bool) scenario {
	return scenario{name: name, watchList: watchList, selector: "app=watched", startAt: 5 * time.Second,
		steps: []step{
			{at: 3 * time.Second, what: "create watched pods", do: createPods("w", 2, watched)},
			{at: 10 * time.Second, what: "create other pods", do: createPods("o", 5, other)},
			{at: 100 * time.Second, what: "create more other pods", do: createPods("p", 5, other)},
			{at: 110 * time.Second, what: "restart apiserver-0", do: restart},
		}, end: 140 * time.Second}
}

// paced creates n batches of size pods, one batch every 500ms from at
// (one big burst would meet the replica's max-in-flight limit).
func paced(at time.Duration, n, size int, labels map[string]string) []step {
	var out []step
	for i := range n {
		out = append(out, step{at: at + time.Duration(i)*500*time.Millisecond, what: "create pods",
			do: createPods(fmt.Sprintf("b%d", i), size, labels)})
	}
	return out
}

// scenarios are the differential cases; expect lists, in order, text
// each of the real reflector's calls must contain (FIDELITY E1/E2 and
// Part J), so a harness bug shows as a failing "real" subtest.
var scenarios = []struct {
	sc     scenario
	expect []string
	first  int // compare only the first calls (0: all)
}{
	{sc: staleResume("a_watchlist_off_bookmark_410_relist_at_last_rv", false), expect: []string{
		`LIST rv="0" limit=500 labels=app=watched  [first]`,
		`WATCH rv="3" bookmarks labels=app=watched timeout∈[300s,600s)  [at once]`,
		`WATCH rv="8" bookmarks`,
		`LIST rv="8" limit=0 labels=app=watched  [after [`,
		`WATCH rv="13" bookmarks labels=app=watched timeout∈[300s,600s)  [at once]`,
	}},
	{sc: scenario{name: "b_watchlist_off_relist_410_then_rv_empty", server: apiserver.Config{WatchCacheSizes: "pods#0"},
		startAt: 15 * time.Second,
		steps: append(paced(3*time.Second, 11, 50, nil), []step{
			{at: 20 * time.Second, what: "create configmaps", do: createObjs("configmaps", "ConfigMap", "c", 3, nil)},
			{at: 21 * time.Second, what: "compact etcd", do: compact},
			{at: 30 * time.Second, what: "restart apiserver-0", do: restart},
		}...), end: 60 * time.Second}, expect: []string{
		`LIST rv="0" limit=500  [first]`,
		`LIST rv="" limit=500 continue  [at once]`,
		`WATCH rv="551" bookmarks timeout∈[300s,600s)  [at once]`,
		`LIST rv="551" limit=500  [after [`,
		`LIST rv="" limit=500  [at once]`,
		`LIST rv="" limit=500 continue  [at once]`,
		`WATCH rv="554" bookmarks timeout∈[300s,600s)  [at once]`,
	}},
	{sc: staleResume("c_watchlist_on_410_restream_at_last_rv", true), expect: []string{
		`WATCH rv="" sendInitialEvents=true rvMatch=NotOlderThan bookmarks labels=app=watched timeout∈[300s,600s)  [first]`,
		`WATCH rv="8" bookmarks`,
		`WATCH rv="8" sendInitialEvents=true rvMatch=NotOlderThan bookmarks labels=app=watched timeout∈[300s,600s)  [after [`,
	}},
	{sc: scenario{name: "d_normal_close_rewatch_without_relist", startAt: 5 * time.Second,
		steps: []step{
			{at: 3 * time.Second, what: "create pods", do: createPods("w", 2, nil)},
			{at: 200 * time.Second, what: "create a pod", do: createPods("x", 1, nil)},
		}, end: 700 * time.Second}, first: 3, expect: []string{
		`LIST rv="0" limit=500  [first]`,
		`WATCH rv="3" bookmarks timeout∈[300s,600s)  [at once]`,
		`WATCH rv="4" bookmarks timeout∈[300s,600s)  [at once]`,
	}},
	{sc: scenario{name: "e_429_retry_after_on_watch_start_no_relist", startAt: 30 * time.Second, selector: "app=watched",
		// A replica that serves 1ms after a restart: the re-watch arrives
		// while the pods cache (1,000 pods) is still initializing.
		server: apiserver.Config{Memory: apiserver.MemoryModel{StartupDelay: time.Millisecond}},
		steps: append(paced(3*time.Second, 10, 100, other), []step{
			{at: 25 * time.Second, what: "create watched pods", do: createPods("w", 2, watched)},
			{at: 40 * time.Second, what: "restart apiserver-0", do: restart},
		}...), end: 80 * time.Second}, expect: []string{
		`LIST rv="0" limit=500 labels=app=watched  [first] -> 200`,
		`WATCH rv="1003" bookmarks labels=app=watched timeout∈[300s,600s)  [at once] -> 200, reset`,
		`WATCH rv="1003" bookmarks labels=app=watched timeout∈[300s,600s)  [at once] -> 429`,
		// rest.Request's own retry: the same URL (same timeoutSeconds)
		// after Retry-After: 1s, not a new watch from the reflector.
		`WATCH rv="1003" bookmarks labels=app=watched timeout∈[300s,600s)  [after [0.8s,1.6s)] same request again -> 200`,
	}},
}

// TestReflectorDifferential runs every scenario with client-go's
// Reflector and with ours over the same simulated API server and
// requires the same requests with the same waits.
//
//	<scenario>/real  the real reflector against FIDELITY's expectations
//	<scenario>/sim   watchscope/informer against what the real one did
func TestReflectorDifferential(t *testing.T) {
	for _, c := range scenarios {
		t.Run(c.sc.name, func(t *testing.T) {
			realCalls, rw := run(t, c.sc, true)
			simCalls, sw := run(t, c.sc, false)
			if *traceFlag {
				t.Logf("real trace:\n%s", traceText(rw))
				t.Logf("sim trace:\n%s", traceText(sw))
			}
			real, sim := lines(realCalls), lines(simCalls)
			if c.first > 0 {
				real, sim = firstCalls(real, c.first), firstCalls(sim, c.first)
			}
			t.Run("real", func(t *testing.T) {
				if miss := missing(real, c.expect); miss != "" {
					t.Errorf("real reflector: no call matching %q after the previous expectation\nreal calls:\n%s", miss, transcript(realCalls))
				}
			})
			t.Run("sim", func(t *testing.T) {
				if diff := firstDiff(real, sim); diff != "" {
					t.Errorf("%s\nreal calls:\n%s\nsim calls:\n%s", diff, transcript(realCalls), transcript(simCalls))
				}
			})
			t.Logf("calls (real):\n%s", transcript(realCalls))
		})
	}
}

// missing returns the first expectation (a substring, "\x00" separating
// parts that must all appear) not met by a call after the previous one.
func missing(calls, expect []string) string {
	i := 0
	for _, e := range expect {
		for i < len(calls) && !containsAll(calls[i], strings.Split(e, "\x00")) {
			i++
		}
		if i == len(calls) {
			return e
		}
		i++
	}
	return ""
}

func containsAll(s string, parts []string) bool {
	for _, p := range parts {
		if !strings.Contains(s, p) {
			return false
		}
	}
	return true
}

func firstDiff(real, sim []string) string {
	for i := range max(len(real), len(sim)) {
		var r, s string
		if i < len(real) {
			r = real[i]
		}
		if i < len(sim) {
			s = sim[i]
		}
		if r != s {
			return "call " + itoa(i) + " differs:\n  real: " + orNone(r) + "\n  sim:  " + orNone(s)
		}
	}
	return ""
}

// firstCalls keeps the first n calls without their outcomes: a watch's
// outcome counts the bookmarks until its timeout, which each reflector
// draws at random in [300s, 600s) (client-go from the global math/rand,
// ours from its own source), and a stream still open on one side may have
// timed out on the other. The requests and their waits are compared.
func firstCalls(ls []string, n int) []string {
	out := append([]string(nil), ls[:min(n, len(ls))]...)
	for i := range out {
		out[i], _, _ = strings.Cut(out[i], " -> ")
	}
	return out
}

// TestHarnessDetectsDifference plants a difference (our reflector with
// the watch-list setting flipped) and requires the comparison to see it.
func TestHarnessDetectsDifference(t *testing.T) {
	c := scenarios[3]
	real, _ := run(t, c.sc, true)
	planted := c.sc
	planted.watchList = !planted.watchList
	sim, _ := run(t, planted, false)
	diff := firstDiff(firstCalls(lines(real), c.first), firstCalls(lines(sim), c.first))
	if !strings.Contains(diff, "call 0 differs") || !strings.Contains(diff, "sendInitialEvents=true") {
		t.Fatalf("planted watch-list difference not reported as call 0; got %q", diff)
	}
}
