package console

import (
	"os/exec"
	"regexp"
	"runtime"
	"slices"
	"strings"
	"testing"

	"mvdan.cc/sh/v3/expand"
	"mvdan.cc/sh/v3/syntax"
)

// wordCases are lines with the words bash makes of them.
var wordCases = []struct {
	line string
	want []string
}{
	{`put "a b" 'c d' e\"f "g\"h"`, []string{"put", "a b", "c d", `e"f`, `g"h`}},
	{`etcdctl put p "C:\temp\new"`, []string{"etcdctl", "put", "p", `C:\temp\new`}},
	{`put p 'C:\temp\new'`, []string{"put", "p", `C:\temp\new`}},
	{`put p C:\\temp`, []string{"put", "p", `C:\temp`}},
	{`put p C:\temp`, []string{"put", "p", `C:temp`}},
	{`put k "a\$b \` + "`" + ` \\ \" \x"`, []string{"put", "k", "a$b ` \\ \" \\x"}},
	{`put k ''`, []string{"put", "k", ""}},
	{`put k ""x`, []string{"put", "k", "x"}},
	{`put k a'b'"c"d`, []string{"put", "k", "abcd"}},
	{"  put \t k   v  ", []string{"put", "k", "v"}},
	{`put k v # a comment`, []string{"put", "k", "v"}},
	{`put k a#b`, []string{"put", "k", "a#b"}},
	{`put k "#x"`, []string{"put", "k", "#x"}},
	{`put k $'a\tb\n\x41\101\u00e9\''`, []string{"put", "k", "a\tb\nAAé'"}},
	{`put k $'\c0\ca\c?\c\\x\400y' $'\777' $'\700' $'\18'`, []string{"put", "k", "\x10\x01\x7f\x1cx", "\xff", "\xc0", "\x018"}},
	{`put k $"x y"`, []string{"put", "k", "x y"}},
	{`put k $ a$ "$" "a $ b" $.`, []string{"put", "k", "$", "a$", "$", "a $ b", "$."}},
	{"put k a\\\nb \"c\\\nd\"", []string{"put", "k", "ab", "cd"}},
	{`put k a\`, []string{"put", "k", `a\`}},
	{"put k a\\\\\\\n", []string{"put", "k", `a\`}},
	{"put k \"\\\\\\\n\"", []string{"put", "k", `\`}},
	{`get --raw '/api/v1/pods?watch=1&resourceVersion=5'`, []string{"get", "--raw", "/api/v1/pods?watch=1&resourceVersion=5"}},
	{`get pods -l 'app in (a,b)' x*y`, []string{"get", "pods", "-l", "app in (a,b)", "x*y"}},
	{`put k héllo 日本`, []string{"put", "k", "héllo", "日本"}},
	{"put k a\rb \r", []string{"put", "k", "a\rb", "\r"}},
	{``, nil},
	{`# only a comment`, nil},
}

func TestSplitArgs(t *testing.T) {
	for _, c := range wordCases {
		got, err := splitArgs(c.line)
		if err != nil || !slices.Equal(got, c.want) {
			t.Errorf("splitArgs(%q) = %q, %v; want %q", c.line, got, err, c.want)
		}
	}
}

// Every rejected line says what and where, on one line.
func TestSplitArgsErrors(t *testing.T) {
	for line, want := range map[string]string{
		`put a "b`:         `unclosed " quote (opened at column 7)`,
		`put a 'b`:         `unclosed ' quote (opened at column 7)`,
		`put a $'b`:        `unclosed $' quote (opened at column 7)`,
		`get a | head`:     `'|' at column 7: the console runs one command per line, without pipes or redirections; quote it ('|')`,
		`put a b; get a`:   `';' at column 8: the console runs one command per line, without pipes or redirections; quote it (';')`,
		`put a $HOME`:      `$HOME at column 7: the console expands no variables or commands; quote it ('$HOME')`,
		`put a "x${y}"`:    `${y} at column 9: the console expands no variables or commands; quote it ('${y}')`,
		"put a `date`":     "`date` at column 7: the console expands no variables or commands; quote it ('`date`')",
		"put a b\nget a":   `line break at column 8: the console runs one command per line`,
		`put a "it's $(x)`: `$(x) at column 13: the console expands no variables or commands; quote it ('$(x)')`,
	} {
		_, err := splitArgs(line)
		if err == nil || err.Error() != want {
			t.Errorf("splitArgs(%q) error = %v; want %s", line, err, want)
		}
	}
}

// The table agrees with the real bash where one is installed.
func TestSplitArgsMatchesBash(t *testing.T) {
	bash, err := exec.LookPath("bash")
	if err != nil || runtime.GOOS == "js" {
		t.Skip("no bash here")
	}
	for _, c := range wordCases {
		out, err := exec.Command(bash, "-c", `printf '%s\0' `+c.line).Output()
		if err != nil {
			t.Fatalf("bash on %q: %v", c.line, err)
		}
		got := strings.Split(string(out), "\x00")
		got = got[:len(got)-1]
		if len(c.want) == 0 { // printf with no arguments prints the format once
			got = nil
		}
		if !slices.Equal(got, c.want) {
			t.Errorf("bash makes %q of %q; the table says %q", got, c.line, c.want)
		}
	}
}

var octal = regexp.MustCompile(`\\[0-7]`)

// referenceWords tokenizes with mvdan.cc/sh, an independent bash parser:
// ok is false when bash would read the line as more than one simple
// command of plain words (operators, expansions, assignments, redirections).
// It reads a carriage return as a blank, bash does not: lines with one are
// not compared (TestSplitArgsMatchesBash checks them against bash itself).
func referenceWords(line string) (words []string, ok bool) {
	// It also leaves $'\cX' as typed, where bash makes a control character,
	// mistakes some line continuations (at the end of the input, after \\ in
	// double quotes), and reads octal escapes in $'...' its own way ($'\700'
	// as \xff where bash keeps the low byte \xc0; $'\18' as nothing, bash
	// \x01 8).
	if strings.Contains(line, "\r") || strings.Contains(line, `\c`) || strings.Contains(line, "\\\n") ||
		strings.Contains(line, "$'") && octal.MatchString(line) {
		return nil, false
	}
	f, err := syntax.NewParser(syntax.Variant(syntax.LangBash)).Parse(strings.NewReader(line), "")
	if err != nil {
		return nil, false
	}
	if len(f.Stmts) == 0 {
		return nil, true
	}
	st := f.Stmts[0]
	call, isCall := st.Cmd.(*syntax.CallExpr)
	if len(f.Stmts) > 1 || !isCall || st.Negated || st.Background || st.Coprocess || len(st.Redirs) > 0 || len(call.Assigns) > 0 {
		return nil, false
	}
	for _, w := range call.Args {
		if !plainWord(w) {
			return nil, false
		}
		fields, err := expand.Fields(nil, w) // quote removal; no globbing without ReadDir
		if err != nil || len(fields) != 1 {
			return nil, false
		}
		words = append(words, fields[0])
	}
	return words, true
}

// plainWord: literal text and quotes only. The console leaves ~ and
// brace expansion literal (it has no home directory), so words that bash
// would expand that way are not compared.
func plainWord(w *syntax.Word) bool {
	if lit, ok := w.Parts[0].(*syntax.Lit); ok && strings.HasPrefix(lit.Value, "~") {
		return false
	}
	for _, p := range w.Parts {
		if lit, ok := p.(*syntax.Lit); ok && strings.ContainsAny(lit.Value, "{}") {
			return false
		}
		switch p := p.(type) {
		case *syntax.Lit, *syntax.SglQuoted:
		case *syntax.DblQuoted:
			for _, q := range p.Parts {
				if _, lit := q.(*syntax.Lit); !lit {
					return false
				}
			}
		default:
			return false
		}
	}
	return true
}

// FuzzSplitArgs checks the console's tokenizer against the reference:
// where bash reads plain words, the console reads the same words; where
// the console refuses a line, bash would not have read plain words either;
// every refusal is one line.
func FuzzSplitArgs(f *testing.F) {
	for _, c := range wordCases {
		f.Add(c.line)
	}
	for _, s := range []string{`a "b\`, `$'\c`, `$'\x'`, `$'\u'`, `a=b c`, `! a`, `a &`, `{ a; }`, `a\ b`, "a\tb"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, line string) {
		got, err := splitArgs(line)
		if err != nil && strings.ContainsAny(err.Error(), "\n") && !strings.ContainsAny(line, "\n") {
			t.Fatalf("splitArgs(%q): error of more than one line: %q", line, err)
		}
		if strings.IndexByte(line, 0) >= 0 { // bash cannot take one in a line
			if err == nil {
				t.Fatalf("splitArgs(%q) took a NUL", line)
			}
			return
		}
		want, ok := referenceWords(line)
		switch {
		case ok && err != nil:
			t.Fatalf("splitArgs(%q) refused (%v); bash reads %q", line, err, want)
		case ok && !slices.Equal(got, want):
			t.Fatalf("splitArgs(%q) = %q; bash reads %q", line, got, want)
		}
	})
}
