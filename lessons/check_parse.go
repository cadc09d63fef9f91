package lessons

import (
	"fmt"
	"regexp"
	"strconv"
	"strings"
	"time"
)

// cursor walks the tokens of one check line.
type cursor struct {
	toks []token
	i    int
}

func (c *cursor) done() bool { return c.i >= len(c.toks) }

// peek returns the next bare word ("" at the end or for a quoted string).
func (c *cursor) peek() string {
	if c.done() || c.toks[c.i].quoted {
		return ""
	}
	return c.toks[c.i].text
}

func (c *cursor) peekAt(k int) string {
	if c.i+k >= len(c.toks) || c.toks[c.i+k].quoted {
		return ""
	}
	return c.toks[c.i+k].text
}

func (c *cursor) next() token {
	t := c.toks[c.i]
	c.i++
	return t
}

// expect consumes the bare word w or reports what was there instead.
func (c *cursor) expect(w string) error {
	if c.peek() != w {
		return fmt.Errorf("expected %q, found %s", w, c.describe())
	}
	c.i++
	return nil
}

func (c *cursor) describe() string {
	if c.done() {
		return "the end of the line"
	}
	if c.toks[c.i].quoted {
		return strconv.Quote(c.toks[c.i].text)
	}
	return strconv.Quote(c.toks[c.i].text)
}

var (
	compareOps  = []string{"==", "!=", "<", "<=", ">", ">="}
	checkWords  = []string{"let", "trace", "lesson", "output", "outputs", "metric", "field", "count", "time"}
	nameRE      = regexp.MustCompile(`^[a-z][a-z0-9_]*$`)
	reservedSet = map[string]bool{
		"let": true, "trace": true, "lesson": true, "output": true, "outputs": true, "metric": true,
		"field": true, "count": true, "time": true, "contains": true, "lacks": true, "order": true,
		"first": true, "before": true, "within": true, "after": true, "of": true, "in": true,
		"between": true, "and": true,
	}
)

// parseCheck parses one check line (not a comment, not blank).
func parseCheck(line string) (Check, error) {
	toks, err := lexCheck(line)
	if err != nil {
		return Check{}, err
	}
	c := &cursor{toks: toks}
	ch := Check{Text: line}
	switch {
	case c.peek() == "let":
		err = parseLet(c, &ch)
	case isTrace(c, "order"):
		err = parseOrder(c, &ch)
	case isTrace(c, "first") || isTrace(c, "last"):
		err = parseWithin(c, &ch)
	case (c.peek() == "output" || c.peek() == "outputs") && isTextVerb(c):
		err = parseContains(c, &ch)
	default:
		err = parseCompare(c, &ch)
	}
	if err == nil && !c.done() {
		err = fmt.Errorf("unexpected %s after a complete check", c.describe())
	}
	return ch, err
}

// isTrace reports whether the cursor is at "trace WORD" or "lesson trace WORD".
func isTrace(c *cursor, word string) bool {
	if c.peek() == "lesson" {
		return c.peekAt(1) == "trace" && c.peekAt(2) == word
	}
	return c.peek() == "trace" && c.peekAt(1) == word
}

// isTextVerb looks past a source (output, output N, outputs) for contains/lacks.
func isTextVerb(c *cursor) bool {
	k := 1
	if c.peek() == "output" {
		if _, err := strconv.Atoi(c.peekAt(1)); err == nil {
			k = 2
		}
	}
	v := c.peekAt(k)
	return v == "contains" || v == "lacks"
}

func parseLet(c *cursor, ch *Check) error {
	c.next()
	if c.done() {
		return fmt.Errorf("let needs a name: let NAME = VALUE")
	}
	name := c.next().text
	if !nameRE.MatchString(name) || reservedSet[name] {
		return fmt.Errorf("bad name %q for let: use lower-case letters, digits and _ (not a keyword)", name)
	}
	if err := c.expect("="); err != nil {
		return err
	}
	v, err := parseExpr(c)
	ch.Kind, ch.Name, ch.Right = CheckLet, name, v
	return err
}

func parseOrder(c *cursor, ch *Check) error {
	lesson := c.peek() == "lesson"
	c.i += 2 + boolInt(lesson)
	first, err := parseFilter(c, lesson)
	if err != nil {
		return err
	}
	if err := c.expect("before"); err != nil {
		return err
	}
	then, err := parseFilter(c, lesson)
	ch.Kind, ch.First, ch.Then = CheckOrder, first, then
	return err
}

func parseWithin(c *cursor, ch *Check) error {
	lesson := c.peek() == "lesson"
	ch.Last = c.peekAt(1+boolInt(lesson)) == "last"
	c.i += 2 + boolInt(lesson)
	first, err := parseFilter(c, lesson)
	if err != nil {
		return err
	}
	ch.Kind, ch.First = CheckWithin, first
	switch c.peek() {
	case "within":
		c.next()
		ch.Within, err = parseDelay(c)
	case "between":
		c.next()
		if ch.Earliest, err = parseDelay(c); err == nil {
			if err = c.expect("and"); err == nil {
				ch.Within, err = parseDelay(c)
			}
		}
		if err == nil && ch.Earliest > ch.Within {
			err = fmt.Errorf("between %s and %s: the first bound is the larger", ch.Earliest, ch.Within)
		}
	default:
		err = fmt.Errorf("expected \"within D\" or \"between D and D\", found %s", c.describe())
	}
	if err == nil && c.peek() == "after" {
		c.next()
		ch.HasAfter = true
		ch.Then, err = parseFilter(c, lesson)
	}
	return err
}

func parseDelay(c *cursor) (time.Duration, error) {
	if c.done() {
		return 0, fmt.Errorf("expected a duration such as 1s or 500ms, found the end of the line")
	}
	t := c.next().text
	d, err := time.ParseDuration(t)
	if err != nil || d < 0 {
		return 0, fmt.Errorf("expected a duration such as 1s or 500ms, found %q", t)
	}
	return d, nil
}

func parseContains(c *cursor, ch *Check) error {
	src, err := parseSource(c)
	if err != nil {
		return err
	}
	verb := c.next().text
	if c.done() || !c.toks[c.i].quoted {
		return fmt.Errorf("%s needs a quoted text, e.g. %s \"compacted\"", verb, verb)
	}
	ch.Kind, ch.Source, ch.Needle, ch.Negate = CheckContains, src, c.next().text, verb == "lacks"
	return nil
}

func parseCompare(c *cursor, ch *Check) error {
	left, err := parseExpr(c)
	if err != nil {
		return err
	}
	op := c.peek()
	if !contains(compareOps, op) {
		return fmt.Errorf("expected a comparison (== != < <= > >=), found %s", c.describe())
	}
	c.next()
	right, err := parseExpr(c)
	ch.Kind, ch.Left, ch.Op, ch.Right = CheckCompare, left, op, right
	return err
}

func boolInt(b bool) int {
	if b {
		return 1
	}
	return 0
}

func contains(list []string, s string) bool {
	for _, x := range list {
		if x == s {
			return true
		}
	}
	return false
}

// exprText rebuilds the source text of tokens [from, to).
func exprText(c *cursor, from int) string {
	parts := make([]string, 0, c.i-from)
	for _, t := range c.toks[from:c.i] {
		if t.quoted {
			parts = append(parts, strconv.Quote(t.text))
		} else {
			parts = append(parts, t.text)
		}
	}
	return strings.Join(parts, " ")
}
