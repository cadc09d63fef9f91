package view

import "testing"

// Each overlay's line is one of the two kinds, and only one: a dialog
// (Rows, and the title it shows) or a painted panel (Draw); a line with
// both or neither would be a modal the scene thinks closed, or nothing.
func TestOverlayLinesAreOneKind(t *testing.T) {
	seen := map[string]bool{}
	for _, o := range Overlays {
		if (o.Rows != nil) == (o.Draw != nil) {
			t.Errorf("overlay %q: give Rows (a dialog) or Draw (a painted panel), one of them", o.Verb)
		}
		if o.Dialog() && o.Title == "" {
			t.Errorf("overlay %q: a dialog without a title", o.Verb)
		}
		if o.Verb == "" || seen[o.Verb] {
			t.Errorf("overlay %q: a verb of its own", o.Verb)
		}
		seen[o.Verb] = true
	}
}
