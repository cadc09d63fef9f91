package live

import (
	"errors"
	"strconv"

	"watchscope/lessons"
)

// Presenter mode: a speaker runs the stage on the projector and reads a
// second window, web/presenter.html, on the laptop. That window shows
// State.Present (PresentJSON): the step on screen, its speaker notes (the
// step's ```notes block), the next step's title and the next cue point.
//
// A cue point is a step with a ```cue block: a narrative beat where the
// speaker stops to talk ("410", "questions"). In presenter mode the stage
// holds on it:
//
//	next plays cue step i      the step's actions run and animate as usual
//	  -> hold(i)               the stage's top line says "Cue: LABEL"; once
//	                           the animation has finished, the clock pauses
//	next / back / cue back /   any move of the lesson, or play, releases
//	play / present off         the hold: the line goes, the clock runs again
//	                           (unless it was paused before the cue)
//
// Only arriving by one step forward holds (next, a click on the timeline
// one step ahead, the notes window's →), and "cue back", which lands on a
// cue on purpose. A deep link, a jump or a step back never does.
//
// "cue back" (key R) rewinds to the last cue point: the most recent cue
// step at or before the step on screen that has been played, replayed
// with Runner.Seek like any step back. A question showing for a step not
// yet played does not count as that step being reached.
//
//	present on|off|toggle   presenter mode (a notes window turns it on)
//	cue back                rewind to the last cue point and hold there
type presenter struct {
	st     stageView     // the lesson and the clock it reads
	clock  clockHolder   // the clock it pauses on a cue and restarts
	msg    *messageLine  // the top line: its cue, its refusals
	runner *lessonRunner // rewinds the lesson for "cue back"
	on     bool
	seen   lessonPos // where the lesson stood at the last tick
	hold   *holdState
}

// lessonPos is a lesson's position as the presenter sees it.
type lessonPos struct {
	p       *lessonPlay
	next    int // steps played
	pending bool
}

// holdState is a cue the stage is holding on.
type holdState struct {
	cue     CueJSON
	msg     string // the top line we wrote (cleared only if still ours)
	paused  bool   // the hold paused the clock (and owes it a restart)
	settled bool   // the step's animation has finished
}

// PresentJSON is State.Present: what the notes window shows.
type PresentJSON struct {
	On        bool     `json:"on"`        // presenter mode
	Lesson    string   `json:"lesson"`    // id; "" in the sandbox
	Title     string   `json:"title"`     // the lesson's title
	Minutes   int      `json:"minutes"`   // planned for a live audience
	Step      int      `json:"step"`      // the step on screen, 1-based; 0 the intro
	Steps     int      `json:"steps"`     // steps in the lesson
	StepTitle string   `json:"stepTitle"` // the title on screen
	Narration string   `json:"narration"` // what the stage says
	Notes     string   `json:"notes"`     // the speaker notes of the step on screen
	Pending   bool     `json:"pending"`   // its question is showing, the step has not run
	Question  string   `json:"question"`  // that question
	NextTitle string   `json:"nextTitle"` // the title of the step after it; "" at the end
	NextCue   *CueJSON `json:"nextCue"`   // the first cue not yet reached
	LastCue   *CueJSON `json:"lastCue"`   // where "cue back" goes
	Hold      *CueJSON `json:"hold"`      // the cue the stage holds on now
	Message   string   `json:"message,omitempty"`
}

// CueJSON is one cue point: its label and its step, 1-based as the stage
// counts them ("step 4 of 9").
type CueJSON struct {
	Label string `json:"label"`
	Step  int    `json:"step"`
}

func (p *presenter) verbs() map[string]func(arg string) {
	return map[string]func(arg string){"present": p.setPresent, "cue": p.cueCommand}
}

func (p *presenter) afterTick()          { p.observeCues() }
func (p *presenter) fillState(st *State) { st.Present = p.json() }

func (p *presenter) setPresent(arg string) {
	switch arg {
	case "on", "off":
		p.on = arg == "on"
	case "toggle", "":
		p.on = !p.on
	default:
		p.msg.Say("present wants on, off or toggle, not " + strconv.Quote(arg))
		return
	}
	if !p.on {
		p.releaseHold()
	}
}

func (p *presenter) cueCommand(arg string) {
	if arg != "back" {
		p.msg.Say("cue wants back (rewind to the last cue point), not " + strconv.Quote(arg))
		return
	}
	if err := p.cueBack(); err != nil {
		p.msg.Fail(err)
	}
}

// Present is State.Present: what the notes window shows now.
func (s *Session) Present() PresentJSON { return s.presenter.json() }

// position is where the lesson stands (zero in the sandbox).
func (p *presenter) position() lessonPos {
	lp := p.st.lesson()
	if lp == nil {
		return lessonPos{}
	}
	return lessonPos{p: lp, next: lp.r.Next(), pending: lp.pending}
}

// lastCue is the last cue point reached: the newest cue among the steps
// played (index < played), or nil.
func lastCue(l *lessons.Lesson, played int) *CueJSON {
	for i := min(played, len(l.Steps)) - 1; i >= 0; i-- {
		if l.Steps[i].Cue != "" {
			return &CueJSON{Label: l.Steps[i].Cue, Step: i + 1}
		}
	}
	return nil
}

// nextCue is the first cue not reached yet: among the steps not played.
func nextCue(l *lessons.Lesson, played int) *CueJSON {
	for i := max(played, 0); i < len(l.Steps); i++ {
		if l.Steps[i].Cue != "" {
			return &CueJSON{Label: l.Steps[i].Cue, Step: i + 1}
		}
	}
	return nil
}

// cueBack rewinds to the last cue point and, in presenter mode, holds on
// it. It replays the steps before it a frame at a time, as stepping back
// does (work.go).
func (p *presenter) cueBack() error {
	lp := p.st.lesson()
	if lp == nil {
		return errNoLesson
	}
	c := lastCue(lp.l, lp.r.Next())
	if c == nil {
		return errNoCue
	}
	p.releaseHold()
	return p.runner.rewindTo(c.Step, func(err error) { // over frames, as stepping back (work.go)
		if err != nil {
			p.msg.Fail(err)
			return
		}
		p.runner.showWorld()
		p.msg.Clear()
		p.seen = p.position()
		if p.on {
			p.startHold(*c)
		}
	})
}

var (
	errNoLesson = errors.New("cue back works in a lesson: L picks one")
	errNoCue    = errors.New("no cue point reached yet: ← steps back")
)

// observeCues runs after every tick: a move of the lesson releases the
// hold, arriving at a cue by one step forward starts one, and a holding
// stage pauses once its animation has finished.
func (p *presenter) observeCues() {
	pos := p.position()
	if pos != p.seen {
		prev := p.seen
		p.seen = pos
		p.releaseHold()
		if p.on && pos.p != nil && pos.p == prev.p && pos.next == prev.next+1 && !pos.pending {
			if st := &pos.p.l.Steps[pos.next-1]; st.Cue != "" {
				p.startHold(CueJSON{Label: st.Cue, Step: pos.next})
			}
		}
	}
	h := p.hold
	if h == nil {
		return
	}
	if h.paused && !p.st.clock().Paused { // play pressed: the presenter goes on
		h.paused = false
		p.releaseHold()
		return
	}
	if !h.settled && p.clock.settled() {
		h.settled = true
		if !p.st.clock().Paused {
			p.clock.setPaused(true)
			h.paused = true
		}
	}
}

// startHold holds the stage on cue c.
func (p *presenter) startHold(c CueJSON) {
	h := &holdState{cue: c, msg: "Cue: " + c.Label + "   (→ goes on)"}
	p.hold = h
	p.msg.Cue(h.msg)
}

// releaseHold ends the hold: the top line goes if it is still the cue's,
// and the clock runs again if the hold paused it.
func (p *presenter) releaseHold() {
	h := p.hold
	if h == nil {
		return
	}
	p.hold = nil
	p.msg.Withdraw(h.msg)
	if h.paused {
		p.clock.setPaused(false)
	}
}

// json is State.Present.
func (p *presenter) json() PresentJSON {
	out := PresentJSON{On: p.on, Message: p.msg.Text()}
	if h := p.hold; h != nil {
		c := h.cue
		out.Hold = &c
	}
	lp := p.st.lesson()
	if lp == nil {
		out.Title, out.StepTitle = "Sandbox", "Free play"
		return out
	}
	l := lp.l
	played := lp.r.Next()
	out.Lesson, out.Title, out.Minutes, out.Steps = l.ID, l.Title, l.Minutes, len(l.Steps)
	out.Pending, out.Step = lp.pending, played
	if lp.pending {
		out.Step = played + 1
	}
	if out.Step == 0 {
		out.StepTitle, out.Narration = l.Title, l.Intro
	} else {
		st := &l.Steps[out.Step-1]
		out.StepTitle, out.Narration, out.Notes = st.Title, st.Narration, st.Notes
		if lp.pending && st.Ask != nil {
			out.Question = st.Ask.Question
		}
	}
	if out.Step < len(l.Steps) {
		out.NextTitle = l.Steps[out.Step].Title
	}
	out.NextCue, out.LastCue = nextCue(l, played), lastCue(l, played)
	return out
}
