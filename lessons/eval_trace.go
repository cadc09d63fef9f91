package lessons

import (
	"fmt"
	"strconv"
	"strings"

	"watchscope/apiserver"
	"watchscope/engine"
)

// matches reports whether every term of the filter holds for ev.
func (f Filter) matches(ev engine.TraceEvent) bool {
	for _, t := range f.Terms {
		if t.Field == "kind" {
			if ev.Kind != t.Kind {
				return false
			}
			continue
		}
		got := fact(ev, t.Field)
		has := strings.Contains(got, t.Value)
		if t.Op == '=' && got != t.Value || t.Op == '~' && !has || t.Op == '!' && has {
			return false
		}
	}
	return true
}

// fact is the event's field a filter term names, as text (a number
// through number); detail is the event's text.
func fact(ev engine.TraceEvent, field string) string {
	switch field {
	case "node":
		return ev.Node
	case "route":
		return ev.Route
	case "code":
		return number(uint64(max(ev.Code, 0)))
	case "items": // a LIST's answer has a count, 0 included; other events none
		if ev.Kind == engine.KindResp && ev.Verb == apiserver.LIST && ev.Code == 200 {
			return strconv.Itoa(int(ev.Items))
		}
		return number(uint64(max(ev.Items, 0)))
	case "rv":
		return number(ev.RV)
	case "oldest":
		return number(ev.OldestRV)
	case "asked":
		return ev.AskedRV
	case "message":
		return ev.Message
	case "sendInitialEvents": // a request's parameter: other events have none
		if ev.Kind != engine.KindReq {
			return ""
		}
		return strconv.FormatBool(ev.SendInitialEvents)
	case "verb":
		return string(ev.Verb)
	case "client":
		return ev.Client
	case "resource":
		return ev.Resource
	case "reason":
		return ev.Reason
	}
	return ev.Detail
}

// number is a numeric fact as a filter compares it: "" when the event
// has none (0: no code, not a list answer, no revision).
func number(n uint64) string {
	if n == 0 {
		return ""
	}
	return strconv.FormatUint(n, 10)
}

// String is the filter as a check writes it.
func (f Filter) String() string {
	parts := make([]string, 0, len(f.Terms))
	for _, t := range f.Terms {
		v := t.Value
		if v == "" || strings.ContainsAny(v, " \t\"=~") {
			v = strconv.Quote(v)
		}
		op := string(t.Op)
		if t.Op == '!' {
			op = "!~"
		}
		parts = append(parts, t.Field+op+v)
	}
	if len(parts) == 0 {
		return "(every event)"
	}
	return strings.Join(parts, " ")
}

// expandFilter puts captured values into a filter's {name} placeholders
// (detail~"resourceVersion={last}&").
func (x *evalCtx) expandFilter(f Filter) Filter {
	terms := make([]FilterTerm, len(f.Terms))
	for i, t := range f.Terms {
		t.Value = expand(t.Value, x.captures)
		terms[i] = t
	}
	f.Terms = terms
	return f
}

// events returns the trace events in a filter's scope: this step's, or
// the whole lesson's. It fails if part of the scope has already left the
// trace window (a count would silently be short).
func (x *evalCtx) events(f Filter) ([]engine.TraceEvent, error) {
	from := x.stepFrom
	if f.Lesson {
		from = 0
	}
	evs := x.w.Trace.Since(from)
	if want := int(x.w.Trace.Last() - from); len(evs) < want {
		return evs, fmt.Errorf("%d of the events this check needs have left the trace window (%d)",
			want-len(evs), x.w.Trace.Window())
	}
	return evs, nil
}

// first returns the first event in scope matching f after the event
// with id after (0 for the start of the scope).
func (x *evalCtx) first(f Filter, after engine.EventID) (engine.TraceEvent, bool, error) {
	f = x.expandFilter(f)
	evs, err := x.events(f)
	for _, ev := range evs {
		if ev.ID > after && f.matches(ev) {
			return ev, true, err
		}
	}
	return engine.TraceEvent{}, false, err
}

// last returns the last event in scope matching f after the event with
// id after: when the last of many (the last relist of a storm) arrived.
func (x *evalCtx) last(f Filter, after engine.EventID) (engine.TraceEvent, bool, error) {
	f = x.expandFilter(f)
	evs, err := x.events(f)
	for i := len(evs) - 1; i >= 0; i-- {
		if evs[i].ID <= after {
			break
		}
		if f.matches(evs[i]) {
			return evs[i], true, err
		}
	}
	return engine.TraceEvent{}, false, err
}

func (x *evalCtx) order(c Check) (bool, string) {
	a, okA, err := x.first(c.First, 0)
	if err != nil {
		return false, err.Error()
	}
	b, okB, _ := x.first(c.Then, 0)
	x.noteEvent(c.First, a, okA)
	x.noteEvent(c.Then, b, okB)
	switch {
	case !okA:
		return false, "no event matches " + c.First.String()
	case !okB:
		return false, "no event matches " + c.Then.String()
	case a.ID > b.ID:
		return false, fmt.Sprintf("%s (%s) came after %s (%s)", c.First, a.ID, c.Then, b.ID)
	}
	return true, ""
}

func (x *evalCtx) within(c Check) (bool, string) {
	ref, refAt := engine.EventID(0), x.res.Start
	if c.HasAfter {
		ev, ok, err := x.first(c.Then, 0)
		x.noteEvent(c.Then, ev, ok)
		if err != nil || !ok {
			return false, "no event matches " + c.Then.String()
		}
		ref, refAt = ev.ID, ev.At
	}
	find := x.first
	if c.Last {
		find = x.last
	}
	ev, ok, err := find(c.First, ref)
	x.noteEvent(c.First, ev, ok)
	if c.Last {
		x.saw[len(x.saw)-1].What = "last " + c.First.String()
	}
	switch {
	case err != nil:
		return false, err.Error()
	case !ok:
		return false, "no event matches " + c.First.String()
	case ev.At-refAt > c.Within:
		return false, fmt.Sprintf("it took %s, more than %s", engine.FormatTime(ev.At-refAt), c.Within)
	case ev.At-refAt < c.Earliest:
		return false, fmt.Sprintf("it took %s, less than %s", engine.FormatTime(ev.At-refAt), c.Earliest)
	}
	x.saw = append(x.saw, Seen{"delay", engine.FormatTime(ev.At - refAt)})
	return true, ""
}

func (x *evalCtx) noteEvent(f Filter, ev engine.TraceEvent, ok bool) {
	v := "none"
	if ok {
		v = ev.ID.String() + " at " + engine.FormatTime(ev.At)
	}
	x.saw = append(x.saw, Seen{"first " + f.String(), v})
}

func (x *evalCtx) contains(c Check) (bool, string) {
	out := x.output(c.Source)
	needle := expand(c.Needle, x.captures) // {name}: a value captured earlier
	x.saw = []Seen{{c.Source.String(), clip(out, 160)}}
	if needle != c.Needle {
		x.saw = append(x.saw, Seen{"text", needle})
	}
	has := strings.Contains(out, needle)
	switch {
	case c.Negate && has:
		return false, fmt.Sprintf("%s contains %q", c.Source, needle)
	case !c.Negate && !has:
		return false, fmt.Sprintf("%s does not contain %q", c.Source, needle)
	}
	return true, ""
}

// clip shortens text for display, on one line.
func clip(s string, n int) string {
	s = strings.ReplaceAll(strings.TrimSpace(s), "\n", `\n`)
	if len(s) > n {
		return s[:n] + "..."
	}
	return s
}
