package lessons

import (
	"strings"
	"testing"

	"watchscope/apiserver"
	"watchscope/engine"
)

// TestCheckLanguageErrors: one case per mistake a check line can hold,
// reported at the check's line (17 in the test step).
func TestCheckLanguageErrors(t *testing.T) {
	tests := []struct {
		check string
		want  string
	}{
		{`metric etcd_debugging_mvcc_current_revision = 2`, `check: expected a comparison (== != < <= > >=), found "="`},
		{`metric etcd_debugging_mvcc_current_revison == 2`, `metric etcd_debugging_mvcc_current_revison is not in the header's metrics list (did you mean "etcd_debugging_mvcc_current_revision"?)`},
		{`metric == 2`, `check: bad metric series "==": want name or name{label="v",...}`},
		{`metrc x == 2`, `check: unknown value "metrc" (did you mean "metric"?)`},
		{`rr == 2`, `unknown name "rr": capture it first with let rr = ...`},
		{`let trace = 2`, `check: bad name "trace" for let: use lower-case letters, digits and _ (not a keyword)`},
		{`let x 2`, `check: expected "=", found "2"`},
		{`output contains foo`, `check: contains needs a quoted text, e.g. contains "compacted"`},
		{`output contains "unclosed`, `check: unclosed quote`},
		{`output 0 contains "a"`, `check: output numbers start at 1 (the step's first action)`},
		{`output 3 contains "a"`, `output 3: this step has only 1 actions`},
		{`trace count knd=PUT == 1`, `check: unknown trace field "knd" (did you mean "kind"?); use kind, node, route, code, verb, client, resource, reason, items, rv, oldest, asked, message, sendInitialEvents or detail`},
		{`trace count kind=PTU == 1`, `check: unknown trace kind "PTU" (did you mean "PUT"?); the kinds are ` + strings.Join(engine.KindNames(), ", ")},
		{`trace count kind~PUT == 1`, `check: kind~"PUT": a kind is matched whole, write kind=PUT`},
		{`trace cont kind=PUT == 1`, `check: expected "count", found "cont" (a trace value is: trace count FILTER)`},
		{`trace order kind=PUT after kind=DELETE`, `check: expected "before", found "after"`},
		{`trace first kind=PUT within soon`, `check: expected a duration such as 1s or 500ms, found "soon"`},
		{`trace first kind=PUT between 2s and 1s`, `check: between 2s and 1s: the first bound is the larger`},
		{`trace first kind=PUT`, `check: expected "within D" or "between D and D", found the end of the line`},
		{`field == 2`, `check: field needs a name as etcdctl prints it (-w fields or -w json), e.g. field ModRevision`},
		{`count DELETE == 1`, `check: count needs a quoted text, e.g. count "DELETE" in outputs`},
		{`time == 1 2`, `check: unexpected "2" after a complete check`},
		{`time ==`, `check: expected a value, found the end of the line`},
	}
	for _, tc := range tests {
		t.Run(tc.check, func(t *testing.T) {
			src := header + strings.Replace(step, "metric etcd_debugging_mvcc_current_revision == 2", tc.check, 1)
			_, err := Parse("x.md", []byte(src))
			want := "x.md:17: " + tc.want
			if err == nil || err.Error() != want {
				t.Fatalf("got  %v\nwant %s", err, want)
			}
		})
	}
}

// TestCheckForms parses each form and prints back the parts a reader
// relies on.
func TestCheckForms(t *testing.T) {
	tests := []struct {
		line string
		kind CheckKind
	}{
		{`metric etcd_debugging_mvcc_current_revision == start + 3`, CheckCompare},
		{`metric apiserver_request_total{verb="LIST"} >= 1`, CheckCompare},
		{`field ModRevision 2 of output 1 != field CreateRevision`, CheckCompare},
		{`count "PUT" in outputs == 3`, CheckCompare},
		{`lesson trace count kind=PUT detail~"key=a b" > 0`, CheckCompare},
		{`let x = time - 1`, CheckLet},
		{`let x = 3 * field Bytes of output 2 + 1`, CheckLet},
		{`outputs lacks "Error"`, CheckContains},
		{`output 2 contains "v1"`, CheckContains},
		{`trace order kind=PUT before kind=DELETE`, CheckOrder},
		{`lesson trace order kind=PUT before kind=DELETE`, CheckOrder},
		{`trace first kind=WATCH-RESP within 1s after kind=CMD`, CheckWithin},
		{`trace first kind=WATCH-RESP between 1s and 2s`, CheckWithin},
		{`lesson trace last kind=REFLECTOR between 1s and 2s after kind=RESTART`, CheckWithin},
	}
	for _, tc := range tests {
		c, err := parseCheck(tc.line)
		if err != nil || c.Kind != tc.kind {
			t.Errorf("%s: kind %v err %v", tc.line, c.Kind, err)
		}
	}
	c, _ := parseCheck(`lesson trace count kind=PUT detail~"key=a b" > 0`)
	if f := c.Left.Terms[0].Filter; !f.Lesson || f.String() != `kind=PUT detail~"key=a b"` {
		t.Errorf("filter: %+v %s", f, f)
	}
}

func TestSuggest(t *testing.T) {
	for _, tc := range []struct{ word, want string }{
		{"chek", "check"}, {"od", "do"}, {"hilight", "highlight"}, {"zzzzzz", ""}, {"check", "check"},
	} {
		if got := suggest(tc.word, blockKinds); got != tc.want {
			t.Errorf("suggest(%q) = %q, want %q", tc.word, got, tc.want)
		}
	}
}

// TestTraceFilterEndsAtEveryComparison: a trace filter stops at the
// comparison, whichever it is. A filter term holds "=" or "~", so ">=",
// "<=" and "!=" (which contain "=") once read as a field named ">" etc.
func TestTraceFilterEndsAtEveryComparison(t *testing.T) {
	filters := []struct{ text, want string }{
		{``, `(every event)`},
		{`kind=PUT`, `kind=PUT`},
		{`kind=PUT detail~"a b"`, `kind=PUT detail~"a b"`},
		{`node=etcd-0 kind=RESP detail="x"`, `node=etcd-0 kind=RESP detail=x`},
		{`kind=REQ detail!~"resourceVersion=&"`, `kind=REQ detail!~"resourceVersion=&"`},
	}
	for _, tf := range filters {
		filter := tf.text
		for _, op := range compareOps {
			for _, prefix := range []string{"", "lesson "} {
				line := strings.Join(strings.Fields(prefix+"trace count "+filter+" "+op+" 1"), " ")
				c, err := parseCheck(line)
				if err != nil {
					t.Errorf("%s: %v", line, err)
					continue
				}
				f := c.Left.Terms[0].Filter
				if c.Kind != CheckCompare || c.Op != op || f.String() != tf.want || f.Lesson != (prefix != "") || c.Right.Text != "1" {
					t.Errorf("%s: kind %v op %q filter %q lesson %v right %q", line, c.Kind, c.Op, f, f.Lesson, c.Right.Text)
				}
			}
		}
	}
}

// "trace last" finds the last match; detail!~ keeps out the events whose
// detail holds the text (an empty resourceVersion is not a resume).
func TestTraceLastAndLacks(t *testing.T) {
	c, err := parseCheck(`lesson trace last kind=REQ detail~"resourceVersion=" detail!~"resourceVersion=&" within 1s`)
	if err != nil || !c.Last || c.Kind != CheckWithin {
		t.Fatalf("%+v %v", c, err)
	}
	f := c.First
	for _, tc := range []struct {
		detail string
		want   bool
	}{
		{"WATCH /api/v1/pods?resourceVersion=15&watch=true", true},
		{"WATCH /api/v1/pods?resourceVersion=&watch=true", false},
		{"WATCH /api/v1/pods?watch=true", false},
	} {
		if got := f.matches(engine.TraceEvent{Kind: engine.KindReq, Detail: tc.detail}); got != tc.want {
			t.Errorf("%s: %v, want %v", tc.detail, got, tc.want)
		}
	}
	if first, _ := parseCheck(`trace first kind=REQ within 1s`); first.Last {
		t.Error("trace first parsed as last")
	}
}

// Products bind before sums: 2 * 3 + 4 * 5 - b * 2 with b = 1.5 is 23.
func TestProductsBeforeSums(t *testing.T) {
	c, err := parseCheck(`2 * 3 + 4 * 5 - b * 2 == 23`)
	if err != nil {
		t.Fatal(err)
	}
	x := &evalCtx{captures: map[string]Value{"b": {Num: 1.5}}}
	if ok, why := x.compare(c.Left, c.Op, c.Right); !ok {
		t.Fatalf("%s: %s %v", c.Text, why, x.saw)
	}
	if _, err := parseCheck(`2 * == 3`); err == nil {
		t.Error("a dangling * parsed")
	}
}

// A fact term reads the event's field, not its detail: route=etcd
// matches an answer served by etcd whatever its text says, and a detail
// that merely mentions "(etcd)" is not one; code= compares the number.
func TestFactTermsReadTheEvent(t *testing.T) {
	c, err := parseCheck(`trace count kind=RESP route=etcd code=200 verb=LIST client=kubectl resource=pods == 1`)
	if err != nil {
		t.Fatal(err)
	}
	f := c.Left.Terms[0].Filter
	served := engine.TraceEvent{Kind: engine.KindResp, Route: "etcd", Code: 200, Verb: "LIST", Client: "kubectl", Resource: "pods"}
	if !f.matches(served) {
		t.Errorf("%s does not match %+v", f, served)
	}
	for name, e := range map[string]engine.TraceEvent{
		"detail only": {Kind: engine.KindResp, Detail: "200 LIST 3 items rv=9 (etcd)", Code: 200, Verb: "LIST", Client: "kubectl", Resource: "pods"},
		"cache route": {Kind: engine.KindResp, Route: "cache", Code: 200, Verb: "LIST", Client: "kubectl", Resource: "pods"},
		"code 410":    {Kind: engine.KindResp, Route: "etcd", Code: 410, Verb: "LIST", Client: "kubectl", Resource: "pods"},
		"other verb":  {Kind: engine.KindResp, Route: "etcd", Code: 200, Verb: "GET", Client: "kubectl", Resource: "pods"},
	} {
		if f.matches(e) {
			t.Errorf("%s: %s matches %+v", name, f, e)
		}
	}
	if _, err := parseCheck(`trace count kind=RESP rute=etcd == 1`); err == nil || !strings.Contains(err.Error(), `did you mean "route"`) {
		t.Errorf("a misspelt fact: %v", err)
	}
}

// The numeric facts compare the whole number, not a part of the text:
// items=2 is an answer of 2 items, never of 12 (which detail~"2 items"
// also found); rv=, oldest= and asked= likewise, and a number the event
// lacks (0) matches nothing.
func TestNumericFactsAreWhole(t *testing.T) {
	c, err := parseCheck(`trace count kind=WATCH_ERROR code=410 rv=5 oldest=601 == 1`)
	if err != nil {
		t.Fatal(err)
	}
	f := c.Left.Terms[0].Filter
	gone := engine.TraceEvent{Kind: engine.KindWatchError, Code: 410, RV: 5, OldestRV: 601,
		Detail: "#3 ERROR 410 Expired: too old resource version: 5 (601)"}
	if !f.matches(gone) {
		t.Errorf("%s does not match %+v", f, gone)
	}
	for _, e := range []engine.TraceEvent{
		{Kind: engine.KindWatchError, Code: 410, RV: 5, OldestRV: 1601},
		{Kind: engine.KindWatchError, Code: 410, RV: 15, OldestRV: 601},
		{Kind: engine.KindWatchError, Code: 410, Detail: "too old resource version: 5 (601)"},
	} {
		if f.matches(e) {
			t.Errorf("%s matches %+v", f, e)
		}
	}
	items, err := parseCheck(`trace count kind=RESP items=2 asked=0 message~"initializing" == 1`)
	if err != nil {
		t.Fatal(err)
	}
	f = items.Left.Terms[0].Filter
	if !f.matches(engine.TraceEvent{Kind: engine.KindResp, Items: 2, AskedRV: "0", Message: "storage is (re)initializing"}) {
		t.Errorf("%s does not match its event", f)
	}
	if f.matches(engine.TraceEvent{Kind: engine.KindResp, Items: 12, AskedRV: "0", Message: "storage is (re)initializing"}) {
		t.Errorf("%s matches 12 items", f)
	}
	if f.matches(engine.TraceEvent{Kind: engine.KindResp, Items: 2, AskedRV: "", Message: "storage is (re)initializing"}) {
		t.Errorf("%s matches a request that asked for no resourceVersion", f)
	}
	// A LIST's empty answer has items=0; an event that is no list answer
	// has no count, and sendInitialEvents= is a request's parameter only.
	for _, tc := range []struct {
		check string
		ev    engine.TraceEvent
		want  bool
	}{
		{`trace count kind=RESP items=0 == 1`, engine.TraceEvent{Kind: engine.KindResp, Verb: apiserver.LIST, Code: 200}, true},
		{`trace count kind=RESP items=0 == 1`, engine.TraceEvent{Kind: engine.KindResp, Verb: apiserver.WATCH, Code: 200}, false},
		{`trace count sendInitialEvents=false == 1`, engine.TraceEvent{Kind: engine.KindReq, Verb: apiserver.WATCH}, true},
		{`trace count sendInitialEvents=false == 1`, engine.TraceEvent{Kind: engine.KindResp, Verb: apiserver.WATCH}, false},
	} {
		c, err := parseCheck(tc.check)
		if err != nil {
			t.Fatal(err)
		}
		if got := c.Left.Terms[0].Filter.matches(tc.ev); got != tc.want {
			t.Errorf("%s on %+v: %v, want %v", tc.check, tc.ev, got, tc.want)
		}
	}
}
