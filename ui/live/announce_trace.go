package live

import (
	"strings"

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
func (s *Session) announceMarkers() {
	f := &s.feed
	if f.world != s.world {
		f.world, f.seen = s.world, s.lastID
		return
	}
	start := len(s.markers)
	for start > 0 && s.markers[start-1].ID > f.seen {
		start--
	}
	for _, m := range s.markers[start:] {
		if echo(s.world, m) || !speaks(m) || !f.admit(s, m.Mark) {
			continue
		}
		text, level := markerSentence(s.world, m)
		f.add(s, m.Mark.String(), level, text)
	}
	f.seen = s.lastID
}

// speaks reports whether the feed tells this marker at all: first lists,
// bookmarks and the learner's own faults are not news, and an API
// server's KILLED "restart" is told by the RESTART that follows it.
func speaks(m view.TraceItem) bool {
	switch m.Mark {
	case view.MarkGone, view.MarkRelist, view.MarkCompact, view.MarkRestart:
		return true
	case view.MarkOOM:
		return !(m.Kind == "KILLED" && m.Detail == "restart")
	}
	return false
}

// echo reports whether m is an informer's line about a 410 the API
// server's own event already told.
func echo(w *engine.World, m view.TraceItem) bool {
	if m.Mark != view.MarkGone || m.Kind == "WATCH_ERROR" || m.Cause == 0 {
		return false
	}
	c, ok := w.Trace.Get(engine.EventID(m.Cause))
	return ok && Classify(c.Kind, c.Detail) == view.MarkGone
}

// markerSentence is the plain-language sentence for a marker, and its
// aria-live level.
func markerSentence(w *engine.World, m view.TraceItem) (text, level string) {
	switch m.Mark {
	case view.MarkGone:
		return goneSentence(w, m), assertive
	case view.MarkRelist:
		return relistSentence(m), polite
	case view.MarkCompact:
		at := strings.TrimPrefix(m.Detail, "rev=")
		if at != m.Detail {
			at = "revision " + at
		}
		return "compaction on " + m.Node + " at " + at + " (" + Rule(m.Kind, m.Detail) + ").", polite
	case view.MarkRestart:
		return "restart of " + m.Node + ": " + m.Detail + " (" + Rule(m.Kind, m.Detail) + ").", polite
	case view.MarkOOM:
		why := strings.TrimPrefix(m.Detail, "OOMKilled: ")
		return "OOMKilled: " + m.Node + " was killed, " + why + " (" + Rule(m.Kind, m.Detail) + ").", assertive
	}
	return m.Mark.String() + " on " + m.Node + ": " + m.Detail + ".", polite
}

// goneSentence tells a 410: what the watch asked for, what the cache
// still had, and what its client does next.
func goneSentence(w *engine.World, m view.TraceItem) string {
	rv, oldest, ok := tooOld(m.Detail)
	if !ok {
		return "410 Gone on " + m.Node + ": " + m.Detail + "."
	}
	text := "410 Gone: the watch from resourceVersion " + rv + " is older than the cache's oldest " + oldest
	switch who, informer := watcherOf(w, m); {
	case informer:
		text += "; informer " + who + " will relist"
	case who != "":
		text += "; " + who + " must list again to resume"
	}
	return text + "."
}

// tooOld reads the API server's "too old resource version: 911 (1202)":
// the resourceVersion asked for and the oldest one the cache can serve.
func tooOld(detail string) (rv, oldest string, ok bool) {
	const msg = "too old resource version: "
	i := strings.Index(detail, msg)
	if i < 0 {
		return "", "", false
	}
	f := strings.Fields(detail[i+len(msg):])
	if len(f) < 2 || !strings.HasPrefix(f[1], "(") || !strings.HasSuffix(f[1], ")") {
		return "", "", false
	}
	return f[0], strings.Trim(f[1], "()"), true
}

// watcherOf names the client of the watch a 410 ended, and whether it is
// an informer: the informer whose line echoes the 410 right after it, or
// else the client of the request the WATCH_ERROR names ("#1655").
func watcherOf(w *engine.World, m view.TraceItem) (who string, informer bool) {
	if m.Kind == "REFLECTOR" {
		return m.Node, true
	}
	id := engine.EventID(m.ID)
	for next := id + 1; next <= min(w.Trace.Last(), id+lookAround); next++ {
		if e, ok := w.Trace.Get(next); ok && e.Cause == id && e.Kind == "REFLECTOR" {
			return e.Node, true
		}
	}
	req, _, _ := strings.Cut(m.Detail, " ")
	for prev := id - 1; prev > 0 && prev+lookAround > id; prev-- {
		e, ok := w.Trace.Get(prev)
		if !ok {
			break
		}
		if f := strings.Fields(e.Detail); e.Kind == "REQ" && len(f) > 1 && f[0] == req {
			c, _ := w.Trace.Get(e.Cause)
			return f[1], c.Kind == "REFLECTOR"
		}
	}
	return "", false
}

// relistSentence: `LIST pods rv="15" limit=500 (relist after 410)` from
// informer node-1 is "relist: informer node-1 lists pods again (relist
// after 410)."
func relistSentence(m view.TraceItem) string {
	text := "relist: informer " + m.Node + " lists"
	if f := strings.Fields(m.Detail); len(f) > 1 && (f[0] == "LIST" || f[0] == "WATCH") {
		text += " " + f[1]
	}
	text += " again"
	if i := strings.LastIndex(m.Detail, "("); i >= 0 && strings.HasSuffix(m.Detail, ")") {
		text += " " + m.Detail[i:]
	}
	return text + "."
}
