package engine

import (
	"strconv"
	"time"

	"watchscope/apiserver"
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
//
// Detail is text for people; what a program asks of an event it reads
// from the typed fields below, which the recorder fills from the same
// values it printed into Detail (zero where a kind has no such fact):
//
//	kind         Code Reason        Req Client Resource RV            OldestRV List
//	REQ               -             #   yes    yes      -             -        -
//	(a LIST, WATCH or GET's REQ: AskedRV and Limit, its resourceVersion and limit parameters)
//	RESP         yes  status reason #   yes    yes      object's/list -        -
//	WATCH_ERROR  yes  status reason #   yes    yes      asked (410)   (410)    -
//	(an error answer's Message is its status's message)
//	WATCH_END         -             #   yes    yes      -             -        -
//	BOOKMARK          -             #   yes    yes      bookmark's    -        -
//	REFLECTOR    API error's code   call #     yes      -             -        yes
//	             and reason, or the call's reason ("relist after 410")
//	KILLED            "OOMKilled", "restart", ... (Message: "9 bytes > limit 8; ...")
//	COMPACT, PUT, DELETE, TXN, LEASE-REVOKE: RV is the revision;
//	CACHE_READY: the RV the cache listed at.
//
// The replica of an API server's event is its Node; Verb is the request's
// verb on REQ, RESP and the watch's events. A RESP that is no answer (the
// client's own connection error) has Code 0 and the error's text as its
// Reason. A LIST's REQ carries its continue token, its RESP the number
// of items and the route that served it ("cache", "etcd").
type TraceEvent struct {
	ID     EventID
	Cause  EventID
	At     time.Duration
	Node   string
	Kind   Kind
	Detail string

	Code     int32          // HTTP status code (410, 429, 200, ...)
	Items    int32          // a list answer's number of items
	List     ListKind       // a reflector's list call: first list or relist
	Reason   string         // status reason, kill reason, or a reflector call's reason
	Message  string         // the status's message, or what a kill says after its reason
	Req      uint64         // the request's number, "#12" in Detail
	Client   string         // the client that sent the request
	Verb     apiserver.Verb // the request's verb (LIST, WATCH, CREATE, ...)
	Resource string         // "pods"
	RV       uint64         // the revision or resourceVersion the event names
	OldestRV uint64         // a too-old 410: the oldest RV the cache still serves
	Continue string         // a LIST request's continue token, or the one its answer carries
	AskedRV  string         // a request's resourceVersion parameter as sent: "" (none), "0", "601"
	Limit    int64          // a LIST request's limit parameter (0: none)
	Route    string         // how an answer was served: "cache", "etcd", ...
	Seats    int32          // an answer's APF work estimate (0: APF off, or not an answer)
	// Synced: a reflector's line that its store now holds the list
	// ("Caches populated", "watch-list synced").
	Synced bool
	// InitialEventsEnd: a BOOKMARK that ends a watch-list's initial events
	// (the k8s.io/initial-events-end annotation).
	InitialEventsEnd bool
	// SendInitialEvents: a request that asked for the initial events
	// (sendInitialEvents=true: a watch-list).
	SendInitialEvents bool
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
	b = append(b, e.Kind.String()...)
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
