package lessons

import (
	"fmt"
	"strconv"
	"strings"

	"watchscope/engine"
)

// evalCtx is what checks of one step can see: the world, the step's
// outputs and trace, and the values captured so far in the lesson.
type evalCtx struct {
	w        *engine.World
	res      *StepResult
	stepFrom engine.EventID // the last trace event before the step began
	captures map[string]Value
	declared []string // the lesson's metrics: header (names that read 0 before their first count)
	saw      []Seen
}

// check evaluates one check and returns its verdict.
func (x *evalCtx) check(c Check) CheckResult {
	x.saw = nil
	pass, problem := x.run(c)
	if problem != "" {
		pass = false
	}
	return CheckResult{Line: c.Line, Text: c.Text, Claim: c.Claim, Pass: pass, Saw: x.saw, Problem: problem}
}

func (x *evalCtx) run(c Check) (bool, string) {
	switch c.Kind {
	case CheckLet:
		v, err := x.expr(c.Right)
		if err != nil {
			return false, err.Error()
		}
		x.captures[c.Name] = v
		x.saw = []Seen{{c.Name, v.String()}}
		return true, ""
	case CheckContains:
		return x.contains(c)
	case CheckOrder:
		return x.order(c)
	case CheckWithin:
		return x.within(c)
	}
	return x.compare(c.Left, c.Op, c.Right)
}

func (x *evalCtx) compare(left *Expr, op string, right *Expr) (bool, string) {
	a, err := x.expr(left)
	if err != nil {
		return false, err.Error()
	}
	b, err := x.expr(right)
	if err != nil {
		return false, err.Error()
	}
	ok, defined := compareValues(a, op, b)
	if !defined {
		return false, fmt.Sprintf("%s compares numbers only; got %q and %q", op, a, b)
	}
	if !ok {
		return false, fmt.Sprintf("%s is %s, %s is %s: %s does not hold", left.Text, a, right.Text, b, op)
	}
	return true, ""
}

// reveal checks that the right choice of a question is what the run
// produced.
func (x *evalCtx) reveal(a *Ask) CheckResult {
	x.saw = nil
	line := "reveal: " + a.Reveal.Text
	res := CheckResult{Line: a.Line, Text: line, Claim: "the right answer is " + a.Choices[a.Right]}
	v, err := x.expr(a.Reveal)
	res.Saw = x.saw
	switch {
	case err != nil:
		res.Problem = err.Error()
	case v.String() != a.Choices[a.Right]:
		res.Problem = fmt.Sprintf("the run gives %q but the right choice is %q", v, a.Choices[a.Right])
	default:
		res.Pass = true
	}
	return res
}

// expr evaluates a sum of terms, recording every value it reads.
func (x *evalCtx) expr(e *Expr) (Value, error) {
	total, err := x.product(e, e.Terms[0])
	if err != nil {
		return Value{}, err
	}
	for i, op := range e.Ops {
		v, err := x.product(e, e.Terms[i+1])
		if err != nil {
			return Value{}, err
		}
		if total.IsStr || v.IsStr {
			return Value{}, fmt.Errorf("%s: only numbers can be added or subtracted", e.Text)
		}
		if op == '+' {
			total.Num += v.Num
		} else {
			total.Num -= v.Num
		}
	}
	if len(e.Terms) > 1 || len(e.Terms[0].Factors) > 0 {
		x.saw = append(x.saw, Seen{e.Text, total.String()})
	}
	return total, nil
}

// product is a term times its factors.
func (x *evalCtx) product(e *Expr, t Term) (Value, error) {
	v, err := x.term(t)
	for _, f := range t.Factors {
		if err != nil {
			return Value{}, err
		}
		var fv Value
		if fv, err = x.term(f); err == nil && (v.IsStr || fv.IsStr) {
			return Value{}, fmt.Errorf("%s: only numbers can be multiplied", e.Text)
		}
		v.Num *= fv.Num
	}
	return v, err
}

func (x *evalCtx) term(t Term) (Value, error) {
	switch t.Kind {
	case TermNumber:
		return num(t.Num), nil
	case TermString:
		return text(t.Str), nil
	}
	v, what, err := x.read(t)
	if err == nil {
		x.saw = append(x.saw, Seen{what, v.String()})
	}
	return v, err
}

// read evaluates a term that reads the run, and names it for Seen.
func (x *evalCtx) read(t Term) (Value, string, error) {
	switch t.Kind {
	case TermCapture:
		v, ok := x.captures[t.Str]
		if !ok {
			return Value{}, "", fmt.Errorf("%s was never captured (its let did not run)", t.Str)
		}
		return v, t.Str, nil
	case TermMetric:
		v, err := metricValue(x.w, t.Str, x.declared)
		return v, "metric " + t.Str, err
	case TermTime:
		return num(x.w.Now().Seconds()), "time", nil
	case TermTraceCount:
		f := x.expandFilter(t.Filter)
		evs, err := x.events(f)
		n := 0
		for _, ev := range evs {
			if f.matches(ev) {
				n++
			}
		}
		return num(float64(n)), "trace count " + f.String(), err
	case TermCount:
		out := x.output(t.Source)
		return num(float64(strings.Count(out, t.Str))), fmt.Sprintf("count %q in %s", t.Str, t.Source), nil
	}
	what := fmt.Sprintf("field %s of %s", t.Str, t.Source)
	if t.Num > 1 {
		what = fmt.Sprintf("field %s %d of %s", t.Str, int(t.Num), t.Source)
	}
	v, err := fieldValue(x.output(t.Source), t.Str, int(t.Num))
	return v, what, err
}

// output returns the text of a source.
func (x *evalCtx) output(s Source) string {
	acts := x.res.Actions
	switch {
	case len(acts) == 0:
		return ""
	case s.All:
		var b strings.Builder
		for _, a := range acts {
			b.WriteString(a.Output)
		}
		return b.String()
	case s.Action > 0 && s.Action <= len(acts):
		return acts[s.Action-1].Output
	}
	return acts[len(acts)-1].Output
}

// fieldValue finds the nth value of a field in etcdctl output: a
// `"Name" : value` line of -w fields, or a `"Name":value` pair of -w json.
func fieldValue(out, name string, nth int) (Value, error) {
	var found []string
	prefix, key := `"`+name+`" : `, `"`+name+`":`
	for _, line := range strings.Split(out, "\n") {
		if rest, ok := strings.CutPrefix(line, prefix); ok {
			found = append(found, rest)
			continue
		}
		for rest := line; ; {
			i := strings.Index(rest, key)
			if i < 0 {
				break
			}
			rest = rest[i+len(key):]
			found = append(found, jsonScalar(rest))
		}
	}
	if nth < 1 || nth > len(found) {
		return Value{}, fmt.Errorf("the output has %d %q fields, not %d (is the command run with -w fields or -w json?)", len(found), name, nth)
	}
	v := parseValue(found[nth-1])
	if f, err := strconv.ParseFloat(v.Str, 64); v.IsStr && err == nil {
		// A number sent as a JSON string ("resourceVersion":"42") is a
		// number: checks compare resourceVersions with < and >.
		return num(f), nil
	}
	return v, nil
}

// jsonScalar returns the JSON scalar at the start of s: a quoted string,
// or everything up to the next , } or ].
func jsonScalar(s string) string {
	if strings.HasPrefix(s, `"`) {
		if end, err := quotedEnd(s, 0); err == nil {
			return s[:end]
		}
	}
	if i := strings.IndexAny(s, ",}]"); i >= 0 {
		return s[:i]
	}
	return s
}
