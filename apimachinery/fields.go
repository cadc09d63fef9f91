package apimachinery

import (
	"fmt"
	"slices"
	"strings"
)

// FieldSet is the set of selectable fields of one object, e.g.
// {"metadata.name": "nginx", "metadata.namespace": "default",
// "spec.nodeName": "node-1"}.
type FieldSet map[string]string

// FieldRequirement is one term of a field selector: field, "=" or "!="
// (NotEquals true) and a value.
type FieldRequirement struct {
	Field     string
	NotEquals bool
	Value     string
}

// FieldSelector is an AND of field terms in the sorted order the real
// parser produces. The empty selector matches everything.
type FieldSelector []FieldRequirement

// Empty reports whether the selector matches everything.
func (s FieldSelector) Empty() bool { return len(s) == 0 }

// Matches reports whether every term holds. A missing field reads as "".
func (s FieldSelector) Matches(get func(field string) (string, bool)) bool {
	for _, r := range s {
		v, _ := get(r.Field)
		if (v == r.Value) == r.NotEquals {
			return false
		}
	}
	return true
}

// MatchesSet is Matches over a FieldSet.
func (s FieldSelector) MatchesSet(f FieldSet) bool {
	return s.Matches(func(k string) (string, bool) { v, ok := f[k]; return v, ok })
}

// RequiresExactMatch returns the value of a "field=value" term, which is
// how the cacher finds a watch's scope and trigger value (C4, C9).
func (s FieldSelector) RequiresExactMatch(field string) (string, bool) {
	for _, r := range s {
		if r.Field == field && !r.NotEquals {
			return r.Value, true
		}
	}
	return "", false
}

// String prints "a=b,c!=d" with values escaped, as fields.Selector.String.
func (s FieldSelector) String() string {
	parts := make([]string, len(s))
	for i, r := range s {
		op := "="
		if r.NotEquals {
			op = "!="
		}
		parts[i] = r.Field + op + EscapeFieldValue(r.Value)
	}
	return strings.Join(parts, ",")
}

var fieldValueEscaper = strings.NewReplacer(`\`, `\\`, `,`, `\,`, `=`, `\=`)

// EscapeFieldValue escapes \ , and = in a field selector value.
func EscapeFieldValue(s string) string { return fieldValueEscaper.Replace(s) }

// ParseFieldSelector parses "metadata.name=x,spec.nodeName!=y" ("==" is
// "="). Terms are sorted textually before parsing, as the real parser
// does, and the error texts are the real ones.
func ParseFieldSelector(selector string) (FieldSelector, error) {
	parts := splitFieldTerms(selector)
	slices.Sort(parts)
	var out FieldSelector
	for _, part := range parts {
		if part == "" {
			continue
		}
		lhs, op, rhs, ok := splitFieldTerm(part)
		if !ok {
			return nil, fmt.Errorf("invalid selector: '%s'; can't understand '%s'", selector, part)
		}
		value, err := unescapeFieldValue(rhs)
		if err != nil {
			return nil, err
		}
		out = append(out, FieldRequirement{Field: lhs, NotEquals: op == "!=", Value: value})
	}
	return out, nil
}

// splitFieldTerms splits on unescaped commas, keeping escapes.
func splitFieldTerms(s string) []string {
	if s == "" {
		return nil
	}
	var terms []string
	start, inSlash := 0, false
	for i, c := range s {
		switch {
		case inSlash:
			inSlash = false
		case c == '\\':
			inSlash = true
		case c == ',':
			terms = append(terms, s[start:i])
			start = i + 1
		}
	}
	return append(terms, s[start:])
}

// splitFieldTerm splits at the first operator, trying "!=", "==", "=" at
// each position in turn.
func splitFieldTerm(term string) (lhs, op, rhs string, ok bool) {
	for i := range term {
		for _, op := range []string{"!=", "==", "="} {
			if strings.HasPrefix(term[i:], op) {
				return term[:i], op, term[i+len(op):], true
			}
		}
	}
	return "", "", "", false
}

func unescapeFieldValue(s string) (string, error) {
	if !strings.ContainsAny(s, `\,=`) {
		return s, nil
	}
	var b strings.Builder
	inSlash := false
	for _, c := range s {
		if inSlash {
			if c != '\\' && c != ',' && c != '=' {
				return "", fmt.Errorf("invalid field selector: invalid escape sequence: %s", string([]rune{'\\', c}))
			}
			b.WriteRune(c)
			inSlash = false
			continue
		}
		switch c {
		case '\\':
			inSlash = true
		case ',', '=':
			return "", fmt.Errorf("invalid field selector: unescaped character in value: %v", c)
		default:
			b.WriteRune(c)
		}
	}
	if inSlash {
		return "", fmt.Errorf("invalid field selector: invalid escape sequence: %s", `\`)
	}
	return b.String(), nil
}

// ValidateFieldSelector checks that every field is selectable for the
// resource; the error is the 400 the API server answers for pods
// (`field label not supported: spec.foo`). A pod's "spec.host" is the
// old name of spec.nodeName, which the server's conversion renames in s.
// status.podIPs passes the conversion though no pod has it as a
// selectable field: it reads as "", as on the real server.
func (r Resource) ValidateFieldSelector(s FieldSelector) error {
	for i, req := range s {
		switch req.Field {
		case "metadata.name", "metadata.namespace":
			continue
		case "spec.host":
			if r.Kind == "Pod" {
				s[i].Field = "spec.nodeName"
				continue
			}
		case "spec.nodeName", "spec.restartPolicy", "spec.schedulerName", "spec.serviceAccountName",
			"spec.hostNetwork", "status.phase", "status.podIP", "status.podIPs", "status.nominatedNodeName":
			if r.Kind == "Pod" {
				continue
			}
		}
		if fieldLabelConversion[r.Kind] {
			return NewBadRequest("field label not supported: " + req.Field)
		}
		return NewBadRequest(fmt.Sprintf("%q is not a known field selector: only %q, %q", req.Field, "metadata.name", "metadata.namespace"))
	}
	return nil
}

// fieldLabelConversion: the kinds whose API group registers a field label
// conversion function (k8s core/v1: Pod, Node, Event, Namespace, Secret)
// refuse an unknown field with "field label not supported"; the others
// fall through to the generic check of metadata fields (kube-apiserver
// v1.36.5: pods, secrets, namespaces say the first, configmaps the second).
var fieldLabelConversion = map[string]bool{"Pod": true, "Node": true, "Event": true, "Namespace": true, "Secret": true}
