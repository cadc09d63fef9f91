package informer

import (
	"fmt"
	"time"
)

// Decision is one line of a component's trace: a call it made, an answer
// it got, a log line client-go would print, a wait it chose.
type Decision struct {
	At   time.Duration
	Text string
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
	if t.limit <= 0 {
		t.limit = 4096
	}
	if len(t.lines) >= t.limit {
		n := copy(t.lines, t.lines[len(t.lines)/2:])
		t.dropped += len(t.lines) - n
		t.lines = t.lines[:n]
	}
	t.lines = append(t.lines, Decision{At: now, Text: fmt.Sprintf(format, args...)})
}

func (t *traceLog) take() []Decision {
	out := t.lines
	t.lines = nil
	return out
}
