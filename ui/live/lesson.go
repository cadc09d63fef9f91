package live

import (
	"errors"
	"fmt"
	"strings"

	"watchscope/lessons"
	"watchscope/ui/view"
)

// lessonPlay is a lesson being played on the stage. The runner owns the
// lesson's world; the stage never runs that world's clock by itself, so
// what a step shows is exactly what `go run . play ID` checks.
//
// Stepping, with predict-then-reveal:
//
//	intro --next--> step 1 played --next--> [step 2 has a question:
//	                                         shown, not yet run] --next--> step 2 played ...
//
// back undoes one of those moves; undoing a played step rewinds the
// world by replaying the steps before it (Runner.Seek).
type lessonPlay struct {
	l       *lessons.Lesson
	r       *lessons.Runner
	seed    uint64
	pending bool // the next step's question is showing; the step has not run
	picked  int  // the learner's answer to the pending or last question, -1 none
	err     string
}

func newLessonPlay(id string, seed uint64) (*lessonPlay, error) {
	l, err := lessons.ByID(id)
	if err != nil {
		return nil, err
	}
	r, err := lessons.NewRunner(l, lessons.Options{Seed: seed})
	if err != nil {
		return nil, err
	}
	return &lessonPlay{l: l, r: r, seed: seed, picked: -1}, nil
}

// errEnd is what next says after the last step.
var errEnd = errors.New("end of the lesson: ← steps back, L picks another")

// next moves one beat forward: show the next step's question, or run the
// next step.
func (p *lessonPlay) next() error {
	if p.r.Done() {
		return errEnd
	}
	st := &p.l.Steps[p.r.Next()]
	if st.Ask != nil && !p.pending {
		p.pending, p.picked = true, -1
		return nil
	}
	p.pending = false
	_, err := p.r.Step()
	p.err = ""
	if err != nil {
		p.err = err.Error()
	}
	return err
}

// back undoes the last k beats. Undoing played steps is one rewind to the
// step before the earliest of them, which the session takes over several
// frames (work.go); nil when the beats were only a question shown, or
// there is nothing to undo.
func (p *lessonPlay) back(k int) (*lessons.Rewind, error) {
	if p.pending {
		p.pending = false
		k--
	}
	if k <= 0 || p.r.Next() == 0 {
		return nil, nil
	}
	p.picked = -1
	return p.r.Rewind(max(0, p.r.Next()-k))
}

// seek plays the first n steps now (a deep link's step=N).
func (p *lessonPlay) seek(n int) error {
	rw, err := p.rewind(n)
	if err != nil {
		return err
	}
	return rw.Finish()
}

// rewind prepares a jump to n steps played (a click on the timeline).
func (p *lessonPlay) rewind(n int) (*lessons.Rewind, error) { return p.jump(n, p.r.Rewind) }

// playOn prepares playing on to n steps played on the runner's own world
// (a deep link's late step, played over ticks).
func (p *lessonPlay) playOn(n int) (*lessons.Rewind, error) { return p.jump(n, p.r.PlayOn) }

// jump checks n and prepares the move to it the way how says; the answer
// picked at the step left behind goes with it.
func (p *lessonPlay) jump(n int, how func(int) (*lessons.Rewind, error)) (*lessons.Rewind, error) {
	if n < 0 || n > len(p.l.Steps) {
		return nil, fmt.Errorf("step %d is out of range: lesson %s has %d steps", n, p.l.ID, len(p.l.Steps))
	}
	p.pending, p.picked = false, -1
	return how(n)
}

// pick records the learner's answer to the showing question.
func (p *lessonPlay) pick(i int) {
	if p.pending && i >= 0 && i < len(p.l.Steps[p.r.Next()].Ask.Choices) {
		p.picked = i
	}
}

// view is what the stage shows for the lesson now.
func (p *lessonPlay) view() *view.LessonView {
	lv := &view.LessonView{ID: p.l.ID, Title: p.l.Title, Steps: len(p.l.Steps), Step: p.r.Next(),
		Picked: p.picked, Right: -1, Done: p.r.Done(), Error: p.err}
	for _, res := range p.r.Results() {
		lv.StepEndsMs = append(lv.StepEndsMs, res.End.Milliseconds())
	}
	switch {
	case p.pending:
		st := &p.l.Steps[p.r.Next()]
		lv.Step = p.r.Next() + 1
		stepText(lv, st)
		lv.Question, lv.Choices = st.Ask.Question, st.Ask.Choices
	case p.r.Next() == 0:
		lv.StepTitle = p.l.Title
		lv.Narration = p.l.Intro + "\n\nPress → to begin."
	default:
		res := p.r.Results()[p.r.Next()-1]
		stepText(lv, res.Step)
		results(lv, &res)
	}
	return lv
}

func stepText(lv *view.LessonView, st *lessons.Step) {
	lv.StepTitle, lv.Narration = st.Title, st.Narration
	for _, r := range st.Refs {
		lv.Refs = append(lv.Refs, view.LessonRef{ID: r.ID, Title: r.Title})
	}
	for _, t := range st.Highlights {
		lv.Highlights = append(lv.Highlights, t.String())
	}
}

// results fills a played step's question (revealed) and checks.
func results(lv *view.LessonView, res *lessons.StepResult) {
	for _, a := range res.Actions {
		lv.Actions = append(lv.Actions, view.LogLine{Cmd: a.Command, Out: a.Output,
			Failed: strings.HasPrefix(view.DropClientWarnings(a.Output), "Error:")})
	}
	if a := res.Step.Ask; a != nil {
		lv.Question, lv.Choices, lv.Right, lv.Why = a.Question, a.Choices, a.Right, a.Why
	}
	for _, c := range res.Checks {
		addCheck(lv, c)
	}
	if r := res.Reveal; r != nil {
		addCheck(lv, *r)
	}
}

// addCheck adds a verdict; checks under one claim (one "# sentence" over
// several check lines) become one row that passes only if all of them do.
func addCheck(lv *view.LessonView, c lessons.CheckResult) {
	n := len(lv.Checks)
	if c.Claim == "" && n == 0 { // a capture before any claim: nothing to show
		return
	}
	if n > 0 && (c.Claim == "" || lv.Checks[n-1].Claim == c.Claim) {
		last := &lv.Checks[n-1]
		last.N++
		if !c.Pass && last.Pass {
			last.Pass, last.Saw = false, c.SawText()
		}
		return
	}
	lv.Checks = append(lv.Checks, view.CheckView{Claim: c.Claim, Pass: c.Pass, Saw: c.SawText(), N: 1})
}

// counts is the checks passed and failed in the steps played so far.
func (p *lessonPlay) counts() (passed, failed int) {
	for _, res := range p.r.Results() {
		for _, c := range res.Checks {
			if c.Pass {
				passed++
			} else {
				failed++
			}
		}
		if res.Reveal != nil {
			if res.Reveal.Pass {
				passed++
			} else {
				failed++
			}
		}
	}
	return passed, failed
}

// metrics is the lesson's own chart list: the series the shown step's
// checks read (with their labels: what the step counts), then the other
// steps', then the header's metrics.
func (p *lessonPlay) metrics() []string {
	shown := p.r.Next() - 1
	if p.pending {
		shown = p.r.Next()
	}
	var out []string
	if shown >= 0 && shown < len(p.l.Steps) {
		out = checkSeries(out, p.l.Steps[shown])
	}
	for i := range p.l.Steps {
		out = checkSeries(out, p.l.Steps[i])
	}
	return append(out, p.l.Metrics...)
}

// checkSeries adds the metric series st's checks read ("metric NAME{...}").
func checkSeries(out []string, st lessons.Step) []string {
	for _, c := range st.Checks {
		f := strings.Fields(c.Text)
		for i := 0; i+1 < len(f); i++ {
			if f[i] == "metric" && !contains(out, f[i+1]) {
				out = append(out, f[i+1])
			}
		}
	}
	return out
}
