package engine

import (
	"strconv"
	"time"
)

// EventID numbers trace events 1, 2, 3, ... in the order they happen.
// 0 is "no event": the cause of something that came from outside the
// world (a learner's command, a lesson step).
type EventID uint64

// String is "#12", or "ext" for the external cause 0.
func (id EventID) String() string {
	if id == 0 {
		return "ext"
	}
	return "#" + strconv.FormatUint(uint64(id), 10)
}

// TraceEvent is one line of the world's story: what happened (Kind and
// Detail), where (Node), when (At) and why (Cause, the event that led to
// it). Following Cause links backwards answers the UI's "why?".
type TraceEvent struct {
	ID     EventID
	Cause  EventID
	At     time.Duration
	Node   string
	Kind   string
	Detail string
}

// String is the one text form of a trace event, used by the console, the
// lesson transcripts, the UI and the trace hash:
//
//	#12 <-#7  1.250s  etcd-0  PUT  key=/a rev=5
//	#1 <-ext  0.000s  user  CMD  etcdctl put a 1
func (e TraceEvent) String() string { return string(e.AppendText(nil)) }

// AppendText appends the String form to b. The trace hash folds in every
// event's text through it, so recording one formats it without the
// allocations of fmt (a 5,000-node world records thousands a second).
func (e TraceEvent) AppendText(b []byte) []byte {
	b = appendEventID(b, e.ID)
	b = append(b, " <-"...)
	b = appendEventID(b, e.Cause)
	b = append(b, "  "...)
	b = appendTime(b, e.At)
	b = append(b, "  "...)
	b = append(b, e.Node...)
	b = append(b, "  "...)
	b = append(b, e.Kind...)
	if e.Detail != "" {
		b = append(b, "  "...)
		b = append(b, e.Detail...)
	}
	return b
}

// appendEventID appends EventID.String's text.
func appendEventID(b []byte, id EventID) []byte {
	if id == 0 {
		return append(b, "ext"...)
	}
	return strconv.AppendUint(append(b, '#'), uint64(id), 10)
}

// FormatTime prints virtual time as seconds with millisecond precision,
// "1.250s". It uses integer arithmetic only, so the text (and with it the
// trace hash) is the same on every platform.
func FormatTime(d time.Duration) string {
	var buf [24]byte // "-9223372036.854s" fits: one allocation, the string
	return string(appendTime(buf[:0], d))
}

// appendTime appends FormatTime's text: sign, whole seconds, "." and
// three digits of milliseconds, "s".
func appendTime(b []byte, d time.Duration) []byte {
	if d < 0 {
		b, d = append(b, '-'), -d
	}
	b = strconv.AppendInt(b, int64(d/time.Second), 10)
	m := int((d % time.Second) / time.Millisecond)
	return append(b, '.', byte('0'+m/100), byte('0'+m/10%10), byte('0'+m%10), 's')
}
