package view

import (
	"fmt"
	"testing"
)

// A wrapped text cut to its first lines ends its last kept line on a
// whole thought, not a dangling word ("on a"); uncut, it is left alone.
func TestFirstLinesEndWhole(t *testing.T) {
	if got := firstLines([]string{"LISTs configmaps on a", "timer"}, 1); len(got) != 1 || got[0] != "LISTs configmaps" {
		t.Errorf("one line of two: %q, want [\"LISTs configmaps\"]", got)
	}
	if got := firstLines([]string{"LISTs", "configmaps on a", "timer"}, 2); len(got) != 2 || got[1] != "configmaps" {
		t.Errorf("two lines of three: %q, want the second to end on configmaps", got)
	}
	if got := firstLines([]string{"one of", "two"}, 2); len(got) != 2 || got[0] != "one of" || got[1] != "two" {
		t.Errorf("nothing cut: %q", got)
	}
}

// wrapHard says which of its breaks fell inside a word (the callout joins
// those back with no space), as a fact of the break: a text that repeats
// the two halves elsewhere does not make a break at a space look cut.
func TestWrapHardMarksItsCuts(t *testing.T) {
	const size, width = 20.0, 200.0
	long := "resourceVersion=123456789012345678901234567890"
	lines, cut := wrapHard("a "+long, Mono, size, width)
	if len(lines) < 3 || len(cut) != len(lines) {
		t.Fatalf("lines %q cut %v: want the long token broken over several lines, one flag each", lines, cut)
	}
	if cut[0] || !cut[1] || cut[len(cut)-1] {
		t.Errorf("cut %v for %q: want the break after \"a\" whole, the token's breaks cut, the last line not", cut, lines)
	}
	// "aaaa" "bbbb" at a space, then "aaaabbbb" cut: the text holds
	// "aaaabbbb", which read the first break as a cut when it was guessed.
	lines, cut = wrapHard("aaaa bbbb aaaabbbb", Mono, size, Measure(Mono, size, "aaaa")+1)
	if want := []bool{false, false, true, false}; fmt.Sprint(cut) != fmt.Sprint(want) {
		t.Errorf("%q: cut %v, want %v", lines, cut, want)
	}
}
