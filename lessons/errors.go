package lessons

import (
	"fmt"
	"strings"
)

// Problem is one mistake in a lesson file, located by line. Its text form
// is the one compilers use, so editors can jump to it:
//
//	revisions.md:14: unknown block "chek" (did you mean "check"?)
type Problem struct {
	File string
	Line int
	Msg  string
}

func (p Problem) String() string { return fmt.Sprintf("%s:%d: %s", p.File, p.Line, p.Msg) }

// ParseError holds every problem found in one file, in line order. The
// parser does not stop at the first mistake: a trainer fixing a lesson
// sees them all at once.
type ParseError struct {
	Problems []Problem
}

func (e *ParseError) Error() string {
	lines := make([]string, len(e.Problems))
	for i, p := range e.Problems {
		lines[i] = p.String()
	}
	return strings.Join(lines, "\n")
}

// problems collects Problems for one file while it is parsed.
type problems struct {
	file string
	list []Problem
}

func (ps *problems) add(line int, format string, args ...any) {
	ps.list = append(ps.list, Problem{File: ps.file, Line: line, Msg: fmt.Sprintf(format, args...)})
}

// err returns a *ParseError with the problems sorted by line (stable, so
// two problems on one line keep the order they were found in), or nil.
func (ps *problems) err() error {
	if len(ps.list) == 0 {
		return nil
	}
	sortProblems(ps.list)
	return &ParseError{Problems: ps.list}
}

func sortProblems(list []Problem) {
	for i := 1; i < len(list); i++ {
		for j := i; j > 0 && list[j].Line < list[j-1].Line; j-- {
			list[j], list[j-1] = list[j-1], list[j]
		}
	}
}
