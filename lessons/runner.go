package lessons

import (
	"fmt"

	"watchscope/console"
	"watchscope/engine"
)

// Executor runs one console command line and returns what the terminal
// shows. *console.Shell is the real one; tests wrap it to break a
// mechanism on purpose (see Options.Wrap).
type Executor interface {
	Exec(line string) (string, error)
}

// Options tune one run of a lesson.
type Options struct {
	// Seed overrides the lesson's seed when non-zero.
	Seed uint64
	// Wrap, when set, puts an Executor between the runner and the shell.
	// It is the fault-injection door: a wrapper may rewrite, drop or add
	// commands, or change what they print, without touching the layers
	// underneath. See the package doc.
	Wrap func(next Executor, w *engine.World) Executor
}

// Runner plays one lesson on a fresh seeded world, a step at a time.
// It is a pure state machine like the world it drives: Step runs the
// next step's actions to completion and evaluates its checks.
type Runner struct {
	lesson   *Lesson
	opts     Options
	seed     uint64
	world    *engine.World
	shell    *console.Shell
	exec     Executor
	captures map[string]Value
	results  []StepResult
}

// NewRunner builds the lesson's world (its seed unless opts.Seed is set,
// and the flags its header sets) and stands before the first step.
func NewRunner(l *Lesson, opts Options) (*Runner, error) {
	seed := l.Seed
	if opts.Seed != 0 {
		seed = opts.Seed
	}
	w, sh, err := console.NewWorld(l.WorldConfig(seed))
	if err != nil {
		return nil, fmt.Errorf("lesson %s: %w", l.ID, err)
	}
	r := &Runner{lesson: l, opts: opts, seed: seed, world: w, shell: sh, exec: sh, captures: map[string]Value{}}
	if opts.Wrap != nil {
		r.exec = opts.Wrap(sh, w)
	}
	return r, nil
}

// Lesson is the lesson being played.
func (r *Runner) Lesson() *Lesson { return r.lesson }

// World is the world the lesson plays on (the stage draws it).
func (r *Runner) World() *engine.World { return r.world }

// Shell is the console shell on that world (the stage's console pane can
// share it: a learner's own commands then go into the same world).
func (r *Runner) Shell() *console.Shell { return r.shell }

// Seed is the seed the world was built from.
func (r *Runner) Seed() uint64 { return r.seed }

// Next is the index of the step Step will play (len(Steps) when done).
func (r *Runner) Next() int { return len(r.results) }

// Done reports whether every step has been played.
func (r *Runner) Done() bool { return r.Next() >= len(r.lesson.Steps) }

// Results are the steps played so far.
func (r *Runner) Results() []StepResult { return r.results }

// Step plays the next step: runs its actions in order through the
// console, then evaluates its checks and the ask's reveal. It returns an
// error only when there is no step left.
func (r *Runner) Step() (*StepResult, error) {
	if r.Done() {
		return nil, fmt.Errorf("lesson %s: no step left after %d", r.lesson.ID, len(r.lesson.Steps))
	}
	i := r.Next()
	s := &r.lesson.Steps[i]
	res := StepResult{Index: i, Step: s, Start: r.world.Now()}
	from := r.world.Trace.Last()
	for _, a := range s.Actions {
		cmd := expand(a.Command, r.captures)
		out, err := r.exec.Exec(cmd)
		if err != nil {
			out += console.ErrorLine(err) + "\n" // as a terminal shows it
		}
		res.Actions = append(res.Actions, ActionResult{Command: cmd, Output: out})
	}
	res.End = r.world.Now()
	res.Events = r.world.Trace.Since(from)
	ctx := &evalCtx{w: r.world, res: &res, stepFrom: from, captures: r.captures, declared: r.lesson.Metrics}
	for _, c := range s.Checks {
		res.Checks = append(res.Checks, ctx.check(c))
	}
	if s.Ask != nil && s.Ask.Reveal != nil {
		rv := ctx.reveal(s.Ask)
		res.Reveal = &rv
	}
	r.results = append(r.results, res)
	return &r.results[i], nil
}

// Seek rebuilds the world and replays the first n steps, so the stage can
// step back (or jump ahead). The world is deterministic, so the replay
// is exact; the old world is dropped.
func (r *Runner) Seek(n int) error {
	rw, err := r.Rewind(n)
	if err != nil {
		return err
	}
	return rw.Finish()
}

// Rewind is a Seek taken one piece at a time, so that a stage can keep
// drawing and answering while a lesson replays: a replay of a long lesson
// costs as much as playing it, far more than one frame. Each Advance does
// one piece (building the fresh world, or playing one step on it), and
// the runner becomes the replayed one only when the last piece is done;
// until then it is the runner it was. Taking the pieces in any number of
// calls gives the same world as Seek.
type Rewind struct {
	r, fresh *Runner
	to       int
}

// Rewind prepares a Seek to n steps played without doing any of it.
func (r *Runner) Rewind(n int) (*Rewind, error) {
	if n < 0 || n > len(r.lesson.Steps) {
		return nil, fmt.Errorf("lesson %s: no step %d (it has %d)", r.lesson.ID, n, len(r.lesson.Steps))
	}
	return &Rewind{r: r, to: n}, nil
}

// PlayOn is a Rewind that rebuilds nothing: it plays r itself on from
// the steps it has played to n, a step per Advance. Unlike Rewind's, the
// runner moves with every piece (a stage that shows it sees the steps go
// by), and it ends in the world Seek(n) makes: steps are deterministic,
// so a world played on is the world replayed. A deep link to a late step
// opens this way: its lesson is new, at step 0, and a second world built
// only to be replayed would cost as much as the first.
func (r *Runner) PlayOn(n int) (*Rewind, error) {
	if n < r.Next() || n > len(r.lesson.Steps) {
		return nil, fmt.Errorf("lesson %s: cannot play on from step %d to step %d (it has %d)", r.lesson.ID, r.Next(), n, len(r.lesson.Steps))
	}
	return &Rewind{r: r, fresh: r, to: n}, nil
}

// Advance does the next piece; done is true once the runner has been
// replaced (or on an error, which leaves the runner as it was).
func (rw *Rewind) Advance() (done bool, err error) {
	switch {
	case rw.fresh == nil:
		if rw.fresh, err = NewRunner(rw.r.lesson, rw.r.opts); err != nil {
			return true, err
		}
	case rw.fresh.Next() < rw.to:
		if _, err := rw.fresh.Step(); err != nil {
			return true, err
		}
	}
	if rw.fresh.Next() < rw.to {
		return false, nil
	}
	*rw.r = *rw.fresh
	return true, nil
}

// Finish takes every piece left, now.
func (rw *Rewind) Finish() error {
	for {
		if done, err := rw.Advance(); done || err != nil {
			return err
		}
	}
}

// To is the number of steps the rewind ends with played.
func (rw *Rewind) To() int { return rw.to }

// Played is how many of them the fresh world has played so far.
func (rw *Rewind) Played() int {
	if rw.fresh == nil {
		return 0
	}
	return rw.fresh.Next()
}

// Play plays a lesson headless to the end.
func Play(l *Lesson, opts Options) (*Report, error) {
	r, err := NewRunner(l, opts)
	if err != nil {
		return nil, err
	}
	for !r.Done() {
		if _, err := r.Step(); err != nil {
			return nil, err
		}
	}
	return &Report{Lesson: l, Seed: r.seed, Steps: r.results, TraceHash: r.world.Trace.Hash()}, nil
}
