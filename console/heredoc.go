package console

import (
	"fmt"
	"strings"
)

// Here-documents: a command's standard input written after it, the way
// etcd's and Kubernetes' documentation give a transaction or a manifest:
//
//	etcdctl txn <<EOF                 kubectl apply -f - <<'EOF'
//	mod("key1") > "0"                 apiVersion: v1
//	                                  kind: ConfigMap
//	put key1 "overwrote-key1"         metadata:
//	                                    name: settings
//	put key1 "created-key1"           EOF
//
//	EOF
//
// As in bash: the lines after the command, up to a line that is exactly
// the delimiter word, are its input. <<-EOF strips leading tabs from every
// line and from the delimiter line. A quoted delimiter (<<'EOF', <<"EOF",
// <<\EOF) keeps the text literal; an unquoted one lets a backslash escape
// $ ` \ and join lines, and would expand $VAR and `cmd`, which the console
// cannot do: those are errors that say to quote the delimiter. The
// command and its input are logged and replayed as one command.

// hereDoc is a command's here-document operator.
type hereDoc struct {
	delim     string
	quoted    bool // the delimiter was quoted: the text is literal
	stripTabs bool // <<-: leading tabs are removed
}

// splitCommand is splitArgs for a whole command: besides its words it
// reads a here-document operator (<<WORD, <<-WORD) and an output file
// (> FILE, which only cat takes).
func splitCommand(line string) (words []string, doc *hereDoc, outFile string, err error) {
	if i := strings.IndexByte(line, 0); i >= 0 {
		return nil, nil, "", fmt.Errorf("NUL character at column %d: a command line is text", column(line, i))
	}
	t := tokenizer{s: line, redirs: true}
	words, err = t.words()
	return words, t.doc, t.outFile, err
}

// redirection reads << or > and the word after it.
func (t *tokenizer) redirection(c byte) error {
	col := column(t.s, t.i)
	rest := t.s[t.i:]
	switch {
	case strings.HasPrefix(rest, "<<<"):
		return fmt.Errorf("here-string (<<<) at column %d: give the input as a here-document (<<EOF ... EOF)", col)
	case strings.HasPrefix(rest, "<<"):
		if t.doc != nil {
			return fmt.Errorf("a second here-document at column %d: the console reads one per command", col)
		}
		t.endWord()
		t.i += 2
		d := &hereDoc{}
		if t.i < len(t.s) && t.s[t.i] == '-' {
			d.stripTabs = true
			t.i++
		}
		word, raw, err := t.redirWord()
		if err != nil {
			return err
		}
		if raw == "" {
			return fmt.Errorf("<< at column %d needs a delimiter word, as in <<EOF", col)
		}
		d.delim, d.quoted = word, strings.ContainsAny(raw, `'"\`)
		t.doc = d
		return nil
	case c == '>' && !strings.HasPrefix(rest, ">>") && !strings.HasPrefix(rest, ">&") && t.outFile == "":
		t.endWord()
		t.i++
		word, raw, err := t.redirWord()
		if err != nil {
			return err
		}
		if raw == "" {
			return fmt.Errorf("> at column %d needs a file name", col)
		}
		t.outFile = word
		return nil
	}
	return t.operator(c)
}

// redirWord reads the one word after a redirection operator (blanks
// before it skipped), quoted as any word is; raw is its text as written.
func (t *tokenizer) redirWord() (word, raw string, err error) {
	for t.i < len(t.s) && (t.s[t.i] == ' ' || t.s[t.i] == '\t') {
		t.i++
	}
	start := t.i
	for t.i < len(t.s) && err == nil {
		c := t.s[t.i]
		if c == ' ' || c == '\t' || strings.IndexByte("|&;<>()`\n", c) >= 0 {
			break
		}
		switch c {
		case '\\':
			t.backslash()
		case '\'':
			err = t.singleQuoted()
		case '"':
			err = t.doubleQuoted()
		case '$':
			err = t.dollar()
		default:
			t.cur.WriteByte(c)
			t.i++
		}
	}
	word = t.cur.String()
	t.cur.Reset()
	t.inArg = false
	return word, t.s[start:t.i], err
}

// ends reports whether line is the here-document's delimiter line.
func (d *hereDoc) ends(line string) bool {
	if d.stripTabs {
		line = strings.TrimLeft(line, "\t")
	}
	return line == d.delim
}

// text is the input the command reads from the body as collected (the
// lines between the operator and the delimiter, each ended by "\n").
func (d *hereDoc) text(body string) (string, error) {
	if d.stripTabs {
		lines := strings.SplitAfter(body, "\n")
		for i, l := range lines {
			lines[i] = strings.TrimLeft(l, "\t")
		}
		body = strings.Join(lines, "")
	}
	if d.quoted {
		return body, nil
	}
	var b strings.Builder
	for i := 0; i < len(body); i++ {
		c := body[i]
		switch {
		case c == '\\' && i+1 < len(body) && strings.IndexByte("$`\\\n", body[i+1]) >= 0:
			i++
			if body[i] != '\n' {
				b.WriteByte(body[i])
			}
		case c == '`' || c == '$' && expands(body[i+1:]):
			what := body[i:]
			if n := strings.IndexAny(what, " \t\n\"'"); n > 0 {
				what = what[:n]
			}
			line := strings.Count(body[:i], "\n") + 1
			return "", fmt.Errorf("%s in line %d of the here-document: the console expands no variables or commands; quote the delimiter (<<'%s') to keep the text as it is",
				what, line, d.delim)
		default:
			b.WriteByte(c)
		}
	}
	return b.String(), nil
}

// hereDocPending is a command whose here-document is being collected.
type hereDocPending struct {
	doc  *hereDoc
	head string   // the command line
	body []string // the lines so far
	line int      // the input line the command was on
}

func (p *hereDocPending) command() string {
	if len(p.body) == 0 {
		return p.head
	}
	return p.head + "\n" + strings.Join(p.body, "\n") + "\n"
}

func (p *hereDocPending) unterminated() error {
	return fmt.Errorf("here-document at line %d delimited by end-of-file (wanted `%s'): the command did not run", p.line, p.doc.delim)
}
