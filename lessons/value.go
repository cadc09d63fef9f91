package lessons

import (
	"math"
	"strconv"
	"strings"
)

// Value is what a check reads from the run: a number (metrics, counts,
// revisions) or a text (a field such as Type, a literal).
type Value struct {
	Num   float64
	Str   string
	IsStr bool
}

func num(f float64) Value { return Value{Num: f} }
func text(s string) Value { return Value{Str: s, IsStr: true} }

// String is the one text form of a value: whole numbers without a
// decimal point (revisions read as 6, not 6.000000), texts as they are.
func (v Value) String() string {
	if v.IsStr {
		return v.Str
	}
	if v.Num == math.Trunc(v.Num) && math.Abs(v.Num) < 1e15 {
		return strconv.FormatInt(int64(v.Num), 10)
	}
	return strconv.FormatFloat(v.Num, 'g', -1, 64)
}

// parseValue turns printed text into a Value: a number if it reads as
// one, else text (with surrounding quotes removed).
func parseValue(s string) Value {
	s = strings.TrimSpace(s)
	if f, err := strconv.ParseFloat(s, 64); err == nil {
		return num(f)
	}
	if u, err := strconv.Unquote(s); err == nil {
		return text(u)
	}
	return text(s)
}

// compareValues applies op. Two numbers compare numerically; otherwise
// only == and != are defined, on the text forms.
func compareValues(a Value, op string, b Value) (bool, bool) {
	if !a.IsStr && !b.IsStr {
		switch op {
		case "==":
			return a.Num == b.Num, true
		case "!=":
			return a.Num != b.Num, true
		case "<":
			return a.Num < b.Num, true
		case "<=":
			return a.Num <= b.Num, true
		case ">":
			return a.Num > b.Num, true
		case ">=":
			return a.Num >= b.Num, true
		}
	}
	switch op {
	case "==":
		return a.String() == b.String(), true
	case "!=":
		return a.String() != b.String(), true
	}
	return false, false
}
