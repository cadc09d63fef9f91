package cacher

import (
	"fmt"
	"maps"
	"slices"
	"strings"
)

// This file is what both sides are reduced to before they are compared:
// a write op, one watch event and one list page in a canonical text form.

type opKind int

const (
	opCreate opKind = iota
	opUpdate
	opDelete
)

// writeOp is one write of a pod; both sides run the same ops on a fresh
// store, so revision N on one side is revision N on the other.
type writeOp struct {
	kind     opKind
	ns, name string
	labels   map[string]string
	node     string
}

func create(ns, name string, labels map[string]string) writeOp {
	return writeOp{kind: opCreate, ns: ns, name: name, labels: labels, node: "node-1"}
}
func update(ns, name string, labels map[string]string) writeOp {
	return writeOp{kind: opUpdate, ns: ns, name: name, labels: labels, node: "node-1"}
}
func del(ns, name string) writeOp { return writeOp{kind: opDelete, ns: ns, name: name} }

func (o writeOp) String() string {
	verb := [...]string{"create", "update", "delete"}[o.kind]
	if o.kind == opDelete {
		return fmt.Sprintf("%s %s/%s", verb, o.ns, o.name)
	}
	return fmt.Sprintf("%s %s/%s {%s}", verb, o.ns, o.name, labelText(o.labels))
}

// labelText is a label map in key order: "a=1,b=2".
func labelText(m map[string]string) string {
	var parts []string
	for _, k := range slices.Sorted(maps.Keys(m)) {
		parts = append(parts, k+"="+m[k])
	}
	return strings.Join(parts, ",")
}

// evt is one watch event as compared: type, object identity, labels and
// RV; the initial-events-end annotation of a bookmark; a Status for ERROR.
type evt struct {
	Type, NS, Name, RV, Labels string
	InitialEventsEnd           bool
	Code                       int32
	Reason, Message            string
}

func (e evt) String() string {
	switch e.Type {
	case "ERROR":
		return fmt.Sprintf("ERROR %d %s: %s", e.Code, e.Reason, e.Message)
	case "BOOKMARK":
		s := "BOOKMARK rv=" + e.RV
		if e.InitialEventsEnd {
			s += " initial-events-end"
		}
		return s
	}
	return fmt.Sprintf("%s %s/%s rv=%s {%s}", e.Type, e.NS, e.Name, e.RV, e.Labels)
}

func texts(es []evt) []string {
	out := make([]string, len(es))
	for i, e := range es {
		out[i] = e.String()
	}
	return out
}

// listPage is one LIST response as compared. Continue is the decoded
// token JSON (its content is part of the contract), "" when absent.
type listPage struct {
	RV        string
	Items     []string // "ns/name rv=N {labels}" in response order
	Continue  string
	Remaining string // remainingItemCount, "nil" when unset
	Err       string // "<code> <reason>: <message>" or ""
	raw       string // the token itself, to ask for the next page
}

func (p listPage) String() string {
	if p.Err != "" {
		return "error " + p.Err
	}
	return fmt.Sprintf("rv=%s items=[%s] continue=%q remaining=%s", p.RV, strings.Join(p.Items, " "), p.Continue, p.Remaining)
}

func itemText(ns, name, rv string, labels map[string]string) string {
	return fmt.Sprintf("%s/%s rv=%s {%s}", ns, name, rv, labelText(labels))
}
