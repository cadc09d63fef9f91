package lessons

import (
	"regexp"
	"time"

	"watchscope/engine"
)

// Check is one line of a check block: an assertion about the run that
// backs one claim of the narration. The forms (see AUTHORING.md):
//
//	let NAME = VALUE                          capture a value for later checks
//	VALUE OP VALUE                            compare (== != < <= > >=)
//	SOURCE contains "text" / SOURCE lacks "text"
//	trace order FILTER before FILTER          the first of each, in this order
//	trace first FILTER within 1s [after FILTER]
//	trace first FILTER between 60s and 66s [after FILTER]
//
// VALUE is a sum of terms: 6, "PUT", a captured NAME, metric SERIES,
// trace count FILTER, field NAME [N] [of SOURCE] (the Nth occurrence), count "text" [in SOURCE],
// time; terms are joined by + and -. SOURCE is output (the step's last
// action), output N (its Nth action) or outputs (all of the step).
type Check struct {
	Line  int
	Text  string // the line as written
	Claim string // the "# ..." comment line just above it, if any
	Kind  CheckKind

	Op          string // compare: ==, !=, <, <=, >, >=
	Left, Right *Expr  // compare; Right is the value of a let

	Name string // let: the capture's name

	Source Source // contains / lacks
	Needle string
	Negate bool // lacks

	First, Then Filter        // order: First before Then; within: First, after Then
	Within      time.Duration // the longest delay allowed
	Earliest    time.Duration // between: the shortest delay allowed
	HasAfter    bool
	Last        bool // within: the last match of First, not the first
}

// CheckKind tells the forms apart.
type CheckKind int

const (
	CheckCompare CheckKind = iota
	CheckLet
	CheckContains
	CheckOrder
	CheckWithin
)

// Source names command output: one action's, or the whole step's.
type Source struct {
	Action int  // 1-based index into the step's actions; 0 = the last one
	All    bool // every action of the step, concatenated
}

func (s Source) String() string {
	switch {
	case s.All:
		return "outputs"
	case s.Action > 0:
		return "output " + itoa(s.Action)
	}
	return "output"
}

// Expr is a sum of terms: Terms[0] Ops[0] Terms[1] Ops[1] ...
type Expr struct {
	Text  string
	Terms []Term
	Ops   []byte // '+' or '-', len(Terms)-1 of them
}

// Term is one operand of an Expr.
type Term struct {
	Kind   TermKind
	Num    float64 // a number literal; for a field, which occurrence (1 = first)
	Str    string  // literal text, capture name, metric series, field name, needle
	Filter Filter  // trace count
	Source Source  // field, count
	// Factors multiply the term's value (3 * field X: Num 3, Factors [field X]).
	Factors []Term
}

// TermKind tells operands apart.
type TermKind int

const (
	TermNumber TermKind = iota
	TermString
	TermCapture
	TermMetric
	TermTraceCount
	TermField
	TermCount
	TermTime
)

// Filter selects trace events: every term must hold. Scope is this
// step's events unless Lesson is set (then every event since the lesson
// began).
type Filter struct {
	Lesson bool
	Terms  []FilterTerm
}

// FilterTerm is kind=PUT, node=etcd-0, a fact (route=etcd, code=410,
// verb=LIST, client=kubectl, resource=pods, reason=Expired, items=500,
// rv=601, oldest=602, asked=0, message~"storage is (re)initializing",
// sendInitialEvents=true),
// detail="exact" or detail~"part". A kind is written by its name in the
// trace and read into Kind: a term on kinds compares the typed kind,
// never text; a fact term compares the event's field of that name
// (engine.TraceEvent), not its detail's text.
type FilterTerm struct {
	Field string // kind, node, a fact, detail
	Op    byte   // '=' equals, '~' contains, '!' lacks (written !~)
	Value string
	Kind  engine.Kind // the kind of a kind= term
}

var filterFields = []string{"kind", "node", "route", "code", "verb", "client", "resource", "reason",
	"items", "rv", "oldest", "asked", "message", "sendInitialEvents", "detail"}

// fieldsHelp is filterFields in words, for the unknown-field error.
const fieldsHelp = "kind, node, route, code, verb, client, resource, reason, items, rv, oldest, asked, message, sendInitialEvents or detail"

// metricNameRE is the Prometheus metric name syntax.
var metricNameRE = regexp.MustCompile(`^[a-zA-Z_:][a-zA-Z0-9_:]*$`)

// fieldNameRE is a field name as etcdctl prints it (ModRevision, Count).
var fieldNameRE = regexp.MustCompile(`^[A-Za-z_][A-Za-z0-9_]*$`)
