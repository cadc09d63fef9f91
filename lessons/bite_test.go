package lessons

import (
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
	tests := []struct {
		lesson, fault string
		set           map[string]string
		wrap          func(Executor, *engine.World) Executor
		// wantFailed are claims (the check's comment) at least one of
		// whose checks must fail with the fault.
		wantFailed []string
	}{
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
		{lesson: "the-incident", fault: "list responses are serialized whole (before 1.34)",
			set: map[string]string{"streaming-list-encoding": "false"}, wantFailed: []string{
				"What it held: the decoded objects, three times the payload, and no serialized copy.",
			}},
		{lesson: "the-incident", fault: "consistent reads go to etcd (before 1.31)",
			set: map[string]string{"consistent-reads": "false"}, wantFailed: []string{
				"The cache served all 20,000 secrets as a consistent read, and nobody died.",
			}},
	}
	for _, tc := range tests {
		t.Run(tc.lesson+"/"+tc.fault, func(t *testing.T) {
			l, err := ByID(tc.lesson)
			if err != nil {
				t.Fatal(err)
			}
			if tc.set != nil {
				l = withWorld(t, l, tc.set)
			}
			_, failed := failedChecks(t, l, tc.wrap)
			for _, want := range tc.wantFailed {
				if !failed[want] {
					t.Errorf("with %s, every check of %q still passes", tc.fault, want)
				}
			}
			// Unbroken, the same lesson passes (TestBuiltinLessonsHoldAcrossSeeds),
			// so these failures are the fault's.
		})
	}
}
