package live

import (
	"strconv"
	"time"

	"watchscope/lessons"
)

// lessonRunner is the feature that moves through lessons: it opens one
// (by id, from the catalogue, or a parsed file handed over by the author
// feature), steps it a beat forward or back, jumps to a step, records the
// learner's answer, and reports the lesson's part of State. The lesson
// being played (a lessonPlay, lesson.go) is the session's s.lesson, the
// one thing the core reads from it: which world the stage shows; the
// runner moves it through a lessonStage (lesson_stage.go), and reaches
// the picker, the "your cluster" page and the message line it was given.
//
//	next | back    the lesson's next / previous beat (sandbox: back rewinds 5 s)
//	lesson ID      open a lesson (or free play) from the catalogue
//	goto N         jump to N steps played (a click on the timeline)
//	pick N         answer the showing question with choice N (1-based)
//
// Other features reach it through the LessonRunner interface
// (Session.Lessons) or, inside the package, these methods.
type lessonRunner struct {
	st      lessonStage
	msg     *messageLine
	picker  *lessonPicker // closed when a lesson opens
	cluster *clusterView  // its time cursor takes next and back while it shows
}

// LessonRunner is what the page and the tests may ask of the runner.
type LessonRunner interface {
	// Open opens lesson id (at its seed, or seed when non-zero) and plays
	// its first steps steps.
	Open(id string, seed uint64, steps int) error
}

// Lessons is the session's lesson runner.
func (s *Session) Lessons() LessonRunner { return s.runner }

func (r *lessonRunner) verbs() map[string]func(string) {
	return map[string]func(string){
		"next":   func(string) { r.step(true) },
		"back":   func(string) { r.step(false) },
		"lesson": func(id string) { r.openSaying(id, 0) },
		"goto":   r.gotoStep,
		"pick": func(arg string) {
			if n, err := strconv.Atoi(arg); err == nil && r.st.lesson() != nil {
				r.st.lesson().pick(n - 1)
			}
		},
	}
}

// show puts p on the stage: its world, a fresh timeline.
func (r *lessonRunner) show(p *lessonPlay) { r.st.show(p) }

// step moves the lesson a beat, or rewinds the sandbox 5 s on back.
// current is the lesson on the stage, nil in the sandbox.
func (r *lessonRunner) current() *lessonPlay { return r.st.lesson() }

func (r *lessonRunner) step(forward bool) {
	if r.cluster.scrub(forward) { // the "your cluster" page's time cursor
		return
	}
	if r.st.lesson() == nil {
		if !forward {
			r.st.seek(strconv.FormatFloat(max(0, (r.st.sim().Now()-5*time.Second).Seconds()), 'f', 3, 64) + "s")
		}
		return
	}
	var err error
	if forward {
		err = r.st.forward()
	} else {
		var rw *lessons.Rewind
		rw, err = r.st.back()
		if rw != nil {
			r.st.rewind(rw, r.moved)
			return
		}
	}
	r.moved(err)
}

// moved ends a move of the lesson: the stage shows the runner's world and
// the message line the move's failure, if any.
func (r *lessonRunner) moved(err error) {
	if err != nil {
		r.msg.Fail(err)
	} else {
		r.msg.Clear()
	}
	r.st.showWorld()
}

func (r *lessonRunner) Open(id string, seed uint64, steps int) error {
	p, err := newLessonPlay(id, seed)
	if err != nil {
		return err
	}
	if steps > 0 {
		if err := p.seek(steps); err != nil {
			return err
		}
	}
	r.show(p)
	return nil
}

// openSaying opens lesson id (or free play) at steps played, closing the
// picker and the start screen; a failure goes to the message line.
func (r *lessonRunner) openSaying(id string, steps int) {
	r.st.hideStart()
	if id == freePlay {
		r.st.openSandbox()
		r.picker.close()
		return
	}
	if err := r.Open(id, 0, steps); err != nil {
		r.msg.Fail(err)
		return
	}
	r.msg.Clear()
	r.picker.close()
}

// gotoStep jumps the lesson to N steps played (a click on the timeline).
func (r *lessonRunner) gotoStep(arg string) {
	n, err := strconv.Atoi(arg)
	if err != nil || r.st.lesson() == nil {
		return
	}
	if err := r.rewindTo(n, func(err error) {
		if err != nil {
			r.msg.Fail(err)
		}
		r.showWorld()
	}); err != nil {
		r.msg.Fail(err)
	}
}

// rewindTo replays the lesson to n steps played over frames (work.go),
// then runs done with the failure, if any (done puts the runner's world
// on the stage: showWorld). The error is a rewind that could not start
// (no such step); nothing moved.
func (r *lessonRunner) rewindTo(n int, done func(error)) error {
	rw, err := r.st.lesson().rewind(n)
	if err != nil {
		return err
	}
	r.st.rewind(rw, done)
	return nil
}

// showWorld puts the lesson runner's world on the stage, after a move.
func (r *lessonRunner) showWorld() { r.st.showWorld() }

// fillState is the lesson's part of State: the mode, the step, the checks.
func (r *lessonRunner) fillState(st *State) {
	st.Mode, st.Checks = "sandbox", []CheckJSON{}
	p := r.st.lesson()
	if p == nil {
		return
	}
	lv := p.view()
	st.Mode, st.Lesson, st.Steps, st.Step = "lesson", lv.ID, lv.Steps, p.r.Next()
	st.Pending, st.Done, st.Highlights = p.pending, lv.Done, lv.Highlights
	st.Passed, st.Failed = p.counts()
	for _, c := range lv.Checks {
		st.Checks = append(st.Checks, CheckJSON{c.Claim, c.Pass, c.Saw})
	}
}
