package lessons

import (
	"regexp"
	"slices"
	"strings"
	"testing"

	"watchscope/engine"
)

// The checks bite: the watch-cache and client-go lessons fail, at the
// checks behind the broken claim, when their mechanism is broken on
// purpose. Two doors, neither a hook in a core package:
//
//   - Options.Wrap rewrites console commands (bookmarks: the watch
//     request loses allowWatchBookmarks=true, as a client that never asks);
//   - a lesson is data, so a test may change its world before playing it:
//     a ring so large it never wraps (gone-410: --watch-cache-sizes with
//     the pre-1.19 fixed sizing the lesson already uses), reflectors
//     without backoff or jitter (restart-storm: the client-backoff and
//     client-jitter world settings, the same knobs the sandbox offers).
//
// The compaction lessons' bite tests are in fault_test.go.

// dropBookmarks removes allowWatchBookmarks=true from every raw watch.
func dropBookmarks(_ *engine.World, line string) (string, string, bool) {
	line = strings.ReplaceAll(line, "&allowWatchBookmarks=true", "")
	return "", strings.ReplaceAll(line, "allowWatchBookmarks=true&", ""), false
}

// biteCase is one fault and the claims it must break.
type biteCase struct {
	lesson, fault string
	set           map[string]string // world settings and header flags to change
	wrap          func(Executor, *engine.World) Executor
	// wantFailed are claims (the check's comment) at least one of
	// whose checks must fail with the fault.
	wantFailed []string
}

// runBiteCases plays each case's lesson with its fault. Unbroken, the
// same lesson passes (TestBuiltinLessonsHoldAcrossSeeds), so the
// failures are the fault's.
func runBiteCases(t *testing.T, cases []biteCase) {
	t.Helper()
	for _, tc := range cases {
		t.Run(tc.lesson+"/"+tc.fault, func(t *testing.T) {
			_, failed := playBroken(t, tc.lesson, tc.set, tc.wrap)
			mustHaveFailed(t, tc.fault, "check of claim", failed, tc.wantFailed)
		})
	}
}

// rewriteCmd returns a command rewriter that applies re -> repl to every line.
func rewriteCmd(re, repl string) func(*engine.World, string) (string, string, bool) {
	r := regexp.MustCompile(re)
	return func(_ *engine.World, line string) (string, string, bool) {
		return "", r.ReplaceAllString(line, repl), false
	}
}

// pretend answers a command that matches re with out and never runs it: a
// mechanism that claims success and does nothing.
func pretend(re, out string) func(*engine.World, string) (string, string, bool) {
	r := regexp.MustCompile(re)
	return func(_ *engine.World, line string) (string, string, bool) {
		return out, line, r.MatchString(line)
	}
}

// withWorld returns a copy of l whose world and flags are changed: each
// entry of set replaces (or adds) a world setting or header flag.
func withWorld(t *testing.T, l *Lesson, set map[string]string) *Lesson {
	t.Helper()
	c := *l
	c.World, c.Flags = slices.Clone(l.World), slices.Clone(l.Flags)
	for name, v := range set {
		list := &c.World
		if strings.HasPrefix(name, "--") {
			list = &c.Flags
		}
		i := slices.IndexFunc(*list, func(f Flag) bool { return f.Name == name })
		if i < 0 {
			*list = append(*list, Flag{Name: name})
			i = len(*list) - 1
		}
		(*list)[i].Value, (*list)[i].HasValue = v, true
	}
	return &c
}

func TestBrokenWatchMechanismsFailTheirLessons(t *testing.T) {
	if testing.Short() {
		t.Skip("plays three lessons")
	}
	runBiteCases(t, []biteCase{
		{lesson: "bookmarks", fault: "watches never ask for bookmarks", wrap: wrapWith(dropBookmarks), wantFailed: []string{
			"Bookmarks arrived: one at about a minute, then near the deadline.",
			"Each bookmark carries a newer RV than the watch started from.",
		}},
		{lesson: "gone-410", fault: "the ring never wraps", set: map[string]string{"--watch-cache-sizes": "pods#100000"}, wantFailed: []string{
			"The pods ring has the 300 slots the flag asked for.",
			"Everything the full ring held has been evicted.",
			"The exact message: the RV asked for, and the oldest watchable RV.",
			"Resuming from its last RV was refused with 410...",
		}},
		{lesson: "restart-storm", fault: "reflectors retry without backoff or jitter",
			set: map[string]string{"client-backoff": "100ms", "client-jitter": "0"}, wantFailed: []string{
				"No reflector relisted sooner than its back-off allows: the third rung, 3.2 to 6.4 s.",
			}},
		{lesson: "restart-storm", fault: "reflectors back off without jitter",
			set: map[string]string{"client-jitter": "0"}, wantFailed: []string{
				"Jitter spreads the relists over seconds rather than one instant.",
			}},
		{lesson: "restart-storm", fault: "the fixed one-second retry is never set (back-off and jitter stay)",
			wrap: wrapWith(rewriteCmd(`^sim set client-backoff 1s$`, "sim advance 0s")), wantFailed: []string{
				"Every watch was refused with 429 while the caches initialized, in one burst.",
				"The kubelets met 410 and relisted together (nearly all: one whose connection broke may stream without a 410)...",
				"... one fixed second after the first 410, with no jitter.",
			}},
		{lesson: "restart-storm", fault: "APF is off (max-in-flight charges no seats)",
			set: map[string]string{"priority-and-fairness": "false"}, wantFailed: []string{
				"Each streaming list was charged ten seats (1.36's size-based estimate counts a cached list at 1 MB): about 2,000 seats in that instant, beside one seat per retried watch.",
			}},
		{lesson: "restart-storm", fault: "Priority and Fairness is never turned off",
			wrap: wrapWith(rewriteCmd(`^sim set priority-and-fairness false$`, "sim advance 0s")), wantFailed: []string{
				"This time nothing was charged: max-in-flight has no seats.",
			}},
		{lesson: "ha-apiservers", fault: "no replica lags behind its peers",
			wrap: wrapWith(rewriteCmd(`^sim etcd-watch-latency 5s apiserver-0$`, "sim advance 0s")), wantFailed: []string{
				"... then, after one refused try, on apiserver-0, an older list without it.",
				"... after the three-second wait, from etcd.",
				"The fallback was counted, and the two live replicas hold the watches.",
			}},
		{lesson: "ha-apiservers", fault: "every replica restarts at once (no warm cache to fail over to)",
			wrap: wrapWith(rewriteCmd(`^sim kill apiserver-0 10s$`, "sim set priority-and-fairness true")), wantFailed: []string{
				"... and not one 410 or relist.",
			}},
		{lesson: "the-incident", fault: "list responses are serialized whole (before 1.34)",
			set: map[string]string{"streaming-list-encoding": "false"}, wantFailed: []string{
				"What it held: the decoded objects, three times the payload, and no serialized copy.",
			}},
		{lesson: "the-incident", fault: "consistent reads go to etcd (before 1.31)",
			set: map[string]string{"consistent-reads": "false"}, wantFailed: []string{
				"The cache served all 20,000 secrets as a consistent read, and nobody died.",
			}},
		{lesson: "rv-semantics", fault: "the server treats Exact as NotOlderThan",
			wrap: wrapWith(rewriteCmd(`resourceVersionMatch=Exact`, "resourceVersionMatch=NotOlderThan")), wantFailed: []string{
				"Exact: the past, pod a alone, at exactly that revision, from a cache snapshot.",
				"Two 422s, each naming the rule.",
			}},
		{lesson: "rv-semantics", fault: "a GET ignores its resourceVersion",
			wrap: wrapWith(rewriteCmd(`(pods/a)\?resourceVersion=\d+'`, "$1'")), wantFailed: []string{
				"Unset: etcd; \"0\" and a number: the cache.",
				"The future: three seconds of waiting, then 504 with the cache's RV.",
			}},
		{lesson: "rv-semantics", fault: "a watch from a number replays the whole state",
			wrap: wrapWith(rewriteCmd(`watch=1&resourceVersion=[1-9]\d*`, "watch=1&resourceVersion=0")), wantFailed: []string{
				"From a's revision: only b, the one event after it.",
			}},
		{lesson: "rv-semantics", fault: "a legacy exact LIST (a number and a limit) reads the present",
			wrap: wrapWith(rewriteCmd(`resourceVersion=(\d+)&limit=1`, "resourceVersion=$1&resourceVersionMatch=NotOlderThan&limit=1")), wantFailed: []string{
				"A number with a limit is read exactly too.",
			}},
		{lesson: "why-relist", fault: "nothing is written while the API server is down",
			wrap: wrapWith(rewriteCmd(`^etcdctl put /registry/configmaps/default/written-meanwhile v1$`, "sim advance 0s")), wantFailed: []string{
				"One 410, one relist, in that order...",
			}},
		{lesson: "why-relist", fault: "reflectors retry without backoff",
			set: map[string]string{"client-backoff": "0s"}, wantFailed: []string{
				"... after the back-off's third rung (two refusals took the first two): 3.2 to 6.4 s.",
			}},
		{lesson: "etcd-ops", fault: "no quota (the 2 GiB default)",
			set: map[string]string{"--quota-backend-bytes": "2147483648"}, wantFailed: []string{
				"The quota is the flag's; the file is far from it, and no alarm is raised.",
				"The alarm is raised and shown in alarm list and in endpoint status...",
				"... a write through the API server gets etcd's message...",
			}},
		{lesson: "etcd-ops", fault: "compaction frees nothing",
			wrap: wrapWith(rewriteCmd(`^etcdctl compaction \d+$`, "sim advance 0s")), wantFailed: []string{
				"In use fell; the file did not shrink.",
			}},
		{lesson: "etcd-ops", fault: "defrag does nothing",
			wrap: wrapWith(pretend(`^etcdctl defrag$`, "Finished defragmenting etcd member[127.0.0.1:2379]. took 0s\n")), wantFailed: []string{
				"The file shrank to the bytes in use...",
			}},
		{lesson: "etcd-ops", fault: "alarm disarm does nothing",
			wrap: wrapWith(pretend(`^etcdctl alarm disarm$`, "")), wantFailed: []string{
				"... but only the disarm let writes in again.",
			}},
	})
}
