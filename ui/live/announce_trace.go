package live

import (
	"strconv"

	"watchscope/engine"
	"watchscope/ui/view"
)

// The trace's markers in sentences. One 410 is several trace events: the
// API server's WATCH_ERROR, then the informer's own lines about it (the
// error, "Watch closed", the backoff before it lists again). The feed
// tells it once, from the API server's event, naming the informer:
//
//	#3345 apiserver-0 WATCH_ERROR #1655 ERROR 410 Expired: too old resource version: 911 (1202)
//	#3348 app REFLECTOR WATCH #512 ERROR 410 Expired: ...      <- cause #3345: an echo
//	#3351 app REFLECTOR backoff 1.058s before ListAndWatch (410) <- cause #3345: an echo
//
//	"410 Gone: the watch from resourceVersion 911 is older than the
//	 cache's oldest 1202; informer app will relist."

// lookAround is how many trace events around a 410 are searched for the
// watch's client (its request before, the informer's echo after).
const lookAround = 64

// announceMarkers tells the markers the last tick added. A new world (a
// rewind, a lesson step back, another lesson) replays its past from
// zero: that past is not news, so the feed starts from its present.
func (f *announcer) announceMarkers() {
	ml := f.st.markers()
	if f.world != ml.world {
		f.world, f.seen = ml.world, ml.lastID
		return
	}
	start := len(ml.items)
	for start > 0 && ml.items[start-1].ID > f.seen {
		start--
	}
	for i, m := range ml.items[start:] {
		ev := ml.events[start+i]
		if echo(ml.world, m.Mark, ev) || !speaks(m.Mark, ev) || !f.admit(m.Mark) {
			continue
		}
		text, level := markerSentence(ml.world, m.Mark, ev)
		f.add(m.Mark.String(), level, text)
	}
	f.seen = ml.lastID
}

// speaks reports whether the feed tells this marker at all: first lists,
// bookmarks and the learner's own faults are not news, and an API
// server's KILLED "restart" is told by the RESTART that follows it.
func speaks(mark view.Marker, ev engine.TraceEvent) bool {
	switch mark {
	case view.MarkGone, view.MarkRelist, view.MarkCompact, view.MarkRestart:
		return true
	case view.MarkOOM:
		return !(ev.Kind == engine.KindKilled && ev.Reason == engine.ReasonRestart)
	}
	return false
}

// echo reports whether ev is an informer's line about a 410 the API
// server's own event already told.
func echo(w *engine.World, mark view.Marker, ev engine.TraceEvent) bool {
	if mark != view.MarkGone || ev.Kind == engine.KindWatchError || ev.Cause == 0 {
		return false
	}
	c, ok := w.Trace.Get(ev.Cause)
	return ok && Classify(c) == view.MarkGone
}

// markerSentence is the plain-language sentence for a marker, and its
// aria-live level.
func markerSentence(w *engine.World, mark view.Marker, ev engine.TraceEvent) (text, level string) {
	switch mark {
	case view.MarkGone:
		return goneSentence(w, ev), assertive
	case view.MarkRelist:
		return relistSentence(ev), polite
	case view.MarkCompact:
		at := ev.Detail
		if ev.RV != 0 {
			at = "revision " + strconv.FormatUint(ev.RV, 10)
		}
		return "compaction on " + ev.Node + " at " + at + " (" + Rule(ev) + ").", polite
	case view.MarkRestart:
		return "restart of " + ev.Node + ": " + ev.Detail + " (" + Rule(ev) + ").", polite
	case view.MarkOOM:
		why := ev.Message
		if why == "" { // a kill that says no more than its reason
			why = ev.Detail
		}
		return "OOMKilled: " + ev.Node + " was killed, " + why + " (" + Rule(ev) + ").", assertive
	}
	return mark.String() + " on " + ev.Node + ": " + ev.Detail + ".", polite
}

// goneSentence tells a 410: what the watch asked for, what the cache
// still had, and what its client does next. Only the watch cache's
// "too old resource version: 911 (1202)" names both RVs.
func goneSentence(w *engine.World, ev engine.TraceEvent) string {
	if ev.OldestRV == 0 {
		return "410 Gone on " + ev.Node + ": " + ev.Detail + "."
	}
	text := "410 Gone: the watch from resourceVersion " + strconv.FormatUint(ev.RV, 10) +
		" is older than the cache's oldest " + strconv.FormatUint(ev.OldestRV, 10)
	switch who, informer := watcherOf(w, ev); {
	case informer:
		text += "; informer " + who + " will relist"
	case who != "":
		text += "; " + who + " must list again to resume"
	}
	return text + "."
}

// watcherOf names the client of the watch a 410 ended, and whether it is
// an informer: the informer whose line echoes the 410 right after it, or
// else the client of the request the WATCH_ERROR answers.
func watcherOf(w *engine.World, ev engine.TraceEvent) (who string, informer bool) {
	if ev.Kind == engine.KindReflector {
		return ev.Node, true
	}
	id := ev.ID
	for next := id + 1; next <= min(w.Trace.Last(), id+lookAround); next++ {
		if e, ok := w.Trace.Get(next); ok && e.Cause == id && e.Kind == engine.KindReflector {
			return e.Node, true
		}
	}
	for prev := id - 1; prev > 0 && prev+lookAround > id; prev-- {
		e, ok := w.Trace.Get(prev)
		if !ok {
			break
		}
		if e.Kind == engine.KindReq && e.Req == ev.Req {
			c, _ := w.Trace.Get(e.Cause)
			return e.Client, c.Kind == engine.KindReflector
		}
	}
	return "", false
}

// relistSentence: a relist of pods by informer node-1, for the reason
// "relist after 410", is "relist: informer node-1 lists pods again
// (relist after 410)."
func relistSentence(ev engine.TraceEvent) string {
	text := "relist: informer " + ev.Node + " lists"
	if ev.Resource != "" {
		text += " " + ev.Resource
	}
	text += " again"
	if ev.Reason != "" {
		text += " (" + ev.Reason + ")"
	}
	return text + "."
}
