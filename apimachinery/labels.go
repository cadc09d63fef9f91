package apimachinery

import (
	"slices"
	"strconv"
	"strings"
)

// Operator is a label selector operator, as selection.Operator.
type Operator string

// The operators of pkg/selection.
const (
	OpDoesNotExist Operator = "!"
	OpEquals       Operator = "="
	OpDoubleEquals Operator = "=="
	OpIn           Operator = "in"
	OpNotEquals    Operator = "!="
	OpNotIn        Operator = "notin"
	OpExists       Operator = "exists"
	OpGreaterThan  Operator = "gt"
	OpLessThan     Operator = "lt"
)

// binaryOperators is the list printed by the "expected: ..." error.
var binaryOperators = []string{"in", "notin", "=", "==", "!=", "gt", "lt"}

// Requirement is one term of a label selector: key, operator and a sorted,
// de-duplicated value list.
type Requirement struct {
	Key      string
	Operator Operator
	Values   []string
}

// LabelSelector is an AND of requirements sorted by key. The empty
// selector matches everything.
type LabelSelector []Requirement

// Empty reports whether the selector matches everything.
func (s LabelSelector) Empty() bool { return len(s) == 0 }

// Matches reports whether every requirement holds for the label set.
func (s LabelSelector) Matches(labels map[string]string) bool {
	for i := range s {
		if !s[i].Matches(labels) {
			return false
		}
	}
	return true
}

// String prints the canonical form, terms joined by "," with no spaces,
// as labels.Selector.String.
func (s LabelSelector) String() string {
	parts := make([]string, len(s))
	for i := range s {
		parts[i] = s[i].String()
	}
	return strings.Join(parts, ",")
}

// Matches applies one requirement, with the real semantics: notin and !=
// also match when the key is absent; gt/lt compare integers.
func (r Requirement) Matches(labels map[string]string) bool {
	val, exists := labels[r.Key]
	switch r.Operator {
	case OpIn, OpEquals, OpDoubleEquals:
		return exists && slices.Contains(r.Values, val)
	case OpNotIn, OpNotEquals:
		return !exists || !slices.Contains(r.Values, val)
	case OpExists:
		return exists
	case OpDoesNotExist:
		return !exists
	case OpGreaterThan, OpLessThan:
		return exists && compareInts(r.Operator, val, r.Values)
	}
	return false
}

func compareInts(op Operator, val string, values []string) bool {
	lv, err := strconv.ParseInt(val, 10, 64)
	if err != nil || len(values) != 1 {
		return false
	}
	rv, err := strconv.ParseInt(values[0], 10, 64)
	if err != nil {
		return false
	}
	return (op == OpGreaterThan && lv > rv) || (op == OpLessThan && lv < rv)
}

// String prints one requirement: "a=b", "a!=b", "a in (x,y)", "!a", "a".
func (r Requirement) String() string {
	var sb strings.Builder
	if r.Operator == OpDoesNotExist {
		sb.WriteString("!")
	}
	sb.WriteString(r.Key)
	switch r.Operator {
	case OpExists, OpDoesNotExist:
		return sb.String()
	case OpIn, OpNotIn:
		sb.WriteString(" " + string(r.Operator) + " (" + strings.Join(r.Values, ",") + ")")
		return sb.String()
	case OpGreaterThan:
		sb.WriteString(">")
	case OpLessThan:
		sb.WriteString("<")
	default:
		sb.WriteString(string(r.Operator))
	}
	sb.WriteString(strings.Join(r.Values, ","))
	return sb.String()
}
