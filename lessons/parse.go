package lessons

import (
	"strings"
)

// blockKinds are the fenced blocks a step may hold.
var blockKinds = []string{"highlight", "do", "check", "ask", "notes", "cue", "scene", "motion"}

// block is one fenced block as read: its kind, the line of its opening
// fence, and its content lines.
type block struct {
	kind  string
	line  int
	lines []string
}

// parser holds the state of one Parse call.
type parser struct {
	l      *Lesson
	ps     *problems
	step   *Step // the step being read, nil before the first "##"
	text   []string
	blocks map[string]int // kind -> line, for the current step
}

// Parse reads one lesson file. name is how error messages refer to the
// file. It returns every problem it finds as a *ParseError, each with its
// line number; a lesson that parses is also validated (see validate).
func Parse(name string, src []byte) (*Lesson, error) {
	ps := &problems{file: name}
	l := &Lesson{File: name, Seed: 1}
	lines := splitLines(string(src))
	body := readHeader(l, lines, ps)
	if body >= 0 {
		p := &parser{l: l, ps: ps}
		p.body(lines, body)
		validate(l, ps)
	}
	if err := ps.err(); err != nil {
		return nil, err
	}
	return l, nil
}

func splitLines(s string) []string {
	s = strings.ReplaceAll(s, "\r\n", "\n")
	lines := strings.Split(s, "\n")
	if len(lines) > 0 && lines[len(lines)-1] == "" {
		lines = lines[:len(lines)-1]
	}
	return lines
}

// readHeader parses the --- header and returns the index of the first
// body line, or -1 when there is no usable header.
func readHeader(l *Lesson, lines []string, ps *problems) int {
	if len(lines) == 0 || strings.TrimSpace(lines[0]) != "---" {
		ps.add(1, "a lesson starts with a header between two --- lines (id, title, minutes, kubernetes, etcd)")
		return -1
	}
	for i := 1; i < len(lines); i++ {
		if strings.TrimSpace(lines[i]) == "---" {
			parseHeader(l, lines[1:i], 2, ps)
			return i + 1
		}
	}
	ps.add(1, "the header's closing --- line is missing")
	return -1
}

// body reads the steps: "## title" lines start steps, fenced blocks
// belong to the step they are in, everything else is narration (or the
// intro, before the first step).
func (p *parser) body(lines []string, from int) {
	var open *block
	for i := from; i < len(lines); i++ {
		n, line := i+1, lines[i]
		trimmed := strings.TrimSpace(line)
		switch {
		case open != nil && trimmed == "```":
			p.closeBlock(open)
			open = nil
		case open != nil:
			prose := open.kind == "notes" || open.kind == "ask"
			open.lines = append(open.lines, p.crossRefs(line, n, prose, false))
		case strings.HasPrefix(trimmed, "```"):
			open = p.openBlock(strings.TrimSpace(trimmed[3:]), n)
		case strings.HasPrefix(trimmed, "#"):
			p.heading(p.crossRefs(trimmed, n, true, false), n)
		default:
			p.text = append(p.text, p.crossRefs(line, n, true, p.step != nil))
		}
	}
	if open != nil {
		p.ps.add(open.line, "block %q is never closed (a line with only ``` ends it)", open.kind)
	}
	p.finishStep()
}

func (p *parser) heading(h string, n int) {
	level := len(h) - len(strings.TrimLeft(h, "#"))
	title := strings.TrimSpace(h[level:])
	switch {
	case level == 2 && title != "":
		p.finishStep()
		p.l.Steps = append(p.l.Steps, Step{Line: n, Title: title})
		p.step = &p.l.Steps[len(p.l.Steps)-1]
		p.blocks = map[string]int{}
	case level == 2:
		p.ps.add(n, "a step heading needs a title: ## What happens")
	case level == 1 && p.step == nil && title == p.l.Title:
		// the lesson title repeated as a page heading: fine
	case level == 1:
		p.ps.add(n, "# is only for the lesson title (%q); start steps with ##", p.l.Title)
	default:
		p.ps.add(n, "only ## headings are allowed (they start steps); write plain text instead")
	}
}

// openBlock starts a fenced block; an unknown kind still opens one (so its
// content is skipped) but is reported.
func (p *parser) openBlock(kind string, n int) *block {
	b := &block{kind: kind, line: n}
	switch {
	case kind == "":
		p.ps.add(n, "a block needs a kind after ```: one of %s", strings.Join(blockKinds, ", "))
	case !contains(blockKinds, kind):
		p.ps.add(n, "unknown block %q%s", kind, didYouMean(kind, blockKinds))
	case p.step == nil:
		p.ps.add(n, "block %q before the first step: start a step with ## first", kind)
	default:
		if prev, dup := p.blocks[kind]; dup {
			p.ps.add(n, "second %q block in this step (first on line %d): merge them", kind, prev)
		}
		p.blocks[kind] = n
	}
	return b
}

// finishStep stores the collected narration of the step (or the intro).
func (p *parser) finishStep() {
	text := paragraphs(p.text)
	p.text = nil
	if p.step == nil {
		p.l.Intro = text
		return
	}
	p.step.Narration = text
}

// paragraphs joins lines into paragraphs: lines of one paragraph are
// joined by a space, paragraphs by a blank line.
func paragraphs(lines []string) string {
	var paras []string
	var cur []string
	flush := func() {
		if len(cur) > 0 {
			paras = append(paras, strings.Join(cur, " "))
			cur = nil
		}
	}
	for _, l := range lines {
		if t := strings.TrimSpace(l); t != "" {
			cur = append(cur, t)
		} else {
			flush()
		}
	}
	flush()
	return strings.Join(paras, "\n\n")
}
