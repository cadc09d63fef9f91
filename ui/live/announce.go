package live

import (
	"strconv"

	"watchscope/engine"
	"watchscope/ui/view"
)

// The screen reader's live feed. A blind learner cannot see a red
// triangle fly from the API server to an informer, so the stage says it
// in a sentence: the page (web/a11y.js) appends every new item to an
// aria-live log region, politely, or assertively for errors (a 410, an
// OOM kill, a step that failed to run).
//
//	trace markers (410, relist, compaction, restart, OOMKilled)  --+
//	lesson beats (step k of n, the question, the pick, the answer,  +--> items: ring of the
//	              the checks, the end)                          --+      last feedKeep, ids
//	                                                                     1, 2, 3 ... for ever
//
// Ids never repeat or go back (not even when the world is rebuilt by a
// rewind), so the page appends the items whose id is above the last one
// it showed. The words are the stage's own: the marker names of the
// timeline legend, "step k of n", "N of M checks pass", "Answer: ...".

// announcer is the feed, a feature beside the session (features.go).
type announcer struct {
	st     stageView
	items  []FeedItem // the last feedKeep items, oldest first
	nextID int

	world *engine.World // the world whose markers were last read
	seen  uint64        // the newest trace event already considered

	bursts map[view.Marker]*burst // throttles per marker kind
	beat   lessonBeat             // the lesson position last announced
	answer AnswerJSON             // the last revealed prediction (embed.go)
}

// Bounds of the feed. A restart storm at 5,000 nodes makes thousands of
// 410s and relists a second: nobody can listen to that, so each kind gets
// feedBurst sentences per feedWindow ticks and then one count.
const (
	feedKeep   = 24
	feedBurst  = 3
	feedWindow = 300 // ticks: five seconds at 60 ticks a second, about one sentence read aloud
)

// Levels of aria-live.
const (
	polite    = "polite"
	assertive = "assertive"
)

// FeedItem is one announcement.
type FeedItem struct {
	ID    int    `json:"id"`    // increasing; never reused
	Level string `json:"level"` // "polite" or "assertive" (aria-live)
	Kind  string `json:"kind"`  // a marker's name ("410", "relist", ...) or "lesson", "step", "question", "pick", "answer"
	AtMs  int64  `json:"atMs"`  // virtual time
	Text  string `json:"text"`
}

// FeedJSON is State.Feed: the feed, the lesson in words, and the last
// revealed prediction (embed.go).
type FeedJSON struct {
	Items  []FeedItem  `json:"items"`
	Lesson *LessonJSON `json:"lesson,omitempty"`
	Answer *AnswerJSON `json:"answer,omitempty"`
}

// afterTick announces what the tick brought.
func (f *announcer) afterTick() { f.announce() }

// announce runs after every tick: the lesson's beat first (a step's
// sentence before the 410 it caused), then the trace's new markers.
func (f *announcer) announce() {
	f.announceLesson()
	f.announceMarkers()
	f.flushCounts()
}

// add appends one item to the ring.
func (f *announcer) add(kind, level, text string) {
	f.nextID++
	if len(f.items) == feedKeep {
		f.items = append(f.items[:0], f.items[1:]...)
	}
	f.items = append(f.items, FeedItem{ID: f.nextID, Level: level, Kind: kind,
		AtMs: f.st.snapshot().Now.Milliseconds(), Text: text})
}

// fillState is State.Feed.
func (f *announcer) fillState(st *State) {
	fj := FeedJSON{Items: append([]FeedItem{}, f.items...), Lesson: lessonJSON(f.st.snapshot().Lesson)}
	if f.answer.Seq > 0 {
		a := f.answer
		fj.Answer = &a
	}
	st.Feed = fj
}

// burst counts one marker kind's sentences in the current window.
type burst struct {
	until int64 // the tick the window ends
	said  int   // sentences in the window
	more  int   // events past the budget, told as one count later
}

// admit reports whether one more sentence of kind fits the window.
func (f *announcer) admit(kind view.Marker) bool {
	if f.bursts == nil {
		f.bursts = map[view.Marker]*burst{}
	}
	b := f.bursts[kind]
	if b == nil {
		b = &burst{}
		f.bursts[kind] = b
	}
	if f.st.ticks() >= b.until {
		b.until, b.said = f.st.ticks()+feedWindow, 0
	}
	if b.said < feedBurst {
		b.said++
		return true
	}
	b.more++
	return false
}

// counted are the kinds the feed speaks of, in the order their counts
// are told (a fixed order: never a map's).
var counted = []struct {
	kind view.Marker
	noun string
}{
	{view.MarkGone, "410 Gone answers"}, {view.MarkRelist, "relists"},
	{view.MarkCompact, "compactions"}, {view.MarkRestart, "restarts"}, {view.MarkOOM, "OOM kills"},
}

// flushCounts tells, once a window has ended, how many events of a kind
// were not read out: "212 more relists".
func (f *announcer) flushCounts() {
	for _, c := range counted {
		b := f.bursts[c.kind]
		if b == nil || b.more == 0 || f.st.ticks() < b.until {
			continue
		}
		f.add(c.kind.String(), polite, strconv.Itoa(b.more)+" more "+c.noun+".")
		b.more, b.said, b.until = 0, 1, f.st.ticks()+feedWindow
	}
}
