package informer

import (
	"fmt"
	"time"
)

// Decision is one line of a component's trace: a call it made, an answer
// it got, a log line client-go would print, a wait it chose.
//
// Text is for people; the fields after it say the same as data, for the
// engine's typed trace event (engine.TraceEvent): a reader asks them,
// never the text.
type Decision struct {
	At   time.Duration
	Text string

	Code     int32     // the API status code the line reports (410, 429), 0 if none
	Reason   string    // that status's reason ("Expired"), or a call's reason
	Req      uint64    // a call line's call ID
	Resource string    // a call line's resource
	List     ListKind  // a call line's list: first list or relist
	TooOld   [2]uint64 // a too-old 410: the RV asked for and the oldest served
	Synced   bool      // the store now holds the list (a list's or a watch-list's Replace)
}

// String is the one-line form: "   12.345s LIST pods rv="0" limit=500 (initial list)".
func (d Decision) String() string { return fmt.Sprintf("%9.3fs %s", d.At.Seconds(), d.Text) }

// traceLog is a bounded outbox of decisions: when the consumer does not
// drain it, the oldest lines are dropped and counted.
type traceLog struct {
	lines   []Decision
	limit   int
	dropped int
}

func (t *traceLog) add(now time.Duration, format string, args ...any) {
	t.put(Decision{At: now, Text: fmt.Sprintf(format, args...)})
}

// addSynced is add for the line that the store was replaced with the
// list: the informer has synced.
func (t *traceLog) addSynced(now time.Duration, format string, args ...any) {
	t.put(Decision{At: now, Text: fmt.Sprintf(format, args...), Synced: true})
}

// put adds a line made by the caller, with its facts.
func (t *traceLog) put(d Decision) {
	if t.limit <= 0 {
		t.limit = 4096
	}
	if len(t.lines) >= t.limit {
		n := copy(t.lines, t.lines[len(t.lines)/2:])
		t.dropped += len(t.lines) - n
		t.lines = t.lines[:n]
	}
	t.lines = append(t.lines, d)
}

// addErr is add for a line that reports err: it carries err's API status
// code and reason (none for an error that is not an API status).
func (t *traceLog) addErr(now time.Duration, err error, format string, args ...any) {
	d := statusOf(err)
	d.At, d.Text = now, fmt.Sprintf(format, args...)
	t.put(d)
}

// addCode is add for a line about a status code the reflector acts on
// (its backoff after a 410).
func (t *traceLog) addCode(now time.Duration, code int32, format string, args ...any) {
	t.add(now, format, args...)
	t.lines[len(t.lines)-1].Code = code
}

func (t *traceLog) take() []Decision {
	out := t.lines
	t.lines = nil
	return out
}
