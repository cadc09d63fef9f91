package live

import (
	"fmt"
	"testing"
	"time"

	"watchscope/lessons"
	"watchscope/ui/scene"
	"watchscope/ui/view"
)

// TestEveryStepLaysOutWithoutCollisions plays every lesson beat by beat
// (each question, then its step; the same state a deep link to the step
// opens) and lays the stage out in both themes: every focus id is an
// actor, every cache belongs to a resource the world uses, and no two
// drawn texts overlap; and why? explains each step's key answer
// (checkStepWhy). (Both screen sizes share the layout: the stage is
// laid out on the 1920x1080 design canvas and scaled, view.Fit.)
func TestEveryStepLaysOutWithoutCollisions(t *testing.T) {
	all, err := lessons.All()
	if err != nil {
		t.Fatal(err)
	}
	whys, rows := map[string]int{}, map[int]bool{}
	for _, l := range all {
		s, err := Open(Link{Lesson: l.ID})
		if err != nil {
			t.Fatal(err)
		}
		for beat := 0; beat < 2*len(l.Steps)+1; beat++ {
			if beat > 0 {
				if s.lesson.r.Done() {
					break
				}
				s.Send("next")
				s.Send("skip") // the step's end at once, as the deep link has it (in motion the callout waits for its event)
				s.Tick(time.Second / 60)
			}
			step := s.lesson.r.Next()
			sc := s.sceneState()
			for _, f := range sc.Focus {
				if sc.Find(f) == nil {
					t.Errorf("%s step %d: focus %q is not an actor", l.ID, step, f)
				}
			}
			for _, c := range sc.Of(scene.KindCache) {
				if !contains(sc.Resources, c.Resource) {
					t.Errorf("%s step %d: a %s cache, not a resource the world uses %v", l.ID, step, c.Resource, sc.Resources)
				}
			}
			for _, th := range []view.Theme{view.Dark, view.Projector} {
				s.chrome.Theme = th
				checkFocusDrawn(t, s, s.Scene(), l.ID, step)
				if p := overlap(s.texts); p != "" {
					t.Errorf("%s step %d (%s theme): %s", l.ID, step, th.Name, p)
				}
			}
			s.chrome.Theme = view.Dark
			checkStepWhy(t, s, l.ID, whys)
			checkWhyRows(t, s, l.ID, step, rows)
		}
	}
	checkWhyRowsDone(t, all, rows)
	for _, id := range []string{"gone-410", "restart-storm", "the-incident", "bookmarks", "slow-consumers"} {
		if whys[id] == 0 {
			t.Errorf("%s: no step's key answer was explained by why?", id)
		}
	}
	t.Logf("why? checked at steps per lesson: %v", whys)
}

// overlap names the first two text boxes that overlap by more than a
// pixel each way, "" when none do.
func overlap(ts []scene.TextBox) string {
	for i := range ts {
		for j := i + 1; j < len(ts); j++ {
			a, b := ts[i], ts[j]
			if a.X+1 < b.X+b.W && b.X+1 < a.X+a.W && a.Y+1 < b.Y+b.H && b.Y+1 < a.Y+a.H {
				return fmt.Sprintf("%q at (%.0f,%.0f %.0fx%.0f) overlaps %q at (%.0f,%.0f %.0fx%.0f)",
					a.Text, a.X, a.Y, a.W, a.H, b.Text, b.X, b.Y, b.W, b.H)
			}
		}
	}
	return ""
}
