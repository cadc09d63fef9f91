package lessons

import (
	"strings"
)

// closeBlock hands a finished block to the parser for its kind.
func (p *parser) closeBlock(b *block) {
	if p.step == nil || !contains(blockKinds, b.kind) {
		return
	}
	switch b.kind {
	case "highlight":
		p.highlights(b)
	case "do":
		p.actions(b)
	case "check":
		p.checks(b)
	case "ask":
		p.step.Ask = parseAsk(b, p.ps)
	case "notes":
		p.step.Notes = paragraphs(b.lines)
	case "cue":
		p.cue(b)
	case "scene":
		p.sceneDirectives(b)
	case "motion":
		p.motion(b)
	}
}

// eachLine calls fn for every non-blank line of a block with its number.
func eachLine(b *block, fn func(n int, text string)) {
	for i, raw := range b.lines {
		if t := strings.TrimSpace(raw); t != "" {
			fn(b.line+1+i, t)
		}
	}
}

func (p *parser) highlights(b *block) {
	eachLine(b, func(n int, text string) {
		for _, item := range splitList(text) {
			t, err := parseTarget(item)
			if err != nil {
				p.ps.add(n, "%v", err)
				continue
			}
			t.Line = n
			if t.Name == "figure" {
				if p.step.Figure != "" {
					p.ps.add(n, "highlight figure:%s: this step already points at figure:%s (one figure a step)", t.Param, p.step.Figure)
					continue
				}
				p.step.Figure = t.Param // the step's figure, not a part of the stage to frame
				continue
			}
			p.step.Highlights = append(p.step.Highlights, t)
		}
	})
}

func (p *parser) actions(b *block) {
	eachLine(b, func(n int, text string) {
		if strings.HasPrefix(text, "#") {
			return
		}
		if err := checkCommand(text); err != nil {
			p.ps.add(n, "%v", err)
		}
		p.step.Actions = append(p.step.Actions, Action{Line: n, Command: text})
	})
}

// checks parses one check per line. A "# ..." comment line states the
// claim that the checks after it back, up to the next comment or blank line.
func (p *parser) checks(b *block) {
	claim := ""
	for i, raw := range b.lines {
		n, text := b.line+1+i, strings.TrimSpace(raw)
		switch {
		case text == "":
			claim = ""
		case strings.HasPrefix(text, "#"):
			claim = strings.TrimSpace(strings.TrimLeft(text, "#"))
		default:
			c, err := parseCheck(text)
			if err != nil {
				p.ps.add(n, "check: %v", err)
				continue
			}
			c.Line, c.Claim = n, claim
			p.step.Checks = append(p.step.Checks, c)
		}
	}
}

func (p *parser) cue(b *block) {
	var label []string
	eachLine(b, func(_ int, text string) { label = append(label, text) })
	if len(label) != 1 {
		p.ps.add(b.line, "a cue block holds exactly one line: the cue's label")
		return
	}
	p.step.Cue = label[0]
}

// FigureKinds are the figures a step may point at (highlight
// figure:KIND): the one relation the step is about, which the stage draws
// large from the world. Each is one line of ui/view's registry of
// figures (its builder and painter), which a test holds to this list.
var FigureKinds = []string{"rv-axis", "pages", "pipeline", "fan-out", "file", "time"}

// parseAsk reads a question block:
//
//	Which revision does the third write get?
//	- [ ] 3
//	- [x] 4
//	why: the first write of a fresh etcd is revision 2
//	reveal: metric etcd_debugging_mvcc_current_revision
func parseAsk(b *block, ps *problems) *Ask {
	a := &Ask{Line: b.line, Right: -1}
	var question, why []string
	rightLine := 0
	inWhy := false
	eachLine(b, func(n int, text string) {
		switch {
		case strings.HasPrefix(text, "- [x] ") || strings.HasPrefix(text, "- [X] "):
			if a.Right >= 0 {
				ps.add(n, "a question has one right choice; the first is on line %d", rightLine)
			}
			a.Right, rightLine = len(a.Choices), n
			a.Choices = append(a.Choices, strings.TrimSpace(text[6:]))
			inWhy = false
		case strings.HasPrefix(text, "- [ ] "):
			a.Choices = append(a.Choices, strings.TrimSpace(text[6:]))
			inWhy = false
		case strings.HasPrefix(text, "- "):
			ps.add(n, "a choice is written \"- [ ] text\" or, for the right one, \"- [x] text\"")
		case strings.HasPrefix(text, "why:"):
			why, inWhy = append(why, strings.TrimSpace(text[4:])), true
		case strings.HasPrefix(text, "reveal:"):
			a.Reveal = parseReveal(strings.TrimSpace(text[7:]), n, ps)
			inWhy = false
		case inWhy:
			why = append(why, text)
		case len(a.Choices) == 0:
			question = append(question, text)
		default:
			ps.add(n, "unexpected line in a question after its choices: %q (want why: or reveal:)", text)
		}
	})
	a.Question, a.Why = strings.Join(question, " "), strings.Join(why, " ")
	checkAsk(a, b.line, ps)
	return a
}

func checkAsk(a *Ask, line int, ps *problems) {
	switch {
	case a.Question == "":
		ps.add(line, "a question block starts with the question")
	case len(a.Choices) < 2:
		ps.add(line, "a question needs at least two choices")
	case a.Right < 0:
		ps.add(line, "mark the right choice with - [x]")
	}
	if a.Why == "" {
		ps.add(line, "a question needs why: (the explanation shown with the answer)")
	}
}

func parseReveal(text string, n int, ps *problems) *Expr {
	toks, err := lexCheck(text)
	if err != nil {
		ps.add(n, "reveal: %v", err)
		return nil
	}
	c := &cursor{toks: toks}
	e, err := parseExpr(c)
	if err == nil && !c.done() {
		err = errUnexpected(c)
	}
	if err != nil {
		ps.add(n, "reveal: %v", err)
		return nil
	}
	return e
}
