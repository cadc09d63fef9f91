package lessons

import (
	"fmt"
	"strconv"
	"strings"

	"watchscope/engine"
)

// parseExpr reads PRODUCT { (+|-) PRODUCT }, PRODUCT = TERM { * TERM }:
// products first, as in arithmetic (3 * bytes + base).
func parseExpr(c *cursor) (*Expr, error) {
	from := c.i
	e := &Expr{}
	for {
		t, err := parseTerm(c)
		if err != nil {
			return nil, err
		}
		for c.peek() == "*" {
			c.next()
			f, err := parseTerm(c)
			if err != nil {
				return nil, err
			}
			t.Factors = append(t.Factors, f)
		}
		e.Terms = append(e.Terms, t)
		op := c.peek()
		if op != "+" && op != "-" {
			break
		}
		c.next()
		e.Ops = append(e.Ops, op[0])
	}
	e.Text = exprText(c, from)
	return e, nil
}

func parseTerm(c *cursor) (Term, error) {
	if c.done() {
		return Term{}, fmt.Errorf("expected a value, found the end of the line")
	}
	if c.toks[c.i].quoted {
		return Term{Kind: TermString, Str: c.next().text}, nil
	}
	w := c.peek()
	if n, err := strconv.ParseFloat(w, 64); err == nil {
		c.next()
		return Term{Kind: TermNumber, Num: n}, nil
	}
	switch w {
	case "metric":
		return parseMetricTerm(c)
	case "trace", "lesson":
		return parseTraceCount(c)
	case "field":
		return parseFieldTerm(c)
	case "count":
		return parseCountTerm(c)
	case "time":
		c.next()
		return Term{Kind: TermTime}, nil
	}
	if nameRE.MatchString(w) && !reservedSet[w] && endsValue(c.peekAt(1), c.i+1 >= len(c.toks)) {
		c.next()
		return Term{Kind: TermCapture, Str: w}, nil
	}
	return Term{}, fmt.Errorf("unknown value %q%s", w, didYouMean(w, checkWords))
}

// endsValue reports whether the word after a name lets the name be a
// whole value (a capture): the end, an operator or a keyword that
// follows values. "metrc x" is a typo, not a capture.
func endsValue(next string, atEnd bool) bool {
	return atEnd || next == "+" || next == "-" || next == "*" || contains(compareOps, next)
}

func parseMetricTerm(c *cursor) (Term, error) {
	c.next()
	if c.done() || c.toks[c.i].quoted {
		return Term{}, fmt.Errorf("metric needs a series name, e.g. metric etcd_debugging_mvcc_current_revision")
	}
	series := c.next().text
	if !validSeries(series) {
		return Term{}, fmt.Errorf("bad metric series %q: want name or name{label=\"v\",...}", series)
	}
	return Term{Kind: TermMetric, Str: series}, nil
}

// validSeries accepts a Prometheus series name with optional labels.
func validSeries(s string) bool {
	name, labels, hasLabels := strings.Cut(s, "{")
	if !metricNameRE.MatchString(name) {
		return false
	}
	return !hasLabels || (strings.HasSuffix(labels, "}") && !strings.Contains(labels[:len(labels)-1], "{"))
}

func parseTraceCount(c *cursor) (Term, error) {
	lesson := c.peek() == "lesson"
	if lesson {
		c.next()
		if c.peek() != "trace" {
			return Term{}, fmt.Errorf("expected \"trace\" after \"lesson\", found %s", c.describe())
		}
	}
	c.next()
	if err := c.expect("count"); err != nil {
		return Term{}, fmt.Errorf("%v (a trace value is: trace count FILTER)", err)
	}
	f, err := parseFilter(c, lesson)
	return Term{Kind: TermTraceCount, Filter: f}, err
}

func parseFieldTerm(c *cursor) (Term, error) {
	c.next()
	if c.done() || !fieldNameRE.MatchString(c.peek()) || reservedSet[c.peek()] {
		return Term{}, fmt.Errorf("field needs a name as etcdctl prints it (-w fields or -w json), e.g. field ModRevision")
	}
	t := Term{Kind: TermField, Str: c.next().text, Num: 1}
	if n, err := strconv.Atoi(c.peek()); err == nil {
		if n < 1 {
			return Term{}, fmt.Errorf("field occurrences start at 1")
		}
		c.next()
		t.Num = float64(n)
	}
	if c.peek() == "of" {
		c.next()
		src, err := parseSource(c)
		t.Source = src
		return t, err
	}
	return t, nil
}

func parseCountTerm(c *cursor) (Term, error) {
	c.next()
	if c.done() || !c.toks[c.i].quoted {
		return Term{}, fmt.Errorf("count needs a quoted text, e.g. count \"DELETE\" in outputs")
	}
	t := Term{Kind: TermCount, Str: c.next().text}
	if c.peek() == "in" {
		c.next()
		src, err := parseSource(c)
		t.Source = src
		return t, err
	}
	return t, nil
}

// parseSource reads output, output N or outputs.
func parseSource(c *cursor) (Source, error) {
	switch c.peek() {
	case "outputs":
		c.next()
		return Source{All: true}, nil
	case "output":
		c.next()
		if n, err := strconv.Atoi(c.peek()); err == nil {
			c.next()
			if n < 1 {
				return Source{}, fmt.Errorf("output numbers start at 1 (the step's first action)")
			}
			return Source{Action: n}, nil
		}
		return Source{}, nil
	}
	return Source{}, fmt.Errorf("expected output, output N or outputs, found %s", c.describe())
}

// parseKind reads the value of a kind term (op as written: =, ~ or !~):
// a trace kind by its name.
func parseKind(op, name string) (engine.Kind, error) {
	if op != "=" {
		return 0, fmt.Errorf("kind%s%q: a kind is matched whole, write kind=%s", op, name, name)
	}
	k, ok := engine.ParseKind(name)
	if !ok {
		names := engine.KindNames()
		return 0, fmt.Errorf("unknown trace kind %q%s; the kinds are %s", name, didYouMean(name, names), strings.Join(names, ", "))
	}
	return k, nil
}

// parseFilter reads filter terms (kind=PUT node=etcd-0 detail~"x") until
// a word that is not one.
func parseFilter(c *cursor, lesson bool) (Filter, error) {
	f := Filter{Lesson: lesson}
	for !c.done() && !c.toks[c.i].quoted {
		w := c.peek()
		i := strings.IndexAny(w, "=~")
		if i <= 0 || contains(compareOps, w) { // "== 3", ">= 1", "<= 2", "!= 0" end the filter
			break
		}
		field, op := w[:i], w[i]
		if op == '~' && strings.HasSuffix(field, "!") { // detail!~"text": lacks text
			field, op = field[:len(field)-1], '!'
		}
		if !contains(filterFields, field) {
			return f, fmt.Errorf("unknown trace field %q%s; use "+fieldsHelp, field, didYouMean(field, filterFields))
		}
		v, err := unquoteValue(w[i+1:])
		if err != nil {
			return f, err
		}
		t := FilterTerm{Field: field, Op: op, Value: v}
		if field == "kind" {
			if t.Kind, err = parseKind(w[len(field):i+1], v); err != nil {
				return f, err
			}
		}
		f.Terms = append(f.Terms, t)
		c.next()
	}
	return f, nil
}
