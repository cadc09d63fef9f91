package live

import (
	"slices"
	"strconv"
	"strings"
	"time"

	"watchscope/engine"
	"watchscope/ui/view"
)

// Stage commands: what the keys, the buttons and window.watchscope.send
// say besides console lines. Anything else goes to the console.
//
//	sandbox                     open the sandbox
//	play | pause | toggle       the clock
//	speed X | faster | slower   0.1x .. 100x
//	tick                        one 100 ms step of virtual time (paused or not)
//	seek T                      sandbox: rewind or jump to virtual time T (a fork)
//	why [ID]                    the causal chain of trace event ID (default: newest marker)
//	close                       close the overlays, why?, picker, message
//	blank | motion              toggle the blank screen and reduced motion
//	help | legend | ...         toggle an overlay (view.Overlays: one line each)
//
// The features add theirs (features.go): next, back, lesson, goto and
// pick are the lesson runner's (lesson_runner.go).
func (s *Session) command(cmd string) {
	words := strings.Fields(cmd)
	if len(words) == 0 {
		return
	}
	arg := ""
	if len(words) > 1 {
		arg = words[1]
	}
	if s.stageCommand(words[0], arg) {
		return
	}
	s.exec(cmd)
}

// stageCommand runs a stage command; false means cmd is for the console.
func (s *Session) stageCommand(verb, arg string) bool {
	if run, ok := stageVerbs[verb]; ok {
		run(s, verb, arg)
		return true
	}
	if s.chrome.ToggleOverlay(verb) {
		return true
	}
	if run, ok := s.featureVerbs[verb]; ok {
		run(arg)
		return true
	}
	return false
}

// Knows reports whether verb is a stage command (the core's or a
// feature's); anything else is a console line.
func (s *Session) Knows(verb string) bool {
	_, core := stageVerbs[verb]
	_, feature := s.featureVerbs[verb]
	return core || feature || slices.Contains(view.OverlayVerbs(), verb)
}

// stageVerbs are the core's stage commands, by verb.
var stageVerbs = map[string]func(s *Session, verb, arg string){
	"sandbox": func(s *Session, _, _ string) { s.openSandbox() },
	"play":    clockVerb,
	"pause":   clockVerb,
	"toggle":  clockVerb,
	"speed": func(s *Session, _, arg string) {
		v, err := strconv.ParseFloat(strings.TrimSuffix(arg, "x"), 64)
		if err != nil || v < 0.1 || v > 100 {
			s.msg.Say("speed wants a number from 0.1 to 100, not " + strconv.Quote(arg))
			return
		}
		s.clock.Speed = v
	},
	"faster": func(s *Session, _, _ string) { s.clock.Speed = view.NextSpeed(speed(s.clock), 1) },
	"slower": func(s *Session, _, _ string) { s.clock.Speed = view.NextSpeed(speed(s.clock), -1) },
	"tick": func(s *Session, _, _ string) {
		if s.replay.stepOne(s.sim.World()) { // a step in slow motion: its next event, paused
			s.clock.Paused = true
			return
		}
		if s.lesson == nil {
			s.sim.RunUntil(s.sim.Now() + 100*time.Millisecond)
		}
	},
	// space pauses a step in motion (and goes on); on a step at rest it
	// is the next beat, as a presenter's Space is; in the sandbox it plays
	// or pauses the clock.
	"space": func(s *Session, _, _ string) {
		if s.lesson != nil && !s.replay.playing(s.sim.World()) {
			s.runner.step(true)
			return
		}
		s.clock.Paused = !s.clock.Paused
	},
	// skip jumps a step in motion (or the "your cluster" page's cursor) to its end.
	"skip": func(s *Session, _, _ string) {
		if !s.cluster.toEnd() {
			s.replay.skip(s.sim.World())
		}
	},
	// home (Home) is the first step of a lesson (the « start button), or
	// the "your cluster" page's cursor at the recording's start.
	"home": func(s *Session, _, _ string) {
		if !s.cluster.toStart() && s.lesson != nil {
			s.runner.gotoStep("0")
		}
	},
	"seek":   func(s *Session, _, arg string) { s.seek(arg) },
	"why":    func(s *Session, _, arg string) { whyOf(s).open(arg) },
	"whyrev": func(s *Session, _, arg string) { whyOf(s).rev(arg) },
	"start":  func(s *Session, _, _ string) { s.showStart() },
	"close": func(s *Session, _, _ string) {
		s.picker.close()
		s.chrome.Why, s.chrome.Console = nil, false
		hideStart(&s.chrome)
		s.cluster.close()
		s.chrome.Shown = 0 // every overlay
		s.msg.Clear()
	},
	"blank":  func(s *Session, _, _ string) { s.chrome.Blank = !s.chrome.Blank },
	"motion": func(s *Session, _, _ string) { s.chrome.Reduced = !s.chrome.Reduced },
}

// clockVerb is play, pause and toggle.
func clockVerb(s *Session, verb, _ string) {
	s.clock.Paused = verb == "pause" || (verb == "toggle" && !s.clock.Paused)
}

// speed is clock c's speed, 1 when unset.
func speed(c view.Clock) float64 {
	if c.Speed <= 0 {
		return 1
	}
	return c.Speed
}

// openSandbox leaves the lesson for a fresh sandbox world.
func (s *Session) openSandbox() {
	if s.opts.Sandbox.Seed == 0 {
		s.msg.Say("this stage has no sandbox configuration")
		return
	}
	sim, err := NewWorldConfig(s.opts.Sandbox)
	if err != nil {
		s.msg.Fail(err)
		return
	}
	s.work.drop()
	s.sim, s.lesson = sim, nil
	s.resetTimeline()
	s.clock = view.Clock{Speed: s.clock.Speed}
}

// resetTimeline forgets the markers of a world that is gone.
func (s *Session) resetTimeline() {
	s.markers, s.markEvents, s.lastID = nil, nil, 0
	s.motion = view.Motion{Columns: view.Columns}
	s.chrome.Why = nil
}

// seek rewinds (or replays) the sandbox to virtual time T by forking the
// world: the same seed and the commands before T, replayed. Acting after
// that forks a new future; the old one is gone.
func (s *Session) seek(arg string) {
	if s.lesson != nil {
		s.msg.Say("in a lesson, ← and → move between steps")
		return
	}
	d, err := time.ParseDuration(arg)
	if err != nil || d < 0 {
		s.msg.Say("seek wants a time such as 12s, not " + strconv.Quote(arg))
		return
	}
	e, ok := s.sim.(*etcdSim)
	if !ok {
		return
	}
	w, sh, err := e.sh.ForkAt(min(d, e.w.Now()))
	if err != nil {
		s.msg.Fail(err)
		return
	}
	s.sim = &etcdSim{w: w, sh: sh}
	s.markers, s.markEvents, s.lastID = nil, nil, 0
	s.clock = view.Clock{Speed: s.clock.Speed, Paused: s.clock.Paused}
	s.clock.CatchUp(w.Now())
	s.logLine(view.LogLine{Cmd: "seek " + arg, Out: "rewound to " + engine.FormatTime(w.Now()) + "; acting now forks a new future"})
}
