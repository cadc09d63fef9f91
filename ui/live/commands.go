package live

import (
	"fmt"
	"strconv"
	"strings"
	"time"

	"watchscope/apiserver"
	"watchscope/engine"
	"watchscope/lessons"
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
//	close                       close help, why?, picker, message
//	help | blank | motion       toggle the overlays and reduced motion
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
	return core || feature
}

// stageVerbs are the core's stage commands, by verb.
var stageVerbs = map[string]func(s *Session, verb, arg string){
	"sandbox": func(s *Session, _, _ string) { s.openSandbox() },
	"play":    (*Session).clockVerb,
	"pause":   (*Session).clockVerb,
	"toggle":  (*Session).clockVerb,
	"speed": func(s *Session, _, arg string) {
		v, err := strconv.ParseFloat(strings.TrimSuffix(arg, "x"), 64)
		if err != nil || v < 0.1 || v > 100 {
			s.msg.Say("speed wants a number from 0.1 to 100, not " + strconv.Quote(arg))
			return
		}
		s.clock.Speed = v
	},
	"faster": func(s *Session, _, _ string) { s.clock.Speed = view.NextSpeed(s.speed(), 1) },
	"slower": func(s *Session, _, _ string) { s.clock.Speed = view.NextSpeed(s.speed(), -1) },
	"tick": func(s *Session, _, _ string) {
		if s.stepOne() { // a step in slow motion: its next event
			return
		}
		if s.lesson == nil {
			s.sim.RunUntil(s.sim.Now() + 100*time.Millisecond)
		}
	},
	"space":  func(s *Session, _, _ string) { s.space() },
	"skip":   func(s *Session, _, _ string) { s.skip() },
	"seek":   func(s *Session, _, arg string) { s.seek(arg) },
	"why":    func(s *Session, _, arg string) { s.why(arg) },
	"whyrev": func(s *Session, _, arg string) { s.whyRev(arg) },
	"start":  func(s *Session, _, _ string) { s.showStart() },
	"legend": func(s *Session, _, _ string) { s.chrome.Legend = !s.chrome.Legend },
	"close": func(s *Session, _, _ string) {
		s.chrome.Help, s.chrome.Why, s.chrome.Picker, s.chrome.Console = false, nil, false, false
		s.chrome.Start, s.chrome.Legend, s.chrome.Recording = false, false, nil
		s.msg.Clear()
	},
	"help":   func(s *Session, _, _ string) { s.chrome.Help = !s.chrome.Help },
	"blank":  func(s *Session, _, _ string) { s.chrome.Blank = !s.chrome.Blank },
	"motion": func(s *Session, _, _ string) { s.chrome.Reduced = !s.chrome.Reduced },
}

// clockVerb is play, pause and toggle.
func (s *Session) clockVerb(verb, _ string) {
	s.clock.Paused = verb == "pause" || (verb == "toggle" && !s.clock.Paused)
}

func (s *Session) speed() float64 {
	if s.clock.Speed <= 0 {
		return 1
	}
	return s.clock.Speed
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
	s.dropWork()
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

// why opens the causal chain of an event: trace id, or the newest marked
// event (a 410, a relist, a compaction) when no id is given.
func (s *Session) why(arg string) {
	w := s.sim.World()
	if co := s.snap.Cast.Callout; arg == "" && s.lesson != nil && co != nil {
		if lines := stepWhy(w, s.lesson.shownResult(), co, &s.snap.Cast); len(lines) >= 2 {
			s.chrome.Why, s.chrome.WhyTitle = lines, co.Text
			return
		}
	}
	if arg == "" && s.lesson != nil && s.snap.Cast.Callout == nil {
		if lines := quietWhy(w, s.lesson.shownResult(), &s.snap.Cast); len(lines) >= 2 {
			s.chrome.Why, s.chrome.WhyTitle = lines, "what this step did"
			return
		}
	}
	id := engine.EventID(0)
	if n, err := strconv.ParseUint(strings.TrimPrefix(arg, "#"), 10, 64); err == nil {
		id = engine.EventID(n)
	} else if len(s.markers) > 0 {
		id = engine.EventID(s.markers[len(s.markers)-1].ID)
	} else if evs := w.Trace.Recent(1); len(evs) > 0 {
		id = evs[0].ID
	}
	if arg == "" && s.plainWhy(w, id) {
		return
	}
	chain := w.Trace.Chain(id)
	if len(chain) == 0 {
		s.msg.Say(fmt.Sprintf("no event %s in the trace window", id))
		return
	}
	s.chrome.Why = s.chrome.Why[:0]
	for i, e := range chain {
		s.chrome.Why = append(s.chrome.Why, whyLine(i, e))
	}
	last := chain[len(chain)-1]
	s.chrome.WhyTitle = last.Kind.String() + " on " + last.Node + " at " + engine.FormatTime(last.At)
}

// plainWhy is why? for the newest marked event when neither the step's
// callout nor its own commands explain anything (the sandbox, a step that
// only reads): the same plain lines, root first (at most 4), as a step's
// why?.
// "why #ID" keeps the full chain with its trace ids and rules.
func (s *Session) plainWhy(w *engine.World, id engine.EventID) bool {
	key, ok := w.Trace.Get(id)
	if !ok {
		return false
	}
	var step *lessons.StepResult
	if s.lesson != nil {
		step = s.lesson.shownResult()
	}
	lines := whyChain(w, step, key, &s.snap.Cast)
	if len(lines) == 0 {
		return false
	}
	s.chrome.Why = lines
	s.chrome.WhyTitle = key.Kind.String() + " on " + key.Node + " at " + engine.FormatTime(key.At)
	return true
}

// whyLine is one link of a chain with the rule that connects it.
func whyLine(i int, e engine.TraceEvent) string {
	prefix := "   "
	if i > 0 {
		prefix = "-> "
	}
	rule := Rule(e)
	line := prefix + e.String()
	if rule != "" {
		line += "\t" + rule // the panel prints the rule under the event
	}
	return line
}

// Rule names the mechanism behind a trace event, in the words of the
// real systems, for the "why?" chain.
func Rule(e engine.TraceEvent) string {
	switch Classify(e) {
	case view.MarkGone:
		return "watch cache: RV older than the ring's oldest -> 410 Gone"
	case view.MarkRelist:
		return "client-go Reflector: relist after the watch ended"
	case view.MarkList:
		return "client-go Reflector: the first list fills the informer's store"
	case view.MarkCompact:
		return "etcd compaction: history below the revision is dropped"
	case view.MarkOOM:
		return "kernel OOM killer: memory past the limit"
	case view.MarkRestart:
		return "kubelet restarts the container; the cache re-lists from etcd"
	}
	switch e.Kind {
	case engine.KindCmd:
		return "a command you (or the lesson) typed"
	case engine.KindPut, engine.KindDelete:
		return "etcd: every write takes the next revision"
	case engine.KindWatchEnd:
		return "the watch stream closed"
	case engine.KindBookmark:
		return "watch cache: a BOOKMARK carries the newest RV to a watch that asked for them"
	}
	return ""
}

// whyRev explains the write that produced revision rev: the newest trace
// event that names it (etcd's PUT, DELETE or compaction at that revision,
// an API server's answer carrying an object at that resourceVersion).
func (s *Session) whyRev(arg string) {
	w := s.sim.World()
	rev, err := strconv.ParseUint(arg, 10, 64)
	evs := w.Trace.Recent(w.Trace.Window())
	for i := len(evs) - 1; i >= 0 && err == nil; i-- {
		if namesRevision(evs[i], rev) {
			s.why(strconv.FormatUint(uint64(evs[i].ID), 10))
			return
		}
	}
	s.msg.Say("revision " + arg + " is older than the trace window")
}

// namesRevision reports whether e is etcd's write (a put, delete, txn or
// lease revoke) or compaction at rev,
// or an API server's answer carrying one object at resourceVersion rev.
func namesRevision(e engine.TraceEvent, rev uint64) bool {
	switch e.Kind {
	case engine.KindPut, engine.KindDelete, engine.KindTxn, engine.KindLeaseRevoke, engine.KindCompact:
		return e.RV == rev
	case engine.KindResp:
		return e.RV == rev && e.Verb != apiserver.LIST
	}
	return false
}
