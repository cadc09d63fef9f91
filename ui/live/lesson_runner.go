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
// one thing the core reads from it: which world the stage shows.
//
//	next | back    the lesson's next / previous beat (sandbox: back rewinds 5 s)
//	lesson ID      open a lesson (or free play) from the catalogue
//	goto N         jump to N steps played (a click on the timeline)
//	pick N         answer the showing question with choice N (1-based)
//
// Other features reach it through the LessonRunner interface
// (Session.Lessons) or, inside the package, these methods.
type lessonRunner struct{ s *Session }

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
			if n, err := strconv.Atoi(arg); err == nil && r.s.lesson != nil {
				r.s.lesson.pick(n - 1)
			}
		},
	}
}

// show puts p on the stage: its world, a fresh timeline.
func (r *lessonRunner) show(p *lessonPlay) {
	s := r.s
	s.work.drop() // a rewind of the lesson that leaves
	s.lesson, s.lessonTouched = p, false
	s.sim = shellSim(p.r.Shell())
	s.resetTimeline()
}

// step moves the lesson a beat, or rewinds the sandbox 5 s on back.
// current is the lesson on the stage, nil in the sandbox.
func (r *lessonRunner) current() *lessonPlay { return r.s.lesson }

func (r *lessonRunner) step(forward bool) {
	s := r.s
	if s.cluster.scrub(forward) { // the "your cluster" page's time cursor
		return
	}
	if s.lesson == nil {
		if !forward {
			s.seek(strconv.FormatFloat(max(0, (s.sim.Now()-5*time.Second).Seconds()), 'f', 3, 64) + "s")
		}
		return
	}
	var err error
	played := s.lesson.r.Next()
	if forward {
		f := beginFrames(s.lesson, s.chrome.Reduced)
		err = s.lesson.next()
		s.replay.play = nil
		if s.lesson.r.Next() > played {
			s.replay.start(s.lesson, s.chrome.Reduced, tempo(speed(s.clock), s.lesson), &s.snap, f.end(s.lesson.r.World())) // a step ran: the screen replays it
		} else {
			f.end(nil)
		}
	} else {
		// Backs pressed in a row are one rewind: each would replay the
		// lesson from its start, and five of them cost five replays.
		var rw *lessons.Rewind
		rw, err = s.lesson.back(1 + s.work.takeRepeats("back"))
		s.replay.play = nil
		if rw != nil {
			s.work.startRewind(rw, r.moved)
			return
		}
	}
	r.moved(err)
}

// moved ends a move of the lesson: the stage shows the runner's world and
// the message line the move's failure, if any.
func (r *lessonRunner) moved(err error) {
	s := r.s
	if err != nil {
		s.msg.Fail(err)
	} else {
		s.msg.Clear()
	}
	s.sim = shellSim(s.lesson.r.Shell())
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
	s := r.s
	hideStart(&s.chrome)
	if id == freePlay {
		s.openSandbox()
		s.picker.close()
		return
	}
	if err := r.Open(id, 0, steps); err != nil {
		s.msg.Fail(err)
		return
	}
	s.msg.Clear()
	s.picker.close()
}

// gotoStep jumps the lesson to N steps played (a click on the timeline).
func (r *lessonRunner) gotoStep(arg string) {
	n, err := strconv.Atoi(arg)
	if err != nil || r.s.lesson == nil {
		return
	}
	if err := r.rewindTo(n, func(err error) {
		if err != nil {
			r.s.msg.Fail(err)
		}
		r.showWorld()
	}); err != nil {
		r.s.msg.Fail(err)
	}
}

// rewindTo replays the lesson to n steps played over frames (work.go),
// then runs done with the failure, if any (done puts the runner's world
// on the stage: showWorld). The error is a rewind that could not start
// (no such step); nothing moved.
func (r *lessonRunner) rewindTo(n int, done func(error)) error {
	rw, err := r.s.lesson.rewind(n)
	if err != nil {
		return err
	}
	r.s.work.startRewind(rw, done)
	return nil
}

// showWorld puts the lesson runner's world on the stage, after a move.
func (r *lessonRunner) showWorld() { r.s.sim = shellSim(r.s.lesson.r.Shell()) }

// fillState is the lesson's part of State: the mode, the step, the checks.
func (r *lessonRunner) fillState(st *State) {
	st.Mode, st.Checks = "sandbox", []CheckJSON{}
	p := r.s.lesson
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
