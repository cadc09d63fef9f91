package lessons

import (
	"strings"
	"testing"
	"time"

	"watchscope/engine"
)

// biteCount plays each case as runBiteCases does and returns, per lesson,
// the distinct check lines that some fault made fail (each proven to bite).
func biteCount(t *testing.T, cases []biteCase) map[string]map[string]bool {
	t.Helper()
	bitten := map[string]map[string]bool{}
	for _, tc := range cases {
		t.Run(tc.lesson+"/"+tc.fault, func(t *testing.T) {
			texts, claims := playBroken(t, tc.lesson, tc.set, tc.wrap)
			mustHaveFailed(t, tc.fault, "check of claim", claims, tc.wantFailed)
			if bitten[tc.lesson] == nil {
				bitten[tc.lesson] = map[string]bool{}
			}
			for text := range texts {
				bitten[tc.lesson][text] = true
			}
		})
	}
	return bitten
}

// TestCacheLifecycleLessonsBite: compactor-overtakes fails where its
// mechanism is broken: no stall, a stall shorter than the compactor's
// lag, no compactor, updates queued instead of creates, and reflectors
// without back-off; cache-not-ready with a storage-readiness hook that
// does not wait, a cache that is never Pending, a LIST that cannot be
// delegated, and no restart. Each lesson must have at least five checks
// that some fault makes fail.
func TestCacheLifecycleLessonsBite(t *testing.T) {
	if testing.Short() {
		t.Skip("plays the lessons once per fault")
	}
	cases := []biteCase{
		{lesson: "compactor-overtakes", fault: "the cache never stops reading its etcd watch",
			wrap: wrapWith(rewriteCmd(`^sim etcd-watch-stall 10m apiserver-0$`, "sim advance 0s")), wantFailed: []string{
				"The cache's resourceVersion stood still while etcd moved on by more than the 128 queued writes.",
				"etcd holds the cache's watch back as a slow watcher.",
				"The cache's etcd watch ended with etcd's compaction error...",
				"Every one of the 21 pods watchers met 410 and relisted, a back-off after its 410...",
			}},
		{lesson: "compactor-overtakes", fault: "a stall shorter than the compactor's lag (4 minutes)",
			wrap: wrapWith(rewriteCmd(`^sim etcd-watch-stall 10m apiserver-0$`, "sim etcd-watch-stall 4m apiserver-0")), wantFailed: []string{
				"Two more rounds, at fifteen and twenty minutes; the last compacted beyond what the cache has read.",
				"The cache's etcd watch ended with etcd's compaction error...",
				"One second after Pending the cache was rebuilt from a fresh list at L, with no restart.",
				"The counter rose while the process kept running; etcd's compact revision is past the old cache.",
			}},
		{lesson: "compactor-overtakes", fault: "the API server's compactor is off",
			set: map[string]string{"--etcd-compaction-interval": "0"}, wantFailed: []string{
				"Five minutes in, the compactor wrote compact_rev_key once and compacted nothing.",
				"The second round compacted etcd to the revision the first round noted...",
				"The cache's etcd watch ended with etcd's compaction error...",
			}},
		{lesson: "compactor-overtakes", fault: "the job updates ten pods instead of creating new ones",
			wrap: wrapWith(rewriteCmd(`--objects 1000$`, "--objects 10")), wantFailed: []string{
				"The cache's etcd watch ended with etcd's compaction error...",
			}},
		{lesson: "compactor-overtakes", fault: "reflectors relist without back-off",
			set: map[string]string{"client-backoff": "0s"}, wantFailed: []string{
				"Every one of the 21 pods watchers met 410 and relisted, a back-off after its 410...",
			}},
		{lesson: "cache-not-ready", fault: "/readyz stops waiting for the caches at once (a 50ms timeout)",
			set: map[string]string{"--storage-initialization-timeout": "50ms"}, wantFailed: []string{
				"/readyz fails with a 500 that names the waiting hook...",
			}},
		{lesson: "cache-not-ready", fault: "the secrets cache lists in no time (100 secrets)",
			set: map[string]string{"secrets-per-namespace": "100"}, wantFailed: []string{
				"/readyz fails with a 500 that names the waiting hook...",
				"... while the secrets cache is Pending and the pods cache already Ready.",
				"The watch is refused with 429 and a one-second Retry-After...",
				"... and the same LIST with a selector is refused too.",
				"The informer was told 429 and retried after each Retry-After...",
			}},
		{lesson: "cache-not-ready", fault: "the LIST has no limit (nothing to delegate to etcd)",
			wrap: wrapWith(rewriteCmd(`secrets\?limit=2'$`, "secrets'")), wantFailed: []string{
				"... the limited, selector-less LIST is served from etcd...",
			}},
		{lesson: "cache-not-ready", fault: "the process is never restarted",
			wrap: wrapWith(rewriteCmd(`^sim restart apiserver-0$`, "sim advance 0s")), wantFailed: []string{
				"The starting process refuses connections, /readyz included.",
				"/readyz fails with a 500 that names the waiting hook...",
			}},
	}
	for lesson, texts := range biteCount(t, cases) {
		if len(texts) < 5 {
			t.Errorf("%s: only %d checks are proven to bite, want at least 5", lesson, len(texts))
		}
	}
}

// TestCompactionLessonPointsToTheCompactor (issue 17, fact 10): the
// compaction lesson sends the class to the lesson that shows the API
// server's own compactor, and that lesson really shows it: compact_rev_key
// written by apiserver-0 and etcd compacted by it, on the timer.
func TestCompactionLessonPointsToTheCompactor(t *testing.T) {
	c, err := ByID("compaction")
	if err != nil {
		t.Fatal(err)
	}
	pointed := false
	for _, s := range c.Steps {
		pointed = pointed || strings.Contains(s.Notes, "compactor-overtakes lesson")
	}
	if !pointed {
		t.Fatal("the compaction lesson's notes do not name the compactor-overtakes lesson")
	}
	l, err := ByID("compactor-overtakes")
	if err != nil {
		t.Fatal(err)
	}
	var w *engine.World
	if _, err := Play(l, Options{Wrap: func(next Executor, ww *engine.World) Executor { w = ww; return next }}); err != nil {
		t.Fatal(err)
	}
	compactions := 0
	for _, ev := range w.Trace.Since(0) {
		if ev.Kind == engine.KindCompact && ev.Node == "apiserver-0" && strings.HasPrefix(ev.Detail, "compacted etcd to rev ") {
			compactions++
			if ev.At%(5*time.Minute) != 0 {
				t.Errorf("a compaction off the 5-minute timer at %v: %s", ev.At, ev.Detail)
			}
		}
	}
	if compactions < 3 {
		t.Errorf("the API server's compactor compacted %d times in compactor-overtakes, want at least 3", compactions)
	}
}
