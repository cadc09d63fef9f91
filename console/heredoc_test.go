package console

import (
	"slices"
	"strings"
	"testing"

	"mvdan.cc/sh/v3/expand"
	"mvdan.cc/sh/v3/syntax"

	"watchscope/engine"
)

var hereDocCases = []struct {
	line      string
	words     []string
	delim     string
	quoted    bool
	stripTabs bool
	outFile   string
	err       string
}{
	{line: "etcdctl txn <<EOF", words: []string{"etcdctl", "txn"}, delim: "EOF"},
	{line: "etcdctl txn<<EOF", words: []string{"etcdctl", "txn"}, delim: "EOF"},
	{line: "etcdctl txn << 'END'", words: []string{"etcdctl", "txn"}, delim: "END", quoted: true},
	{line: `kubectl apply -f - <<"EOF"`, words: []string{"kubectl", "apply", "-f", "-"}, delim: "EOF", quoted: true},
	{line: `cat <<\EOF`, words: []string{"cat"}, delim: "EOF", quoted: true},
	{line: "cat <<-EOF", words: []string{"cat"}, delim: "EOF", stripTabs: true},
	{line: "cat <<E'O'F > web.yaml", words: []string{"cat"}, delim: "EOF", quoted: true, outFile: "web.yaml"},
	{line: "cat > 'my file' <<EOF", words: []string{"cat"}, delim: "EOF", outFile: "my file"},
	{line: "kubectl apply -f - <<EOF # the manifest", words: []string{"kubectl", "apply", "-f", "-"}, delim: "EOF"},
	{line: "cat <<", err: "<< at column 5 needs a delimiter word, as in <<EOF"},
	{line: "cat <<<'a'", err: "here-string (<<<) at column 5"},
	{line: "cat <<A <<B", err: "a second here-document at column 9"},
	{line: "cat < f", err: `'<' at column 5`},
	{line: "cat >> f", err: `'>' at column 5`},
	{line: "cat >", err: "> at column 5 needs a file name"},
	{line: "cat <<$X", err: "$X at column 7"},
}

func TestHereDocOperator(t *testing.T) {
	for _, c := range hereDocCases {
		words, doc, out, err := splitCommand(c.line)
		if c.err != "" {
			if err == nil || !strings.Contains(err.Error(), c.err) {
				t.Errorf("%q: error %v, want one containing %q", c.line, err, c.err)
			}
			continue
		}
		if err != nil || doc == nil {
			t.Errorf("%q: %v, no here-document", c.line, err)
			continue
		}
		if !slices.Equal(words, c.words) || doc.delim != c.delim || doc.quoted != c.quoted || doc.stripTabs != c.stripTabs || out != c.outFile {
			t.Errorf("%q: words %q delim %q quoted %v tabs %v file %q", c.line, words, doc.delim, doc.quoted, doc.stripTabs, out)
		}
	}
}

// TestHereDocText: what the command reads from the body collected.
func TestHereDocText(t *testing.T) {
	for _, c := range []struct {
		doc        hereDoc
		body, want string
		err        string
	}{
		{hereDoc{delim: "EOF"}, "a \\$b \\\\ \\` c\\\nd\n", "a $b \\ ` cd\n", ""},
		{hereDoc{delim: "EOF"}, "keep \\n and $ alone and 5$\n", "keep \\n and $ alone and 5$\n", ""},
		{hereDoc{delim: "EOF", quoted: true}, "$HOME \\$ `x`\n", "$HOME \\$ `x`\n", ""},
		{hereDoc{delim: "EOF", stripTabs: true, quoted: true}, "\t\ta\n  \tb\n\t\n", "a\n  \tb\n\n", ""},
		{hereDoc{delim: "EOF"}, "ok\nname: $NAME\n", "", "$NAME in line 2 of the here-document"},
		{hereDoc{delim: "X"}, "`date`\n", "", "quote the delimiter (<<'X')"},
	} {
		got, err := c.doc.text(c.body)
		if c.err != "" {
			if err == nil || !strings.Contains(err.Error(), c.err) {
				t.Errorf("%q: error %v, want %q", c.body, err, c.err)
			}
			continue
		}
		if err != nil || got != c.want {
			t.Errorf("%q: %q, %v; want %q", c.body, got, err, c.want)
		}
	}
}

func newTestShell(t *testing.T, replicas int) *Shell {
	t.Helper()
	cfg := engine.Config{Seed: 1}
	cfg.APIServers.Replicas = replicas
	_, sh, err := NewWorld(cfg)
	if err != nil {
		t.Fatal(err)
	}
	return sh
}

// TestHereDocRuns: a txn from a here-document, line by line and pasted
// whole; files written with cat survive a rewind; an unterminated block
// is one error naming its line, and runs nothing.
func TestHereDocRuns(t *testing.T) {
	sh := newTestShell(t, 0)
	script := "etcdctl put key1 v\netcdctl txn <<-'EOF'\n\tmod(\"key1\") > \"0\"\n\n\tput key1 \"overwrote-key1\"\n\n\tput key1 created\n\n\tEOF\n"
	var out strings.Builder
	for _, l := range strings.Split(strings.TrimSuffix(script, "\n"), "\n") {
		o, err := sh.Exec(l)
		if err != nil {
			t.Fatalf("%q: %v", l, err)
		}
		out.WriteString(o)
	}
	if want := "OK\nSUCCESS\n\nOK\n"; out.String() != want {
		t.Errorf("line by line: %q, want %q", out.String(), want)
	}
	sh2 := newTestShell(t, 0)
	if o, err := sh2.Exec(script); err != nil || o != out.String() {
		t.Errorf("pasted whole: %q, %v", o, err)
	}
	if o, _ := sh2.Exec("etcdctl get key1 --print-value-only"); o != "overwrote-key1\n" {
		t.Errorf("after the txn key1 is %q", o)
	}

	if _, err := sh.Exec("cat > a.txt <<'EOF'\n$x\n  indented\nEOF"); err != nil {
		t.Fatal(err)
	}
	_, fork, err := sh.ForkAt(sh.World().Now())
	if err != nil {
		t.Fatal(err)
	}
	if o, err := fork.Exec("cat a.txt"); err != nil || o != "$x\n  indented\n" {
		t.Errorf("after a rewind cat a.txt: %q, %v", o, err)
	}
	if _, err := fork.Exec("cat nope.txt"); err == nil || ErrorLine(err) != "cat: nope.txt: No such file or directory" {
		t.Errorf("a missing file: %v", err)
	}

	rev := sh.World().Etcd.Rev()
	o, err := sh.Exec("etcdctl get a\netcdctl put k v <<EOF\nno end")
	if err == nil || ErrorLine(err) != "Error: here-document at line 2 delimited by end-of-file (wanted `EOF'): the command did not run" {
		t.Errorf("unterminated: %q, %v", o, err)
	}
	if sh.World().Etcd.Rev() != rev || sh.Pending() {
		t.Error("an unterminated here-document ran, or left the shell waiting")
	}
	sh.Exec("etcdctl put k v <<EOF")
	if _, err := sh.EndInput(); err == nil || !strings.Contains(err.Error(), "at line ") {
		t.Errorf("end of input inside a here-document: %v", err)
	}
}

// referenceHereDoc reads a here-document with mvdan.cc/sh: the delimiter
// and the text the command would read (variables expand to nothing).
func referenceHereDoc(script string) (delim, text string, ok bool) {
	f, err := syntax.NewParser(syntax.Variant(syntax.LangBash)).Parse(strings.NewReader(script), "")
	if err != nil || len(f.Stmts) != 1 || len(f.Stmts[0].Redirs) != 1 {
		return "", "", false
	}
	r := f.Stmts[0].Redirs[0]
	if r.Op != syntax.Hdoc && r.Op != syntax.DashHdoc || r.Hdoc == nil {
		return "", "", false
	}
	d, err := expand.Fields(nil, r.Word)
	if err != nil || len(d) != 1 {
		return "", "", false
	}
	text, err = expand.Document(nil, r.Hdoc)
	if r.Op == syntax.DashHdoc { // as mvdan.cc/sh/v3/interp strips them
		lines := strings.SplitAfter(text, "\n")
		for i, l := range lines {
			lines[i] = strings.TrimLeft(l, "\t")
		}
		text = strings.Join(lines, "")
	}
	return d[0], text, err == nil
}

// FuzzHereDoc compares the console's here-documents with mvdan.cc/sh's
// bash parser: where the console accepts one, bash reads the same
// delimiter and the same text; no error is more than one line.
func FuzzHereDoc(f *testing.F) {
	for _, c := range hereDocCases {
		f.Add(c.line, "a: b\n  c: 'd'\n\nEOF\n")
	}
	f.Add("cat <<-EOF", "\tx\n\t\tEOF\n")
	f.Add("cat <<EOF", "a\\\nb \\$ \\\\ $\nEOF")
	f.Add("cat <<'E F'", "x\nE F\n")
	f.Fuzz(func(t *testing.T, line, rest string) {
		if strings.ContainsAny(line, "\n\r\x00") || strings.ContainsAny(rest, "\r\x00") {
			return
		}
		words, doc, _, err := splitCommand(line)
		if err != nil {
			if strings.Contains(err.Error(), "\n") {
				t.Fatalf("%q: error of two lines: %q", line, err)
			}
			return
		}
		if doc == nil || len(words) == 0 || doc.delim == "" || strings.ContainsAny(line, "{}~;&|()") {
			return
		}
		p := hereDocPending{doc: doc, head: line}
		ended := false
		for _, l := range strings.Split(rest, "\n") {
			if doc.ends(l) {
				ended = true
				break
			}
			p.body = append(p.body, l)
		}
		if !ended {
			return
		}
		_, body, _ := strings.Cut(p.command(), "\n")
		got, err := doc.text(body)
		if err != nil {
			return
		}
		script := p.command() + doc.delim + "\n"
		if doc.stripTabs {
			script = p.command() + "\t" + doc.delim + "\n"
		}
		d, want, ok := referenceHereDoc(script)
		if !ok {
			return
		}
		if d != doc.delim || got != want {
			t.Fatalf("%q: console reads delim %q text %q; bash %q %q", script, doc.delim, got, d, want)
		}
	})
}

// TestTxnInteractivePrompts: etcdctl txn -i asks for each section as the
// real one does, when the section before it has ended, and the result
// does not repeat the prompts; the lines pasted whole print the same text.
func TestTxnInteractivePrompts(t *testing.T) {
	sh := newTestShell(t, 0)
	lines := []string{"put a 0", "etcdctl txn -i", `mod("a") > "0"`, "", "put a 1", "", "get a", ""}
	want := []string{"OK\n", "compares:\n", "", "success requests (get, put, del):\n", "", "failure requests (get, put, del):\n", "", "SUCCESS\n\nOK\n"}
	var all strings.Builder
	for i, l := range lines {
		out, err := sh.Exec(l)
		if err != nil || out != want[i] {
			t.Errorf("%q printed %q (%v), want %q", l, out, err, want[i])
		}
		all.WriteString(out)
	}
	whole := newTestShell(t, 0)
	if out, err := whole.Exec(strings.Join(lines, "\n") + "\n"); err != nil || out != all.String() {
		t.Errorf("pasted whole: %q (%v), want %q", out, err, all.String())
	}
}

// TestPutValueFromHereDoc: etcdctl put KEY takes all of its input as the
// value, the last line break too; without input it is etcdctl's error.
func TestPutValueFromHereDoc(t *testing.T) {
	sh := newTestShell(t, 0)
	if _, err := sh.Exec("etcdctl put k <<'EOF'\na\n  b\nEOF"); err != nil {
		t.Fatal(err)
	}
	if out, _ := sh.Exec("etcdctl get k --print-value-only"); out != "a\n  b\n\n" {
		t.Errorf("the value is %q", out)
	}
	if _, err := sh.Exec("etcdctl put k2"); err == nil || err.Error() != "put command needs 1 argument and input from stdin or 2 arguments" {
		t.Errorf("put without a value: %v", err)
	}
}
