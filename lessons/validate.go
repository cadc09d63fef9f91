package lessons

import (
	"fmt"
	"maps"
	"regexp"
	"slices"
	"strings"
)

// placeholderRE finds {name} in an action: a value captured by a let in
// an earlier step, put into the command when it runs.
var placeholderRE = regexp.MustCompile(`\{([a-z][a-z0-9_]*)\}`)

func placeholders(cmd string) []string {
	var names []string
	for _, m := range placeholderRE.FindAllStringSubmatch(cmd, -1) {
		names = append(names, m[1])
	}
	return names
}

// expand puts captured values into an action's {name} placeholders.
func expand(cmd string, captures map[string]Value) string {
	return placeholderRE.ReplaceAllStringFunc(cmd, func(m string) string {
		if v, ok := captures[m[1:len(m)-1]]; ok {
			return v.String()
		}
		return m
	})
}

// NarrationMax is the longest narration a step may have, in bytes: about
// three projector lines at presentation type size. Detail belongs in the
// speaker notes.
const NarrationMax = 600

// consoleCommands are the first words the console accepts (etcdctl may be
// left out; kubectl arrives with the API server layer).
var consoleCommands = []string{"etcdctl", "sim", "kubectl", "put", "get", "del", "compaction", "compact", "watch", "endpoint", "help"}

func checkCommand(cmd string) error {
	word, _, _ := strings.Cut(cmd, " ")
	if !contains(consoleCommands, word) {
		return fmt.Errorf("unknown console command %q%s", word, didYouMean(word, consoleCommands))
	}
	return nil
}

func errUnexpected(c *cursor) error {
	return fmt.Errorf("unexpected %s after a complete value", c.describe())
}

// validate checks what spans lines: every step speaks and proves what it
// says, names exist before they are used, metrics are declared.
func validate(l *Lesson, ps *problems) {
	if len(l.Steps) == 0 {
		ps.add(1, "a lesson needs at least one step (a ## heading)")
	}
	names := map[string]bool{}
	for i := range l.Steps {
		validateStep(l, &l.Steps[i], names, ps)
	}
}

func validateStep(l *Lesson, s *Step, names map[string]bool, ps *problems) {
	switch {
	case s.Narration == "":
		ps.add(s.Line, "step %q has no narration", s.Title)
	case len(s.Narration) > NarrationMax:
		ps.add(s.Line, "step %q: narration is %d characters; keep it under %d (move detail to notes)",
			s.Title, len(s.Narration), NarrationMax)
	}
	for _, a := range s.Actions {
		for _, name := range placeholders(a.Command) {
			if !names[name] {
				ps.add(a.Line, "{%s}: no earlier step captures %q (let %s = ... in a check block)%s",
					name, name, name, didYouMean(name, slices.Sorted(maps.Keys(names))))
			}
		}
	}
	if len(s.Actions) > 0 && len(s.Checks) == 0 {
		ps.add(s.Line, "step %q acts on the world but has no check block: prove what the narration says", s.Title)
	}
	for _, c := range s.Checks {
		validateCheck(l, s, c, names, ps)
		if c.Kind == CheckLet {
			names[c.Name] = true
		}
	}
	if s.Ask != nil && s.Ask.Reveal != nil {
		validateExpr(l, s, s.Ask.Reveal, s.Ask.Line, names, ps)
	}
}

func validateCheck(l *Lesson, s *Step, c Check, names map[string]bool, ps *problems) {
	filters := []Filter{c.First, c.Then}
	for _, e := range []*Expr{c.Left, c.Right} {
		if e != nil {
			for _, t := range e.Terms {
				filters = append(filters, t.Filter)
			}
		}
	}
	for _, f := range filters {
		for _, t := range f.Terms {
			for _, name := range placeholders(t.Value) {
				if !names[name] {
					ps.add(c.Line, "{%s}: nothing captures %q before this check (let %s = ...)%s",
						name, name, name, didYouMean(name, slices.Sorted(maps.Keys(names))))
				}
			}
		}
	}
	for _, e := range []*Expr{c.Left, c.Right} {
		if e != nil {
			validateExpr(l, s, e, c.Line, names, ps)
		}
	}
	if c.Kind == CheckContains {
		validateSource(s, c.Source, c.Line, ps)
		for _, name := range placeholders(c.Needle) {
			if !names[name] {
				ps.add(c.Line, "{%s}: nothing captures %q before this check (let %s = ...)%s",
					name, name, name, didYouMean(name, slices.Sorted(maps.Keys(names))))
			}
		}
	}
}

func validateExpr(l *Lesson, s *Step, e *Expr, line int, names map[string]bool, ps *problems) {
	for _, t := range e.Terms {
		switch t.Kind {
		case TermCapture:
			if !names[t.Str] {
				ps.add(line, "unknown name %q%s: capture it first with let %s = ...",
					t.Str, didYouMean(t.Str, slices.Sorted(maps.Keys(names))), t.Str)
			}
		case TermMetric:
			base, _, _ := strings.Cut(t.Str, "{")
			if !contains(l.Metrics, base) {
				ps.add(line, "metric %s is not in the header's metrics list%s", base, didYouMean(base, l.Metrics))
			}
		case TermField, TermCount:
			validateSource(s, t.Source, line, ps)
		}
	}
}

func validateSource(s *Step, src Source, line int, ps *problems) {
	switch {
	case len(s.Actions) == 0:
		ps.add(line, "%s: this step has no actions, so there is no output to read", src)
	case src.Action > len(s.Actions):
		ps.add(line, "%s: this step has only %d actions", src, len(s.Actions))
	}
}
