// Package lessons turns teaching into data that is checked against the
// simulation. A lesson is a Markdown file a trainer writes in an editor
// (see AUTHORING.md); this package parses it, plays it on a fresh seeded
// world through the console's command language, and evaluates every
// check, so a lesson cannot say something the simulated etcd (and, as
// they land, the API server and client-go) would not do.
//
//	content/revisions.md ──Parse──► *Lesson ──NewRunner──► *Runner ──Step()──► StepResult
//	   header, steps,                 Steps[i]:              world + shell     actions' output,
//	   blocks (do, check, ask ...)    narration, targets,    (console)         trace events,
//	                                  actions, checks                          check verdicts
//
// # The step API (for the browser stage)
//
// A *Lesson is static data: the stage can show step i's Narration,
// Highlights, Ask (question and choices), Cue and Notes before anything
// runs. Playing is separate:
//
//	l, err := lessons.Load("etcd-watch")        // built-in id, or a path to a .md file
//	r, err := lessons.NewRunner(l, lessons.Options{Seed: seed})
//	// show l.Steps[r.Next()]: narration, highlights, the question (answer hidden)
//	res, err := r.Step()                         // runs the step's actions, evaluates checks
//	// res.Actions[i].Output  what the console printed
//	// res.Events             the step's trace events (draw them, "why?" via World().Trace.Chain)
//	// res.Checks[i]          Pass, Claim, Saw (values read), Problem (why it failed)
//	// res.Reveal             the question's answer checked against the run (if it has reveal:)
//	r.Seek(n)                                    // step back or jump: rebuild and replay n steps
//	r.World(), r.Shell()                         // the stage draws the world; the console pane
//	                                             // may type into the same shell
//
// Step runs a step to completion: its actions go through
// console.Shell.Exec one by one (each settles the world as the console
// does), then the checks run in order. Runner is a pure state machine
// like the world: no goroutines, no wall clock, so a step is exact and
// the same seed replays byte for byte (Seek relies on that). The stage
// animates the step's trace events afterwards at its own pace.
//
// Play(l, opts) plays a lesson headless to the end and returns a Report;
// WriteTranscript prints it (`go run . play ID`), and Report.Counts gives
// the totals `go run . check` prints.
//
// # Checks
//
// A check is one line in a check block (the grammar is on Check). Checks
// read the run: metrics by Prometheus series name (metricValue: the
// world's registry first, then etcd's own metrics), trace events of the
// step or the whole lesson, fields of etcdctl output (-w fields or -w
// json), and values captured earlier with let. Actions may use a captured
// value as {name}, so a lesson never hard-codes a number the run did not
// produce. A question's reveal: is checked too: the marked answer must be
// what the simulation does.
//
// # Breaking a mechanism on purpose
//
// A lesson that still passes when its mechanism is broken proves nothing.
// Options.Wrap puts an Executor between the runner and the shell; a test
// wraps the shell so one mechanism misbehaves and asserts that the checks
// backing the broken claim fail (fault_test.go). Nothing in the layers
// below carries a test hook. The wrapper may
//
//   - answer a command itself (a no-op "compaction N" that prints what
//     etcd would print but never compacts);
//   - rewrite a command before it runs (serve "--rev R" below the compact
//     revision from the compact revision, as if history were never lost);
//   - rewrite what a command printed.
//
// Later lessons break their mechanisms the same way, through the console
// commands their layers add: drop allowWatchBookmarks=true from watch
// requests (bookmarks), raise --watch-cache-sizes so the ring never
// expires (410s), set a zero backoff or remove jitter through sim knobs
// (restart storms). When a fault cannot be expressed as a command
// rewrite, add a sim verb for it in the console (a knob the sandbox
// can use too), not a hook in the layer.
//
// A lesson is data, so a test may also change its world before playing
// it (bite_test.go): gone-410 with a ring too large to wrap
// (--watch-cache-sizes), restart-storm with reflectors that retry
// without backoff or jitter (the client-backoff and client-jitter world
// settings), bookmarks with watches that never send allowWatchBookmarks.
package lessons
