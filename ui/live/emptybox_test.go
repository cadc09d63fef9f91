package live

import (
	"strings"
	"testing"

	"watchscope/ui/view"
)

// placeholder reports whether a text only says that something is not
// there ("no clients in this world", "none", "(none)").
func placeholder(s string) bool {
	s = strings.ToLower(strings.TrimSpace(s))
	return strings.HasPrefix(s, "no ") || s == "none" || strings.HasPrefix(s, "(none")
}

// emptyBoxes lists the placeholders of a drawn frame that are the only
// content of their box: the smallest panel holding the text has nothing
// else in it below its title row (no other word, mark, line or inner box).
func emptyBoxes(sc *view.Scene) []string {
	var out []string
	for _, t := range sc.Texts {
		if !placeholder(t.S) {
			continue
		}
		box, ok := smallestBoxAt(sc, t.X+1, t.Y+1)
		if !ok {
			continue
		}
		body := view.Region{X: box.X, Y: box.Y + titleRow, W: box.W, H: box.H - titleRow}
		if !holdsMore(sc, body, t) {
			out = append(out, t.S)
		}
	}
	return out
}

// titleRow is the height of a box's title and caption line (its words start 8 px down).
const titleRow = 20

func smallestBoxAt(sc *view.Scene, x, y float64) (view.Region, bool) {
	var best view.Region
	found := false
	for _, r := range sc.Rects {
		rg := view.Region{X: r.X, Y: r.Y, W: r.W, H: r.H}
		if rg.W < 60 || rg.H < 40 || !rg.Contains(x, y) {
			continue
		}
		if !found || rg.W*rg.H < best.W*best.H {
			best, found = rg, true
		}
	}
	return best, found
}

// holdsMore reports whether body holds anything drawn besides text t.
func holdsMore(sc *view.Scene, body view.Region, t view.Text) bool {
	for _, o := range sc.Texts {
		if o != t && o.S != "" && body.Contains(o.X+1, o.Y+1) {
			return true
		}
	}
	for _, m := range sc.Marks {
		if body.Contains(m.X, m.Y) {
			return true
		}
	}
	for _, r := range sc.Rects {
		if r.W*r.H < body.W*body.H && body.Contains(r.X+1, r.Y+1) {
			return true
		}
	}
	return false
}

// TestNoEmptyBox (issue 26, point 5): on no step of any lesson, in either
// theme, is a box drawn whose only content is a "no ..." placeholder (the
// CLIENTS band saying "no clients in this world"): its room goes to what
// the step is about.
func TestNoEmptyBox(t *testing.T) {
	eachStepDrawn(t, func(_ *Session, lesson string, step int, sc *view.Scene) {
		for _, p := range emptyBoxes(sc) {
			t.Errorf("%s step %d (%s): a box holding only %q", lesson, step, sc.Theme.Name, p)
		}
	})
}
