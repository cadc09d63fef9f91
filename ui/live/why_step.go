package live

import (
	"strconv"
	"strings"

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
	if step == nil || co == nil || co.Event == 0 {
		return nil
	}
	key, ok := w.Trace.Get(engine.EventID(co.Event))
	if !ok {
		return nil
	}
	var chain []engine.TraceEvent
	if req, ok := requestOf(step, key); ok {
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
	if key.Code == 410 && key.OldestRV > 0 {
		fact := "the " + key.Resource + " cache's oldest event was " + strconv.FormatUint(key.OldestRV, 10) +
			": every event up to " + strconv.FormatUint(key.OldestRV-1, 10) + " had left its ring"
		if c := sc.Find(scene.CacheID(key.Node, key.Resource)); c != nil && c.Ring != nil {
			fact += " of " + strconv.Itoa(c.Ring.Capacity) + " slots"
		}
		lines = append(lines[:len(lines)-1], fact, lines[len(lines)-1])
	}
	if len(lines) > 4 {
		lines = lines[len(lines)-4:]
	}
	return lines
}

// requestOf is the request an answer (RESP, WATCH_ERROR) answers.
func requestOf(step *lessons.StepResult, e engine.TraceEvent) (engine.TraceEvent, bool) {
	if e.Req == 0 || (e.Kind != engine.KindResp && e.Kind != engine.KindWatchError) {
		return engine.TraceEvent{}, false
	}
	for _, r := range step.Events {
		if r.Kind == engine.KindReq && r.Req == e.Req {
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
		if f := strings.Fields(e.Detail); len(f) >= 4 {
			if _, q, ok := strings.Cut(f[3], "?"); ok && strings.Contains(q, "resourceVersion=") {
				for _, kv := range strings.Split(q, "&") {
					if v, ok := strings.CutPrefix(kv, "resourceVersion="); ok {
						what += " from resourceVersion " + v
					}
				}
			}
		}
		return what + " (request #" + strconv.FormatUint(e.Req, 10) + ")"
	case engine.KindResp, engine.KindWatchError:
		if e.Code >= 400 {
			return e.Node + " answered " + e.Client + ": " + statusText(e)
		}
		return e.Node + " answered " + e.Client + ": " + strconv.Itoa(int(e.Code))
	case engine.KindKilled:
		return e.Node + " was killed: " + firstClause(e.Detail)
	case engine.KindRestart:
		return e.Node + " restarted"
	case engine.KindCompact:
		return "etcd compacted its history: " + e.Detail
	case engine.KindCacheReady:
		return e.Node + "'s cache is ready: " + e.Detail
	case engine.KindPut, engine.KindDelete:
		return "etcd wrote: " + e.Detail
	}
	return e.Kind.String() + " on " + e.Node + ": " + e.Detail
}
