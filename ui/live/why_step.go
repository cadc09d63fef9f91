package live

import (
	"cmp"
	"strconv"
	"strings"

	"watchscope/apiserver"
	"watchscope/engine"
	"watchscope/lessons"
	"watchscope/ui/scene"
)

// stepWhy is "why?" for the shown step's key event (its callout): at most
// four plain lines, root first, each a link the trace records. An answer
// to a request hangs off that request (Req), which hangs off the command
// that sent it (Cause); a 410 adds the cache's own fact, the oldest RV it
// still had (the event's OldestRV), between them.
func stepWhy(w *engine.World, step *lessons.StepResult, co *scene.Callout, sc *scene.Scene) []string {
	if step == nil || co == nil {
		return nil
	}
	if co.Event == 0 {
		return etcdWhy(w, step, co)
	}
	key, ok := w.Trace.Get(engine.EventID(co.Event))
	if !ok {
		return nil
	}
	return whyChain(w, step, key, sc)
}

// quietWhy is why? for a step with no callout (a write, a watch opened,
// an informer started): its key event is the newest one its own commands
// caused, of the most telling kind (stepKey); nil when the step caused
// none (a read changes nothing in the world).
func quietWhy(w *engine.World, step *lessons.StepResult, sc *scene.Scene) []string {
	if step == nil {
		return nil
	}
	key, ok := stepKey(step.Events)
	if !ok {
		return nil
	}
	return whyChain(w, step, key, sc)
}

// keyRank orders the events a step's commands cause by how much they say
// of what the step did (0: not a key event).
func keyRank(e engine.TraceEvent) int {
	switch e.Kind {
	case engine.KindResp, engine.KindWatchError:
		return 5
	case engine.KindPut, engine.KindDelete, engine.KindTxn, engine.KindCompact, engine.KindLeaseRevoke:
		return 4
	case engine.KindFault, engine.KindKilled, engine.KindRestart:
		return 3
	case engine.KindWatchResp:
		return 2
	case engine.KindReflector:
		return 1
	}
	return 0
}

// stepKey is the newest event of the highest rank among those the step's
// own commands caused (a cause chain inside the step reaching a CMD), the
// console's own requests (kubectl) first: a flag's restart sets every
// reflector going, and their answers are not what the step asked.
func stepKey(evs []engine.TraceEvent) (engine.TraceEvent, bool) {
	byID := make(map[engine.EventID]*engine.TraceEvent, len(evs))
	for i := range evs {
		byID[evs[i].ID] = &evs[i]
	}
	own := func(e *engine.TraceEvent) bool {
		for n := 0; e != nil && n < 64; e, n = byID[e.Cause], n+1 {
			if e.Kind == engine.KindCmd {
				return true
			}
		}
		return false
	}
	var best engine.TraceEvent
	rank := 0
	for i := range evs {
		r := keyRank(evs[i])
		if r > 0 && evs[i].Client == "kubectl" {
			r += 10 // what the console asked outranks what clients did meanwhile
		}
		if r > 0 && r >= rank && own(&evs[i]) {
			best, rank = evs[i], r
		}
	}
	return best, rank > 0
}

// whyChain is the plain lines from key's root to key. A client's reaction
// to a 410 (its reflector's ERROR, the watch closing, its back-off) is
// told through the answer it reacts to: the request that was too old, the
// cache window or compaction it fell outside, the answer, the reaction.
func whyChain(w *engine.World, step *lessons.StepResult, key engine.TraceEvent, sc *scene.Scene) []string {
	if ans, ok := goneAnswer(w, key); ok {
		return lastLines(append(whyChain(w, step, ans, sc), plainLink(key)))
	}
	var chain []engine.TraceEvent
	if req, ok := requestOf(w, step, key); ok {
		chain = append(w.Trace.Chain(req.ID), key)
	} else {
		chain = w.Trace.Chain(key.ID)
	}
	var lines []string
	for _, e := range chain {
		if line := plainLink(e); line != "" {
			lines = append(lines, line)
		}
	}
	c, ok := w.Trace.Get(key.Cause)
	restarted := ok && key.Code == 410 && c.Kind == engine.KindCacheReady
	// a compaction (or the fault that compacted) already told
	compacted := hasKind(chain, engine.KindCompact) || hasKind(chain, engine.KindFault)
	switch {
	case restarted && !inChain(chain, c.ID):
		// the cache began after the client's resourceVersion
		lines = append(lines[:len(lines)-1], c.Node+"'s "+key.Resource+" cache started over at RV "+
			strconv.FormatUint(c.RV, 10)+" (re-listed from etcd): it never held what came before", lines[len(lines)-1])
	case ok && key.Code == 410 && goneRoot(c.Kind) && !inChain(chain, c.ID):
		// what moved the window the request fell out of: a compaction
		lines = append(lines[:len(lines)-1], plainLink(c), lines[len(lines)-1])
		compacted = true
	}
	if key.Code == 410 && key.Route == "etcd" && !compacted {
		// etcd refused a revision below its compaction, which the replica
		// did not log (an etcdctl compaction): the trace still has it.
		if cp, ok := compactionBefore(w, key.ID); ok {
			lines = append(lines[:len(lines)-1], "etcd had compacted its history at revision "+
				strconv.FormatUint(cp.RV, 10)+": every older revision is gone", lines[len(lines)-1])
		}
	}
	if key.Code == 410 && key.OldestRV > 0 && !restarted {
		fact := "the " + key.Resource + " cache's oldest event was " + strconv.FormatUint(key.OldestRV, 10) +
			": every event up to " + strconv.FormatUint(key.OldestRV-1, 10) + " had left its ring"
		if c := sc.Find(scene.CacheID(key.Node, key.Resource)); c != nil && c.Ring != nil {
			fact += " of " + strconv.Itoa(c.Ring.Capacity) + " slots"
		}
		lines = append(lines[:len(lines)-1], fact, lines[len(lines)-1])
	}
	return lastLines(lines)
}

// lastLines keeps the last four lines of a why?: the ones nearest the
// event.
func lastLines(lines []string) []string {
	if len(lines) > 4 {
		lines = lines[len(lines)-4:]
	}
	return lines
}

// goneAnswer is the 410 answer (RESP or WATCH_ERROR) a client's own 410
// event hangs off, up its cause chain; false for an answer itself or an
// event that is no 410.
func goneAnswer(w *engine.World, key engine.TraceEvent) (engine.TraceEvent, bool) {
	if key.Code != 410 || isAnswer(key) {
		return engine.TraceEvent{}, false
	}
	for id, n := key.Cause, 0; id != 0 && n < 8; n++ {
		e, ok := w.Trace.Get(id)
		if !ok {
			break
		}
		if isAnswer(e) && e.Code == 410 {
			return e, true
		}
		id = e.Cause
	}
	return engine.TraceEvent{}, false
}

func isAnswer(e engine.TraceEvent) bool {
	return e.Kind == engine.KindResp || e.Kind == engine.KindWatchError
}

// compactionBefore is etcd's newest compaction in the trace window before
// event id.
func compactionBefore(w *engine.World, id engine.EventID) (engine.TraceEvent, bool) {
	recent := w.Trace.Recent(w.Trace.Window())
	for i := len(recent) - 1; i >= 0; i-- {
		if e := recent[i]; e.ID < id && e.Kind == engine.KindCompact {
			return e, true
		}
	}
	return engine.TraceEvent{}, false
}

func hasKind(chain []engine.TraceEvent, k engine.Kind) bool {
	for _, e := range chain {
		if e.Kind == k {
			return true
		}
	}
	return false
}

// etcdWhy is why? for an error etcd printed to one of the step's
// commands (etcdctl talks to etcd itself: no request, no answer in the
// trace): the command, the fact of etcd's history that refused it, and
// the error.
func etcdWhy(w *engine.World, step *lessons.StepResult, co *scene.Callout) []string {
	for _, a := range step.Actions {
		line, ok := etcdError(a.Output)
		if !ok || line != co.Text {
			continue
		}
		lines := []string{"you ran: " + a.Command}
		switch {
		case strings.Contains(line, "has been compacted"):
			lines = append(lines, "etcd had compacted its history at revision "+
				strconv.FormatInt(w.Etcd.CompactRev(), 10)+": every older revision is gone")
		case strings.Contains(line, "future revision"):
			lines = append(lines, "etcd's newest revision was "+strconv.FormatInt(w.Etcd.Rev(), 10))
		}
		return append(lines, "etcd answered: "+line)
	}
	return nil
}

// goneRoot: the kinds of event the engine names as a 410's cause
// (engine's goneCause) besides the request itself.
func goneRoot(k engine.Kind) bool {
	return k == engine.KindCompact || k == engine.KindFault || k == engine.KindCacheReady
}

func inChain(chain []engine.TraceEvent, id engine.EventID) bool {
	for _, e := range chain {
		if e.ID == id {
			return true
		}
	}
	return false
}

// requestOf is the request an answer (RESP, WATCH_ERROR, a watcher's
// termination) answers.
// A watch can end steps after it was sent (a slow watcher terminated):
// then the request is looked for in the trace's window.
func requestOf(w *engine.World, step *lessons.StepResult, e engine.TraceEvent) (engine.TraceEvent, bool) {
	if e.Req == 0 || (e.Kind != engine.KindResp && e.Kind != engine.KindWatchError && e.Kind != engine.KindWatcherTerminated) {
		return engine.TraceEvent{}, false
	}
	if step != nil {
		for _, r := range step.Events {
			if r.Kind == engine.KindReq && r.Req == e.Req {
				return r, true
			}
		}
	}
	recent := w.Trace.Recent(w.Trace.Window())
	for i := len(recent) - 1; i >= 0; i-- {
		if r := recent[i]; r.Kind == engine.KindReq && r.Req == e.Req {
			return r, true
		}
	}
	return engine.TraceEvent{}, false
}

// plainLink says one trace event in plain words.
func plainLink(e engine.TraceEvent) string {
	switch e.Kind {
	case engine.KindCmd:
		return "you ran: " + e.Detail
	case engine.KindReq:
		what := e.Client + " sent " + string(e.Verb) + " " + e.Resource
		if e.AskedRV != "" {
			what += " from resourceVersion " + e.AskedRV
		}
		return what + " (request #" + strconv.FormatUint(e.Req, 10) + ")"
	case engine.KindResp, engine.KindWatchError:
		if e.Code >= 400 {
			return e.Node + " answered " + e.Client + ": " + statusText(e)
		}
		if e.Code == 0 { // no answer: the connection failed; its error is the reason
			return e.Client + " got no answer from " + e.Node + ": " + cmp.Or(e.Reason, e.Detail)
		}
		if e.Continue != "" {
			return e.Node + " answered " + e.Client + ": " + strconv.Itoa(int(e.Items)) + " " + e.Resource +
				", then metadata.continue: where the next page starts"
		}
		what := strconv.Itoa(int(e.Code))
		switch {
		case e.Verb == apiserver.LIST:
			what += ", " + strconv.Itoa(int(e.Items)) + " " + e.Resource + " at resourceVersion " + strconv.FormatUint(e.RV, 10)
		case e.Verb == apiserver.WATCH:
			what += ": the watch is open"
		case e.RV > 0:
			what += ", resourceVersion " + strconv.FormatUint(e.RV, 10)
		}
		return e.Node + " answered " + e.Client + ": " + what
	case engine.KindWatchResp:
		return "etcd sent its events to " + e.Detail
	case engine.KindKilled:
		return e.Node + " was killed: " + firstClause(e.Detail)
	case engine.KindWatcherTerminated:
		if e.Client != "" {
			return e.Node + " " + terminatedText(e) + ": its buffers were full"
		}
	case engine.KindRestart:
		return e.Node + " restarted"
	case engine.KindCompact:
		return "etcd compacted its history: " + e.Detail
	case engine.KindCacheReady:
		return e.Node + "'s cache is ready: " + e.Detail
	case engine.KindBookmark:
		return e.Node + " sent " + e.Client + " a BOOKMARK at resourceVersion " + strconv.FormatUint(e.RV, 10)
	case engine.KindFault:
		return "a fault was injected: " + e.Detail
	case engine.KindPut, engine.KindDelete:
		return "etcd wrote: " + e.Detail
	}
	return e.Kind.String() + " on " + e.Node + ": " + e.Detail
}
