package live

import "watchscope/lessons"

// lessonStage is the stage as the lesson runner moves it: what every
// reading feature sees (stageView) and the core's moves a lesson makes,
// each of which keeps the core's parts in step (the world shown, the
// replay, the rewinds under way, the timeline). The runner decides which
// move; the session's stageCore makes it.
type lessonStage interface {
	stageView
	// show puts p on the stage (nil: none): its world, a fresh timeline;
	// a rewind under way for the lesson that leaves is dropped.
	show(p *lessonPlay)
	showWorld() // the lesson's runner's world, after a move
	// forward plays the lesson's next beat; a step that ran is replayed
	// on the screen in slow motion.
	forward() error
	// back steps the lesson back by one beat (and the backs pressed since,
	// as one rewind): a rewind to run over frames, or nil.
	back() (*lessons.Rewind, error)
	rewind(rw *lessons.Rewind, done func(error)) // run rw over frames, then done
	seek(arg string)                             // the sandbox's clock to arg ("12s")
	openSandbox()                                // a fresh sandbox world, the lesson gone
	hideStart()                                  // the start screen's one writer (start.go)
}

// stageCore is the session as a lessonStage.
type stageCore struct{ stageReader }

func (c stageCore) show(p *lessonPlay) {
	s := c.s
	s.work.drop() // a rewind of the lesson that leaves
	s.lesson, s.lessonTouched = p, false
	s.sim = shellSim(p.r.Shell())
	s.resetTimeline()
}

func (c stageCore) showWorld() { c.s.sim = shellSim(c.s.lesson.r.Shell()) }

func (c stageCore) forward() error {
	s, p := c.s, c.s.lesson
	played := p.r.Next()
	f := beginFrames(p, s.chrome.Reduced)
	err := p.next()
	s.replay.play = nil
	if p.r.Next() > played {
		s.replay.start(p, s.chrome.Reduced, tempo(speed(s.clock), p), &s.snap, f.end(p.r.World())) // a step ran: the screen replays it
	} else {
		f.end(nil)
	}
	return err
}

func (c stageCore) back() (*lessons.Rewind, error) {
	s := c.s
	// Backs pressed in a row are one rewind: each would replay the lesson
	// from its start, and five of them cost five replays.
	rw, err := s.lesson.back(1 + s.work.takeRepeats("back"))
	s.replay.play = nil
	return rw, err
}

func (c stageCore) rewind(rw *lessons.Rewind, done func(error)) { c.s.work.startRewind(rw, done) }
func (c stageCore) seek(arg string)                             { c.s.seek(arg) }
func (c stageCore) openSandbox()                                { c.s.openSandbox() }
func (c stageCore) hideStart()                                  { hideStart(&c.s.chrome) }
