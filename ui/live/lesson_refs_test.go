package live

import (
	"net/url"
	"testing"

	"watchscope/ui/view"
)

// TestLessonRefLinkOpensTheLesson: a step whose narration names another
// lesson (lesson:gone-410 in cache-sizing's fixed-ring step) shows the
// link, and a click on it opens that lesson.
func TestLessonRefLinkOpensTheLesson(t *testing.T) {
	s := openLink(t, url.Values{"lesson": {"cache-sizing"}, "step": {"5"}})
	s.Tick(frame)
	snap := s.Snapshot()
	l := snap.Lesson
	if l == nil || len(l.Refs) != 1 || l.Refs[0].ID != "gone-410" {
		t.Fatalf("cache-sizing step 5: lesson view %+v, want one link to gone-410", l)
	}
	g := view.RefRegion(snap.UI.Theme, l, 0)
	cmd := view.Hit(snap, g.X+g.W/2, g.Y+g.H/2)
	if cmd != "lesson gone-410" {
		t.Fatalf("a click on the link sends %q", cmd)
	}
	beat(s, cmd)
	if st := s.State(); st.Lesson != "gone-410" {
		t.Errorf("after the click the stage plays %q, want gone-410", st.Lesson)
	}
}
