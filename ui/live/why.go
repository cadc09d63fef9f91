package live

import (
	"fmt"
	"strconv"
	"strings"

	"watchscope/apiserver"
	"watchscope/engine"
	"watchscope/lessons"
	"watchscope/ui/scene"
	"watchscope/ui/view"
)

// The why? panel: the causal chain behind an event, in plain lines for a
// step's callout and with trace ids and rules for "why #ID".

// whyOf is the why? panel over s's stage as it is now.
func whyOf(s *Session) whyPanel {
	return whyPanel{c: &s.chrome, msg: &s.msg, w: s.sim.World(), lesson: s.lesson, cast: &s.snap.Cast, markers: s.markers}
}

// whyPanel is what the why? verb shows, read from the stage it is given
// (the world, the lesson if one plays, the cast on screen, the timeline's
// markers): it fills c.Why and c.WhyTitle, or says on msg why not.
type whyPanel struct {
	c       *view.Chrome
	msg     *messageLine
	w       *engine.World
	lesson  *lessonPlay
	cast    *scene.Scene
	markers []view.TraceItem
}

// open opens the causal chain of an event: trace id, or the newest marked
// event (a 410, a relist, a compaction) when no id is given.
func (s whyPanel) open(arg string) {
	w := s.w
	if co := s.cast.Callout; arg == "" && s.lesson != nil && co != nil {
		if lines := stepWhy(w, s.lesson.shownResult(), co, s.cast); len(lines) >= 2 {
			s.c.Why, s.c.WhyTitle = lines, co.Text
			return
		}
	}
	if arg == "" && s.lesson != nil && s.cast.Callout == nil {
		if lines := quietWhy(w, s.lesson.shownResult(), s.cast); len(lines) >= 2 {
			s.c.Why, s.c.WhyTitle = lines, "what this step did"
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
	s.c.Why = s.c.Why[:0]
	for i, e := range chain {
		s.c.Why = append(s.c.Why, whyLine(i, e))
	}
	last := chain[len(chain)-1]
	s.c.WhyTitle = last.Kind.String() + " on " + last.Node + " at " + engine.FormatTime(last.At)
}

// plainWhy is why? for the newest marked event when neither the step's
// callout nor its own commands explain anything (the sandbox, a step that
// only reads): the same plain lines, root first (at most 4), as a step's
// why?.
// "why #ID" keeps the full chain with its trace ids and rules.
func (s whyPanel) plainWhy(w *engine.World, id engine.EventID) bool {
	key, ok := w.Trace.Get(id)
	if !ok {
		return false
	}
	var step *lessons.StepResult
	if s.lesson != nil {
		step = s.lesson.shownResult()
	}
	lines := whyChain(w, step, key, s.cast)
	if len(lines) == 0 {
		return false
	}
	s.c.Why = lines
	s.c.WhyTitle = key.Kind.String() + " on " + key.Node + " at " + engine.FormatTime(key.At)
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

// rev explains the write that produced revision arg: the newest trace
// event that names it (etcd's PUT, DELETE or compaction at that revision,
// an API server's answer carrying an object at that resourceVersion).
func (s whyPanel) rev(arg string) {
	w := s.w
	rev, err := strconv.ParseUint(arg, 10, 64)
	if err != nil {
		s.msg.Say("whyrev " + arg + ": a revision is a number, e.g. whyrev 42")
		return
	}
	evs := w.Trace.Recent(w.Trace.Window())
	for i := len(evs) - 1; i >= 0; i-- {
		if namesRevision(evs[i], rev) {
			s.open(strconv.FormatUint(uint64(evs[i].ID), 10))
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
