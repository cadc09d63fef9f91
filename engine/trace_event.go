package engine

import (
	"fmt"
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
func (e TraceEvent) String() string {
	s := fmt.Sprintf("%s <-%s  %s  %s  %s", e.ID, e.Cause, FormatTime(e.At), e.Node, e.Kind)
	if e.Detail != "" {
		s += "  " + e.Detail
	}
	return s
}

// FormatTime prints virtual time as seconds with millisecond precision,
// "1.250s". It uses integer arithmetic only, so the text (and with it the
// trace hash) is the same on every platform.
func FormatTime(d time.Duration) string {
	sign := ""
	if d < 0 {
		sign, d = "-", -d
	}
	sec := d / time.Second
	ms := (d % time.Second) / time.Millisecond
	return fmt.Sprintf("%s%d.%03ds", sign, sec, ms)
}
