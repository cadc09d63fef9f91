package informer

import (
	"fmt"
	"strings"

	am "watchscope/apimachinery"
)

// Verb is what a Call asks the API server to do.
type Verb int

// The verbs a Reflector emits. Cancel is not a request: it tells the glue
// to close the watch connection whose ID the Call carries (the real
// reflector calls w.Stop()). A Cancel for a watch that already ended is a
// no-op.
const (
	VerbList Verb = iota
	VerbWatch
	VerbCancel
)

func (v Verb) String() string {
	switch v {
	case VerbList:
		return "LIST"
	case VerbWatch:
		return "WATCH"
	case VerbCancel:
		return "CANCEL"
	}
	return fmt.Sprintf("Verb(%d)", int(v))
}

// RVKind classifies a request's resourceVersion the way the API server
// routes it: "" is a consistent read, "0" is "any", a number is "not
// older than".
type RVKind int

// The three kinds of resourceVersion.
const (
	RVEmpty RVKind = iota // "": consistent (quorum) read
	RVZero                // "0": any staleness, served by the watch cache
	RVExact               // a specific RV: not older than it
)

func (k RVKind) String() string {
	return [...]string{`rv=""`, `rv="0"`, `rv=N`}[k]
}

// KindOfRV returns the kind of a resourceVersion string.
func KindOfRV(rv string) RVKind {
	switch rv {
	case "":
		return RVEmpty
	case "0":
		return RVZero
	}
	return RVExact
}

// Call is one request the reflector wants sent, as data (the Ready
// pattern): the engine glue carries it to the API server over the
// simulated network and feeds the answer back through OnListResult,
// OnWatchStarted, OnWatchEvent and OnWatchEnded with the same ID.
type Call struct {
	ID        uint64
	Verb      Verb
	Resource  string // plural resource name, "pods"
	Namespace string // "" = all namespaces
	Options   am.ListOptions
	// Attempt counts REST-level retries of the same request (0 = first
	// try), as rest.Request retries a 429 or 5xx carrying Retry-After.
	Attempt int
	// Reason says why the reflector made the call, for traces:
	// "initial list", "relist after 410", "re-watch after close", ...
	Reason string
	// List says whether the call lists (a LIST, or a watch-list WATCH),
	// and if so whether it is the first list or a relist.
	List ListKind
}

// ListKind tells a reflector's list calls apart: a LIST, or a WATCH that
// lists first (sendInitialEvents=true, the watch-list).
type ListKind uint8

const (
	NotAList  ListKind = iota // not a list call (or a continue page)
	FirstList                 // the informer's first list, which fills its store
	Relist                    // a list again, after a watch ended or failed
)

// String is the one-line trace form, e.g.
//
//	LIST pods rv="15" limit=0 (relist after 410)
//	WATCH pods rv="" sendInitialEvents=true rvMatch=NotOlderThan bookmarks timeout=412s (watch-list)
func (c Call) String() string {
	var b strings.Builder
	b.WriteString(c.Verb.String())
	if c.Verb == VerbCancel {
		fmt.Fprintf(&b, " #%d", c.ID)
		if c.Reason != "" {
			fmt.Fprintf(&b, " (%s)", c.Reason)
		}
		return b.String()
	}
	b.WriteString(" " + c.Resource)
	if c.Namespace != "" {
		b.WriteString(" ns=" + c.Namespace)
	}
	o := c.Options
	fmt.Fprintf(&b, " rv=%q", o.ResourceVersion)
	if c.Verb == VerbList {
		fmt.Fprintf(&b, " limit=%d", o.Limit)
		if o.Continue != "" {
			b.WriteString(" continue")
		}
	}
	if o.SendInitialEvents != nil {
		fmt.Fprintf(&b, " sendInitialEvents=%t", *o.SendInitialEvents)
	}
	if o.ResourceVersionMatch != "" {
		b.WriteString(" rvMatch=" + o.ResourceVersionMatch)
	}
	if o.AllowWatchBookmarks {
		b.WriteString(" bookmarks")
	}
	if o.TimeoutSeconds != nil {
		fmt.Fprintf(&b, " timeout=%ds", *o.TimeoutSeconds)
	}
	if o.LabelSelector != "" {
		b.WriteString(" labels=" + o.LabelSelector)
	}
	if o.FieldSelector != "" {
		b.WriteString(" fields=" + o.FieldSelector)
	}
	if c.Attempt > 0 {
		fmt.Fprintf(&b, " retry=%d", c.Attempt)
	}
	if c.Reason != "" {
		fmt.Fprintf(&b, " (%s)", c.Reason)
	}
	return b.String()
}
