// Package recording is the .wsrec file format: what `watchscope record`
// saw a real API server answer, one JSON object per line (JSON Lines).
//
// The first line is the Header. It names the format and its version, the
// server's version (its /version gitVersion), when the recording started,
// what was asked for (resources, namespace) and whether object contents
// were kept. Every later line is one Record: a request the recorder sent
// or something that came back, stamped with T, the milliseconds since the
// start. Kinds of records:
//
//	request   the recorder sent Verb (LIST or WATCH) for Res with the query in URL
//	list      a LIST answered: Code, RV (the list's resourceVersion), Items, Size in bytes
//	event     a watch event: Type (ADDED, MODIFIED, DELETED), Key (namespace/name), RV, Size
//	bookmark  a BOOKMARK with its RV; InitialEventsEnd for a watch-list's end marker
//	error     an ERROR event in a watch stream, or a request refused: Code, Reason, Message
//	closed    a watch stream ended (Text says how: "eof" for a normal close)
//	metrics   the watch-cache series of /metrics at that moment (Samples)
//	note      something the recorder says once (Text), e.g. that /metrics is not readable
//	end       the recording stopped normally (Text: why)
//
// Readers ignore kinds they do not know, so later versions may add kinds
// without breaking older readers; a change that older readers would
// misread raises Version. A file cut off mid-line (the recorder killed
// while writing) opens up to its last whole line (Recording.Truncated).
//
// The package is pure: no network, no clock. The recorder, the console's
// `sim replay` and the page all read the same format through it.
package recording

import "encoding/json"

// Format is the Header's format name; Version the newest version this
// package reads and writes.
const (
	Format  = "watchscope-recording"
	Version = 1
	// Ext is the recording file's usual extension.
	Ext = ".wsrec"
)

// Header is the first line of a recording.
type Header struct {
	Format  string `json:"format"`
	Version int    `json:"version"`
	// Server is the API server's gitVersion (GET /version), e.g. "v1.36.5".
	Server   string `json:"server"`
	Platform string `json:"platform,omitempty"`
	// Started is the wall-clock start in RFC 3339; every T counts from it.
	Started     string   `json:"started"`
	Resources   []string `json:"resources"`
	Namespace   string   `json:"namespace,omitempty"`
	WithObjects bool     `json:"withObjects"`
	// ReadOnly says the recorder only listed, watched and read /metrics.
	ReadOnly bool `json:"readOnly"`
}

// Kinds of records.
const (
	KindRequest  = "request"
	KindList     = "list"
	KindEvent    = "event"
	KindBookmark = "bookmark"
	KindError    = "error"
	KindClosed   = "closed"
	KindMetrics  = "metrics"
	KindNote     = "note"
	KindEnd      = "end"
)

// Record is one line after the header; which fields are set depends on Kind.
type Record struct {
	T       int64  `json:"t"` // milliseconds since Header.Started
	Kind    string `json:"kind"`
	Res     string `json:"res,omitempty"`
	Verb    string `json:"verb,omitempty"`
	URL     string `json:"url,omitempty"`
	Type    string `json:"type,omitempty"`
	Key     string `json:"key,omitempty"`
	RV      string `json:"rv,omitempty"`
	Size    int64  `json:"size,omitempty"`
	Items   int    `json:"items,omitempty"`
	Code    int    `json:"code,omitempty"`
	Reason  string `json:"reason,omitempty"`
	Message string `json:"message,omitempty"`
	Text    string `json:"text,omitempty"`
	// InitialEventsEnd marks a bookmark annotated k8s.io/initial-events-end.
	InitialEventsEnd bool     `json:"initialEventsEnd,omitempty"`
	Samples          []Sample `json:"samples,omitempty"`
	// Object is the event's object as the server sent it (--with-objects only).
	Object json.RawMessage `json:"object,omitempty"`
}

// Sample is one series of /metrics at one moment. Resource and Group are
// the series' labels of those names ("" when absent).
type Sample struct {
	Name     string  `json:"name"`
	Group    string  `json:"group,omitempty"`
	Resource string  `json:"resource,omitempty"`
	Value    float64 `json:"value"`
}

// The watch-cache series the recorder samples, named as kube-apiserver
// 1.36 exports them. The ring's capacity has no apiserver_ prefix; the
// open watches are apiserver_longrunning_requests with verb="WATCH"
// (apiserver_registered_watchers is gone since 1.25).
const (
	MetricCapacity   = "watch_cache_capacity"
	MetricReceived   = "apiserver_watch_cache_events_received_total"
	MetricSent       = "apiserver_watch_events_total"
	MetricWatchers   = "apiserver_longrunning_requests"
	MetricTerminated = "apiserver_terminated_watchers_total"
	MetricObjects    = "apiserver_storage_objects"
)

// MetricNames are the sampled series, in that order.
var MetricNames = []string{MetricCapacity, MetricReceived, MetricSent, MetricWatchers, MetricTerminated, MetricObjects}

// Line encodes v (a Header or a Record) as one line of a recording.
func Line(v any) ([]byte, error) {
	b, err := json.Marshal(v)
	if err != nil {
		return nil, err
	}
	return append(b, '\n'), nil
}
