package console

import (
	"fmt"
	"strconv"
	"strings"
	"unicode/utf8"
)

// splitArgs breaks a command line into words as bash does for one simple
// command, so a line copied from a terminal means the same thing here:
//
//   - blanks (space, tab) separate words;
//   - outside quotes a backslash keeps the next character as it is, and a
//     backslash before a newline joins the lines;
//   - inside '...' every character is literal, backslash included;
//   - inside "..." a backslash escapes only $ ` " \ and newline, and is
//     kept before anything else ("C:\temp\new" stays C:\temp\new);
//   - $'...' reads ANSI-C escapes (\n, \t, \x41, \u00e9, \101, ...);
//   - an unquoted # at the start of a word begins a comment.
//
// The console runs one command per line and has no variables, so the
// characters bash would treat as operators or expansions are errors that
// say what to quote: | & ; < > ( ) ` a line break, and $ before a name,
// {, (, a digit or one of @*#?$!-. Brace expansion, ~ and globs are left
// literal (as bash leaves a glob that matches no file).
func splitArgs(line string) ([]string, error) {
	if i := strings.IndexByte(line, 0); i >= 0 {
		return nil, fmt.Errorf("NUL character at column %d: a command line is text", column(line, i))
	}
	t := tokenizer{s: line}
	return t.words()
}

type tokenizer struct {
	s     string
	i     int
	out   []string
	cur   strings.Builder
	inArg bool // a word has begun (even an empty one: "")

	redirs  bool     // splitCommand: << and > are read, not refused
	doc     *hereDoc // the here-document operator read, if any
	outFile string   // the file of "> FILE", if any
}

func (t *tokenizer) words() ([]string, error) {
	for t.i < len(t.s) {
		c := t.s[t.i]
		var err error
		switch {
		case c == ' ' || c == '\t':
			t.endWord()
			t.i++
		case c == '#' && !t.inArg:
			t.skipComment()
		case c == '\\':
			t.backslash()
		case c == '\'':
			err = t.singleQuoted()
		case c == '"':
			err = t.doubleQuoted()
		case c == '$':
			err = t.dollar()
		case c == '\n' && len(t.out) == 0 && !t.inArg:
			t.i++ // a blank line before the command
		case (c == '\n' || c == ';') && t.lastCommand(c):
			t.i = len(t.s)
		case t.redirs && (c == '<' || c == '>'):
			err = t.redirection(c)
		case strings.IndexByte("|&;<>()`\n", c) >= 0:
			err = t.operator(c)
		default:
			t.cur.WriteByte(c)
			t.inArg = true
			t.i++
		}
		if err != nil {
			return nil, err
		}
	}
	t.endWord()
	return t.out, nil
}

// lastCommand reports whether the separator c at t.i ends a line with
// nothing after it but blanks and comments (bash's "put a b;").
func (t *tokenizer) lastCommand(c byte) bool {
	if c == ';' && len(t.out) == 0 && !t.inArg {
		return false // bash: syntax error near ;
	}
	for i := t.i + 1; i < len(t.s); i++ {
		switch t.s[i] {
		case ' ', '\t', '\n':
		case '\\':
			if !strings.HasPrefix(t.s[i:], "\\\n") {
				return false
			}
			i++ // a line continuation is blank
		case '#':
			if j := strings.IndexByte(t.s[i:], '\n'); j >= 0 {
				i += j
				continue
			}
			return true
		default:
			return false
		}
	}
	return true
}

// skipComment moves to the line break that ends a comment (or the end).
func (t *tokenizer) skipComment() {
	if j := strings.IndexByte(t.s[t.i:], '\n'); j >= 0 {
		t.i += j
		return
	}
	t.i = len(t.s)
}

func (t *tokenizer) endWord() {
	if t.inArg {
		t.out = append(t.out, t.cur.String())
		t.cur.Reset()
		t.inArg = false
	}
}

// backslash outside quotes: the next character is literal; before a
// newline both vanish; at the very end of the line it stays (as bash -c).
func (t *tokenizer) backslash() {
	t.i++
	switch {
	case t.i >= len(t.s):
		t.cur.WriteByte('\\')
		t.inArg = true
	case t.s[t.i] == '\n':
		t.i++
	default:
		_, n := utf8.DecodeRuneInString(t.s[t.i:])
		t.cur.WriteString(t.s[t.i : t.i+n])
		t.inArg = true
		t.i += n
	}
}

func (t *tokenizer) singleQuoted() error {
	start := t.i
	end := strings.IndexByte(t.s[t.i+1:], '\'')
	if end < 0 {
		return fmt.Errorf("unclosed ' quote (opened at column %d)", column(t.s, start))
	}
	t.cur.WriteString(t.s[t.i+1 : t.i+1+end])
	t.inArg = true
	t.i += end + 2
	return nil
}

func (t *tokenizer) doubleQuoted() error {
	start := t.i
	t.inArg = true
	for t.i++; t.i < len(t.s); t.i++ {
		c := t.s[t.i]
		switch {
		case c == '"':
			t.i++
			return nil
		case c == '\\' && t.i+1 < len(t.s) && strings.IndexByte("$`\"\\\n", t.s[t.i+1]) >= 0:
			t.i++
			if t.s[t.i] != '\n' {
				t.cur.WriteByte(t.s[t.i])
			}
		case c == '`' || c == '$' && expands(t.s[t.i+1:]):
			return t.expansionError(t.i)
		default:
			t.cur.WriteByte(c)
		}
	}
	return fmt.Errorf("unclosed \" quote (opened at column %d)", column(t.s, start))
}

// dollar handles an unquoted $: $'...' quoting, $"..." (bash's translated
// string, which is the plain string when there is no translation), an
// expansion the console cannot do, or a literal $.
func (t *tokenizer) dollar() error {
	rest := t.s[t.i+1:]
	switch {
	case strings.HasPrefix(rest, "'"):
		return t.ansiC()
	case strings.HasPrefix(rest, `"`):
		t.i++
		return t.doubleQuoted()
	case expands(rest):
		return t.expansionError(t.i)
	}
	t.cur.WriteByte('$')
	t.inArg = true
	t.i++
	return nil
}

// expands reports whether bash would expand a $ followed by rest.
func expands(rest string) bool {
	if rest == "" {
		return false
	}
	c := rest[0]
	return c == '_' || c == '{' || c == '(' || c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' ||
		c >= '0' && c <= '9' || strings.IndexByte("@*#?$!-", c) >= 0
}

func (t *tokenizer) expansionError(at int) error {
	what := t.s[at:]
	if n := strings.IndexAny(what, " \t\n\"'"); n > 0 {
		what = what[:n]
	}
	return fmt.Errorf("%s at column %d: the console expands no variables or commands; quote it ('%s')",
		what, column(t.s, at), strings.ReplaceAll(what, "'", `'\''`))
}

func (t *tokenizer) operator(c byte) error {
	col := column(t.s, t.i)
	switch c {
	case '\n':
		return fmt.Errorf("line break at column %d: the console runs one command per line", col)
	case '`':
		return t.expansionError(t.i)
	}
	return fmt.Errorf("%q at column %d: the console runs one command per line, without pipes or redirections; quote it ('%c')",
		c, col, c)
}

// column is the 1-based character position of byte offset i in s.
func column(s string, i int) int { return utf8.RuneCountInString(s[:i]) + 1 }

// ansiC reads $'...' as bash does: backslash escapes as in C.
func (t *tokenizer) ansiC() error {
	start := t.i
	t.inArg = true
	var b strings.Builder
	for t.i += 2; t.i < len(t.s); {
		c := t.s[t.i]
		switch c {
		case '\'':
			t.i++
			s := b.String()
			if nul := strings.IndexByte(s, 0); nul >= 0 {
				s = s[:nul] // bash's strings end at a NUL
			}
			t.cur.WriteString(s)
			return nil
		case '\\':
			t.i++
			t.ansiEscape(&b)
		default:
			b.WriteByte(c)
			t.i++
		}
	}
	return fmt.Errorf("unclosed $' quote (opened at column %d)", column(t.s, start))
}

// cEscapes are the one-letter escapes of $'...'.
var cEscapes = map[byte]byte{'a': 7, 'b': 8, 'e': 27, 'E': 27, 'f': 12, 'n': 10, 'r': 13, 't': 9,
	'v': 11, '\\': '\\', '\'': '\'', '"': '"', '?': '?'}

// ansiEscape reads one escape after the backslash at t.i-1 into b.
func (t *tokenizer) ansiEscape(b *strings.Builder) {
	if t.i >= len(t.s) {
		b.WriteByte('\\')
		return
	}
	c := t.s[t.i]
	t.i++
	if r, ok := cEscapes[c]; ok {
		b.WriteByte(r)
		return
	}
	switch {
	case c >= '0' && c <= '7':
		t.i--
		b.WriteByte(byte(t.number(8, 3)))
	case c == 'x' && t.i < len(t.s) && isHex(t.s[t.i]):
		b.WriteByte(byte(t.number(16, 2)))
	case (c == 'u' || c == 'U') && t.i < len(t.s) && isHex(t.s[t.i]):
		digits := 4
		if c == 'U' {
			digits = 8
		}
		r := rune(t.number(16, digits))
		if r > utf8.MaxRune || r >= 0xD800 && r <= 0xDFFF {
			r = utf8.RuneError
		}
		b.WriteRune(r)
	case c == 'c' && t.i < len(t.s):
		b.WriteByte(controlChar(t.s[t.i]))
		if strings.HasPrefix(t.s[t.i:], `\\`) {
			t.i++ // \c\\ is one control character, as in bash
		}
		t.i++
	default:
		b.WriteByte('\\')
		b.WriteByte(c)
	}
}

// controlChar is \cX: X's low five bits, or DEL for \c?.
func controlChar(x byte) byte {
	if x == '?' {
		return 0x7f
	}
	return x & 0x1f
}

// number reads up to max digits in base at t.i.
func (t *tokenizer) number(base, max int) uint64 {
	j := t.i
	for j < len(t.s) && j-t.i < max && (base == 8 && t.s[j] >= '0' && t.s[j] <= '7' || base == 16 && isHex(t.s[j])) {
		j++
	}
	n, _ := strconv.ParseUint(t.s[t.i:j], base, 64)
	t.i = j
	return n
}

func isHex(c byte) bool {
	return c >= '0' && c <= '9' || c >= 'a' && c <= 'f' || c >= 'A' && c <= 'F'
}
