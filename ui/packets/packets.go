// Package packets turns a lesson step's trace into the messages that
// cross the stage's wires: every request, response and watch event
// between two actors of the scene, labelled in the trace's own words.
//
//	client/app ──LIST pods──────────▶ apiserver-0
//	apiserver-0 ──PUT rv=601────────▶ etcd-0
//	etcd-0 ──ADDED rv=601───────────▶ apiserver-0/cache/pods
//	apiserver-0/cache/pods ──ADDED rv=601 ×200──▶ apiserver-0/cache/pods/watchers
//	apiserver-0/cache/pods ──410────▶ apiserver-0/cache/pods/watcher/app
//
// Actors are named by the scene's ids (package scene, ids.go).
// The model is pure: it reads typed trace facts (Event, filled by ui/live
// from engine.TraceEvent's fields, never from its text) and a Topology of
// the cast, and knows nothing of pixels or time on screen; Flight keeps
// the packets in flight and aggregates hundreds into streams.
package packets

import (
	"strconv"
	"time"

	"watchscope/engine"
)

// Event is one trace event as the model reads it.
type Event struct {
	ID       uint64
	At       time.Duration
	Node     string      // who recorded it: a client, a replica, etcd-0
	Kind     engine.Kind // the trace's kind: REQ, RESP, WATCH_ERROR, WATCH-RESP, PUT, ...
	Code     int         // an answer's HTTP status (0: the client's own connection error)
	Req      uint64      // the request's number, pairing a REQ with its RESP
	Client   string
	Verb     string // LIST, WATCH, GET, CREATE, UPDATE, PATCH, DELETE
	Resource string
	RV       uint64 // the revision or resourceVersion the event names
	Items    int    // a LIST answer's items
	Route    string // how an answer was served: "cache", "etcd", ...
	Reason   string // a kill's reason: "OOMKilled", "restart"
	AskedRV  string // a request's resourceVersion parameter ("": none)
	Limit    int64  // a LIST request's limit (0: none)
}

// Packet is one message on a wire from one actor to another, or a stream
// of Count messages on the same wire.
type Packet struct {
	From  string `json:"from"`
	To    string `json:"to"`
	Label string `json:"label"`
	Count int    `json:"count"`
	Error bool   `json:"error,omitempty"` // an error answer: drawn larger, it stays where it landed
	Event uint64 `json:"event,omitempty"` // the trace event it shows (a stream's newest)
	// Type is the watch event or write it carries, as a value (the glyph
	// the stage draws); a request or an answer carries none, but a DELETE
	// request is drawn as the deletion it asks for.
	Type EventType `json:"-"`
	// RV is the revision its label names (0: none), as a value.
	RV uint64 `json:"-"`
}

// EventType is what a packet carries, for its glyph.
type EventType uint8

// What a packet may carry. An etcd PUT is Modified: the trace does not
// say whether it created the key.
const (
	Request  EventType = iota // a request or an answer: no event
	Added                     // ADDED
	Modified                  // MODIFIED, or an etcd PUT
	Deleted                   // DELETED, or an etcd DELETE
	Bookmark                  // BOOKMARK
)

// write is a write's watch event as its packets carry it.
type write struct {
	label string // "ADDED rv=601"
	typ   EventType
	rv    uint64
}

// Topology is what the model needs to know of the cast: where a client's
// requests come from, which caches a resource has on which replicas, and
// who watches each cache.
type Topology struct {
	// Etcd is the member the API servers talk to ("etcd-0").
	Etcd string
	// Client names the actor a client's messages start from or end at
	// (client/kubectl, or a counted group such as kubelets); nil means
	// client/<name>.
	Client func(name string) string
	// Caches are the watch caches, replica by replica.
	Caches []Cache
}

// Cache is one replica's watch cache of one resource and its watchers.
type Cache struct {
	ID, Replica, Resource string
	// Stalled: the cache is not reading its etcd watch, so a write's
	// event reaches neither it nor its watchers.
	Stalled bool
	// Watchers are the actors its events go to, each with how many
	// watches it stands for (a counted group stands for many).
	Watchers []Watcher
}

// Watcher is a destination of a cache's events.
type Watcher struct {
	ID    string
	Count int
}

// The ids of the scene convention this package builds (ui/scene/ids.go
// has the same; this package stays free of it so both can be tested alone).
func clientID(name string) string                { return "client/" + name }
func cacheID(replica, resource string) string    { return replica + "/cache/" + resource }
func cacheWatcherID(cache, client string) string { return cache + "/watcher/" + client }
func etcdWatchesID(member string) string         { return member + "/watches" }

// Model maps a step's events to packets. It remembers what the events
// before told it (which replica answered a request, the last write), so
// feed it the step's events in trace order.
type Model struct {
	topo    Topology
	replica map[uint64]string // request number -> the replica that answered it
	wrote   map[uint64]write  // request number -> the watch event its write became ("ADDED rv=601")
	write   write             // the watch event of the newest write sent
}

// NewModel starts a model for events, which it reads ahead once to pair
// each request with the replica that answered it.
func NewModel(topo Topology, events []Event) *Model {
	if topo.Etcd == "" {
		topo.Etcd = "etcd-0"
	}
	m := &Model{topo: topo, replica: map[uint64]string{}, wrote: map[uint64]write{}}
	for _, e := range events {
		if e.Kind == engine.KindResp && e.Req != 0 {
			m.replica[e.Req] = e.Node
			if e.Route == "etcd" && e.Code/100 == 2 && isWrite(e.Verb) {
				m.wrote[e.Req] = verbEvent(e.Verb, e.RV)
			}
		}
	}
	return m
}

func (m *Model) client(name string) string {
	if m.topo.Client != nil {
		return m.topo.Client(name)
	}
	return clientID(name)
}

// Packets are the messages event e puts on the wires.
func (m *Model) Packets(e Event) []Packet {
	one := func(from, to, label string, isErr bool) Packet {
		return Packet{From: from, To: to, Label: label, Count: 1, Error: isErr, Event: e.ID}
	}
	carrying := func(from, to string, w write) Packet {
		return Packet{From: from, To: to, Label: w.label, Count: 1, Event: e.ID, Type: w.typ, RV: w.rv}
	}
	switch e.Kind {
	case engine.KindReq:
		to := m.replica[e.Req]
		if to == "" {
			return nil // never answered in this step: no replica to aim at
		}
		if w, ok := m.wrote[e.Req]; ok {
			m.write = w // etcd's watchers hear of it before its client does
		}
		if e.Verb == "DELETE" { // a delete request is drawn as the deletion it asks for
			return []Packet{carrying(m.client(e.Client), to, write{requestLabel(e), Deleted, 0})}
		}
		return []Packet{one(m.client(e.Client), to, requestLabel(e), false)}
	case engine.KindResp:
		return m.answer(e, one, carrying)
	case engine.KindWatchError:
		c := cacheID(e.Node, e.Resource)
		return []Packet{one(c, m.watcher(c, e.Client), codeLabel(e.Code), true)}
	case engine.KindBookmark:
		c := cacheID(e.Node, e.Resource)
		return []Packet{carrying(c, m.watcher(c, e.Client), write{"BOOKMARK" + rvText(e.RV), Bookmark, e.RV})}
	case engine.KindWatchResp:
		w := m.write
		if w.label == "" {
			w.label = "event"
		}
		return []Packet{carrying(e.Node, etcdWatchesID(e.Node), w)}
	case engine.KindPut, engine.KindDelete:
		m.write = etcdEvent(e.Kind, e.RV)
		typ := Modified
		if e.Kind == engine.KindDelete {
			typ = Deleted
		}
		return []Packet{carrying(clientID("etcdctl"), e.Node, write{e.Kind.String() + rvText(e.RV), typ, e.RV})}
	case engine.KindCompact:
		from := clientID("etcdctl")
		if e.Node != m.topo.Etcd {
			from = e.Node // an API server's compactor
		}
		return []Packet{carrying(from, m.topo.Etcd, write{"COMPACT" + rvText(e.RV), Request, e.RV})}
	case engine.KindKilled:
		if e.Reason != "OOMKilled" {
			return nil // a restart: no message crosses a wire
		}
		return []Packet{one(e.Node+"/memory", e.Node, e.Reason, true)}
	}
	return nil
}

// watcher is the actor a cache's message to client's watch goes to: the
// client's own watcher, or the counted group it is one of.
func (m *Model) watcher(cache, client string) string {
	own := cacheWatcherID(cache, client)
	for _, c := range m.topo.Caches {
		if c.ID != cache {
			continue
		}
		for _, w := range c.Watchers {
			if w.ID == own {
				return own
			}
		}
		for _, w := range c.Watchers {
			if w.Count > 1 {
				return w.ID
			}
		}
	}
	return own
}

// requestLabel is a request as a packet says it: its verb, its resource
// and the short parameters of its query as the trace's URL has them,
// resourceVersion as rv: "LIST pods limit=500 rv=0", "WATCH pods rv=601".
func requestLabel(e Event) string {
	label := e.Verb + " " + e.Resource
	if e.Limit > 0 {
		label += " limit=" + strconv.FormatInt(e.Limit, 10)
	}
	if e.AskedRV != "" {
		label += " rv=" + e.AskedRV
	}
	return label
}

// rvText is " rv=601", the one text form of a revision on a label.
func rvText(rv uint64) string { return " rv=" + strconv.FormatUint(rv, 10) }

// answer is a RESP: the answer to its client, and for a write that went
// to etcd, the write to etcd and the watch event it sets off, from etcd
// to every cache of the resource and from each cache to its watchers.
func (m *Model) answer(e Event, one func(from, to, label string, isErr bool) Packet, carrying func(from, to string, w write) Packet) []Packet {
	to := m.client(e.Client)
	switch {
	case e.Code == 0:
		return []Packet{one(e.Node, to, "refused", true)}
	case e.Code >= 400:
		return []Packet{one(e.Node, to, codeLabel(e.Code), true)}
	}
	rv := rvText(e.RV)
	var out []Packet
	if e.Route == "etcd" {
		switch {
		case isWrite(e.Verb):
			op := write{"PUT" + rv, Modified, e.RV}
			if e.Verb == "DELETE" {
				op = write{"DELETE" + rv, Deleted, e.RV}
			}
			out = append(out, carrying(e.Node, m.topo.Etcd, op))
			m.write = verbEvent(e.Verb, e.RV)
			out = append(out, m.fanOut(e, m.write)...)
		case e.Verb == "LIST" || e.Verb == "GET":
			out = append(out, one(e.Node, m.topo.Etcd, "RANGE "+e.Resource, false))
		}
	}
	label := strconv.Itoa(e.Code)
	switch {
	case e.Verb == "LIST":
		label += " · " + strconv.Itoa(e.Items) + " items"
	case e.RV != 0:
		return append(out, carrying(e.Node, to, write{label + rv, Request, e.RV}))
	}
	return append(out, one(e.Node, to, label, false))
}

// fanOut is a write's watch event: etcd sends it to each cache of the
// resource (one per replica), and each cache to its watchers.
func (m *Model) fanOut(e Event, w write) []Packet {
	var out []Packet
	for _, c := range m.topo.Caches {
		if c.Resource != e.Resource || c.Stalled {
			continue
		}
		out = append(out, Packet{From: m.topo.Etcd, To: c.ID, Label: w.label, Count: 1, Event: e.ID, Type: w.typ, RV: w.rv})
		for _, wa := range c.Watchers {
			out = append(out, Packet{From: c.ID, To: wa.ID, Label: w.label, Count: max(1, wa.Count), Event: e.ID, Type: w.typ, RV: w.rv})
		}
	}
	return out
}

// isWrite reports whether a verb writes to etcd.
func isWrite(verb string) bool {
	switch verb {
	case "CREATE", "UPDATE", "PATCH", "DELETE":
		return true
	}
	return false
}

// codeLabel is an error's status as the trace prints it: 410, 429, 504.
func codeLabel(code int) string { return strconv.Itoa(code) }

// verbEvent is the watch event a write verb becomes, at rv.
func verbEvent(verb string, rv uint64) write {
	switch verb {
	case "CREATE":
		return write{"ADDED" + rvText(rv), Added, rv}
	case "DELETE":
		return write{"DELETED" + rvText(rv), Deleted, rv}
	}
	return write{"MODIFIED" + rvText(rv), Modified, rv}
}

// etcdEvent is the watch event of an etcd write at rv: a PUT is ADDED
// or MODIFIED (the trace does not say which; a watcher sees a PUT), a
// DELETE is DELETED.
func etcdEvent(kind engine.Kind, rv uint64) write {
	if kind == engine.KindDelete {
		return write{"DELETED" + rvText(rv), Deleted, rv}
	}
	return write{"PUT" + rvText(rv), Modified, rv}
}
