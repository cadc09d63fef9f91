package console

import (
	"encoding/json"
	"fmt"
	"math"
	"strconv"
	"strings"
)

// parseManifests reads what kubectl apply -f and kubectl patch -p take:
// JSON, or YAML documents separated by "---", into JSON values
// (map[string]any, []any, string, float64, bool, nil). A YAML library is
// more than the page can carry, so this reads the YAML manifests are
// written in: block mappings and sequences (also "- key: value" items),
// plain, 'single' and "double" quoted scalars, | and > block scalars with
// - and + chomping, one-line flow collections ({a: b}, [a, b]) and
// comments. Plain scalars resolve as sigs.k8s.io/yaml's YAML 1.1 does:
// null and ~ are null; true, false, yes, no, on, off are booleans; numbers
// are numbers; the rest is text. Anchors, aliases and tags are refused.
// An error names the line: "yaml: line 3: ...".
func parseManifests(src string) ([]any, error) {
	if t := strings.TrimSpace(src); strings.HasPrefix(t, "{") || strings.HasPrefix(t, "[") {
		var v any
		if json.Unmarshal([]byte(t), &v) == nil {
			return []any{v}, nil
		}
	}
	var docs []any
	raw := strings.Split(strings.ReplaceAll(src, "\r\n", "\n"), "\n")
	start := 0
	flush := func(end int) error {
		p := &yamlParser{lines: raw[start:end], base: start}
		if !p.skip() {
			return nil
		}
		v, err := p.node(0)
		if err == nil && p.skip() {
			err = p.errorf("did not find expected <document start>")
		}
		if err != nil {
			return err
		}
		docs = append(docs, v)
		return nil
	}
	for i, l := range raw {
		if l == "---" || strings.HasPrefix(l, "--- ") || l == "..." {
			if err := flush(i); err != nil {
				return nil, err
			}
			start = i + 1
		}
	}
	if err := flush(len(raw)); err != nil {
		return nil, err
	}
	return docs, nil
}

type yamlParser struct {
	lines []string
	base  int // the file line of lines[0], less one
	i     int
	// over replaces the current line's text and indentation (the rest
	// of a "- " item, read as a line of its own)
	over       string
	overIndent int
	hasOver    bool
}

func (p *yamlParser) errorf(format string, a ...any) error {
	return fmt.Errorf("yaml: line %d: %s", p.base+p.i+1, fmt.Sprintf(format, a...))
}

// skip moves past blank and comment lines; false at the end.
func (p *yamlParser) skip() bool {
	for ; p.i < len(p.lines); p.i++ {
		if p.hasOver {
			return true
		}
		if t := strings.TrimSpace(stripComment(p.lines[p.i])); t != "" {
			return true
		}
	}
	return false
}

// cur is the current line: its indentation and text without comment.
func (p *yamlParser) cur() (int, string) {
	if p.hasOver {
		return p.overIndent, p.over
	}
	l := strings.TrimRight(stripComment(p.lines[p.i]), " \t")
	t := strings.TrimLeft(l, " ")
	return len(l) - len(t), t
}

func (p *yamlParser) advance() { p.hasOver = false; p.i++ }

// node reads the value at the current line, indented at least min.
func (p *yamlParser) node(min int) (any, error) {
	ind, t := p.cur()
	if ind < min {
		return nil, nil
	}
	if strings.HasPrefix(t, "\t") {
		return nil, p.errorf("found character that cannot start any token")
	}
	if t == "-" || strings.HasPrefix(t, "- ") {
		return p.seq(ind)
	}
	if _, _, ok := splitKey(t); ok {
		return p.mapping(ind)
	}
	v, err := p.inline(t, ind)
	p.advance()
	return v, err
}

func (p *yamlParser) mapping(ind int) (any, error) {
	m := map[string]any{}
	for p.skip() {
		i, t := p.cur()
		if i < ind {
			break
		}
		if i > ind {
			return nil, p.errorf("mapping values are not allowed in this context")
		}
		k, rest, ok := splitKey(t)
		if !ok {
			return nil, p.errorf("could not find expected ':'")
		}
		key, err := p.scalar(k)
		if err != nil {
			return nil, err
		}
		ks := fmt.Sprint(key)
		if key == nil {
			ks = "null"
		}
		if _, dup := m[ks]; dup {
			return nil, p.errorf("mapping key %q already defined", ks)
		}
		if m[ks], err = p.value(rest, ind, true); err != nil {
			return nil, err
		}
	}
	return m, nil
}

func (p *yamlParser) seq(ind int) (any, error) {
	list := []any{}
	for p.skip() {
		i, t := p.cur()
		if i < ind || !(t == "-" || strings.HasPrefix(t, "- ")) {
			if i > ind {
				return nil, p.errorf("did not find expected '-' indicator")
			}
			break
		}
		rest := strings.TrimLeft(t[1:], " ")
		var v any
		var err error
		switch {
		case rest == "" || strings.HasPrefix(rest, "|") || strings.HasPrefix(rest, ">"):
			v, err = p.value(rest, ind, false)
		default:
			p.over, p.overIndent, p.hasOver = rest, ind+len(t)-len(rest), true
			v, err = p.node(ind + 1)
		}
		if err != nil {
			return nil, err
		}
		list = append(list, v)
	}
	return list, nil
}

// value reads what follows "key:" or "-": on the same line, a block
// scalar, or the lines below (in a mapping a sequence may sit at the
// key's own indentation).
func (p *yamlParser) value(rest string, ind int, inMap bool) (any, error) {
	if strings.HasPrefix(rest, "|") || strings.HasPrefix(rest, ">") {
		return p.block(rest, ind)
	}
	if rest != "" {
		v, err := p.inline(rest, ind)
		p.advance()
		return v, err
	}
	p.advance()
	if !p.skip() {
		return nil, nil
	}
	i, t := p.cur()
	if i > ind || inMap && i == ind && (t == "-" || strings.HasPrefix(t, "- ")) {
		return p.node(i)
	}
	return nil, nil
}

// block reads a | or > scalar from the lines after the current one.
func (p *yamlParser) block(header string, ind int) (any, error) {
	folded, chomp := header[0] == '>', byte(0)
	for _, c := range header[1:] {
		switch {
		case c == '-' || c == '+':
			chomp = byte(c)
		case c >= '1' && c <= '9', c == ' ':
		default:
			return nil, p.errorf("did not find expected comment or line break")
		}
	}
	p.advance()
	var lines []string
	content := -1
	for ; p.i < len(p.lines); p.i++ {
		l := p.lines[p.i]
		t := strings.TrimLeft(l, " ")
		if t == "" {
			lines = append(lines, "")
			continue
		}
		n := len(l) - len(t)
		if content < 0 {
			content = n
		}
		if n <= ind || n < content {
			break
		}
		lines = append(lines, l[content:])
	}
	trailing := 0
	for len(lines) > 0 && lines[len(lines)-1] == "" {
		lines, trailing = lines[:len(lines)-1], trailing+1
	}
	var b strings.Builder
	for i, l := range lines {
		switch {
		case i == 0:
		case !folded || l == "":
			b.WriteString("\n")
		case lines[i-1] != "": // folded: a line break between lines is a space
			b.WriteString(" ")
		}
		b.WriteString(l)
	}
	s := b.String()
	switch {
	case len(lines) == 0:
	case chomp == '-':
	case chomp == '+':
		s += strings.Repeat("\n", trailing+1)
	default:
		s += "\n"
	}
	return s, nil
}

// inline is a value written on one line: flow collection or scalar. A
// flow collection may go on over the next lines until its brackets close.
func (p *yamlParser) inline(t string, ind int) (any, error) {
	if t != "" && (t[0] == '&' || t[0] == '*' || t[0] == '!') {
		return nil, p.errorf("anchors, aliases and tags (%c) are not read by the console", t[0])
	}
	if t[0] != '[' && t[0] != '{' {
		return p.scalar(t)
	}
	for depth(t) > 0 && p.i+1 < len(p.lines) {
		p.advance()
		t += " " + strings.TrimSpace(stripComment(p.lines[p.i]))
	}
	f := flow{s: t}
	v, err := f.value()
	if err == nil && strings.TrimSpace(f.s[f.i:]) != "" {
		err = fmt.Errorf("did not find expected ',' or '%c'", closer(t[0]))
	}
	if err != nil {
		return nil, p.errorf("%v", err)
	}
	return v, nil
}

func closer(c byte) byte {
	if c == '[' {
		return ']'
	}
	return '}'
}

// depth counts open brackets outside quotes.
func depth(s string) int {
	d := 0
	inS, inD := false, false
	for i := 0; i < len(s); i++ {
		switch c := s[i]; {
		case inD && c == '\\':
			i++
		case c == '"' && !inS:
			inD = !inD
		case c == '\'' && !inD:
			inS = !inS
		case !inS && !inD && (c == '[' || c == '{'):
			d++
		case !inS && !inD && (c == ']' || c == '}'):
			d--
		}
	}
	return d
}

// scalar is a one-line scalar: quoted, or plain and resolved.
func (p *yamlParser) scalar(t string) (any, error) {
	switch {
	case strings.HasPrefix(t, `"`):
		var s string
		if !strings.HasSuffix(t, `"`) || len(t) < 2 || json.Unmarshal([]byte(t), &s) != nil {
			return nil, p.errorf("found unknown escape character or unclosed quote in %s", t)
		}
		return s, nil
	case strings.HasPrefix(t, "'"):
		if !strings.HasSuffix(t, "'") || len(t) < 2 {
			return nil, p.errorf("found unexpected end of stream in %s", t)
		}
		return strings.ReplaceAll(t[1:len(t)-1], "''", "'"), nil
	}
	return resolvePlain(t), nil
}

// resolvePlain types a plain scalar as YAML 1.1 (go-yaml v2) does.
func resolvePlain(t string) any {
	switch t {
	case "", "~", "null", "Null", "NULL":
		return nil
	case "true", "True", "TRUE", "yes", "Yes", "YES", "on", "On", "ON", "y", "Y":
		return true
	case "false", "False", "FALSE", "no", "No", "NO", "off", "Off", "OFF", "n", "N":
		return false
	}
	clean := strings.ReplaceAll(t, "_", "")
	if n, err := strconv.ParseInt(clean, 0, 64); err == nil && !strings.ContainsAny(t, "bBoO") {
		return float64(n)
	}
	if f, err := strconv.ParseFloat(clean, 64); err == nil && !math.IsInf(f, 0) && !math.IsNaN(f) && !strings.ContainsAny(t, "xXpP") {
		return f
	}
	return t
}

// splitKey splits "key: value" (or "key:") outside quotes and brackets.
func splitKey(t string) (key, rest string, ok bool) {
	inS, inD, d := false, false, 0
	for i := 0; i < len(t); i++ {
		switch c := t[i]; {
		case inD && c == '\\':
			i++
		case c == '"' && !inS && (i == 0 || inD):
			inD = !inD
		case c == '\'' && !inD && (i == 0 || inS):
			inS = !inS
		case inS || inD:
		case c == '[' || c == '{':
			d++
		case c == ']' || c == '}':
			d--
		case c == ':' && d == 0 && (i+1 == len(t) || t[i+1] == ' ' || t[i+1] == '\t'):
			return strings.TrimSpace(t[:i]), strings.TrimSpace(t[i+1:]), i > 0
		}
	}
	return "", "", false
}

// stripComment cuts a # comment (at the start or after a blank) that is
// not inside quotes.
func stripComment(l string) string {
	inS, inD := false, false
	for i := 0; i < len(l); i++ {
		c := l[i]
		start := i == 0 || strings.IndexByte(" \t:[{,-", l[i-1]) >= 0
		switch {
		case inD && c == '\\':
			i++
		case c == '"' && !inS && (inD || start):
			inD = !inD
		case c == '\'' && !inD && (inS || start):
			inS = !inS
		case c == '#' && !inS && !inD && (i == 0 || l[i-1] == ' ' || l[i-1] == '\t'):
			return l[:i]
		}
	}
	return l
}

// flow reads a YAML flow collection: JSON, with plain scalars allowed.
type flow struct {
	s string
	i int
}

func (f *flow) blank() {
	for f.i < len(f.s) && (f.s[f.i] == ' ' || f.s[f.i] == '\t') {
		f.i++
	}
}

func (f *flow) value() (any, error) {
	f.blank()
	if f.i >= len(f.s) {
		return nil, fmt.Errorf("did not find expected node content")
	}
	switch f.s[f.i] {
	case '{':
		return f.collection('}')
	case '[':
		return f.collection(']')
	case '"', '\'':
		return f.quoted()
	}
	j := f.i
	for j < len(f.s) && strings.IndexByte(",]}", f.s[j]) < 0 && !(f.s[j] == ':' && (j+1 == len(f.s) || f.s[j+1] == ' ')) {
		j++
	}
	t := strings.TrimSpace(f.s[f.i:j])
	f.i = j
	return resolvePlain(t), nil
}

func (f *flow) quoted() (any, error) {
	q := f.s[f.i]
	for j := f.i + 1; j < len(f.s); j++ {
		switch {
		case q == '"' && f.s[j] == '\\':
			j++
		case f.s[j] == q && q == '\'' && j+1 < len(f.s) && f.s[j+1] == '\'':
			j++
		case f.s[j] == q:
			p := yamlParser{}
			v, err := p.scalar(f.s[f.i : j+1])
			f.i = j + 1
			if err != nil {
				return nil, fmt.Errorf("found unknown escape character")
			}
			return v, nil
		}
	}
	return nil, fmt.Errorf("found unexpected end of stream")
}

func (f *flow) collection(end byte) (any, error) {
	f.i++
	m, list := map[string]any{}, []any{}
	for {
		f.blank()
		if f.i < len(f.s) && f.s[f.i] == end {
			f.i++
			if end == '}' {
				return m, nil
			}
			return list, nil
		}
		v, err := f.value()
		if err != nil {
			return nil, err
		}
		f.blank()
		if end == '}' {
			if f.i >= len(f.s) || f.s[f.i] != ':' {
				return nil, fmt.Errorf("did not find expected ':'")
			}
			f.i++
			val, err := f.value()
			if err != nil {
				return nil, err
			}
			m[fmt.Sprint(v)] = val
		} else {
			list = append(list, v)
		}
		f.blank()
		switch {
		case f.i < len(f.s) && f.s[f.i] == ',':
			f.i++
		case f.i < len(f.s) && f.s[f.i] == end:
		default:
			return nil, fmt.Errorf("did not find expected ',' or '%c'", end)
		}
	}
}
