package view

import "testing"

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
