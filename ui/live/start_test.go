package live

import (
	"net/url"
	"testing"
	"time"

	"watchscope/ui/view"
)

// TestStartScreen: a visit without parameters opens on the start screen,
// whose big button (or Enter) starts the first lesson; a deep link skips it.
func TestStartScreen(t *testing.T) {
	s, err := Open(ParseLink(url.Values{}))
	if err != nil {
		t.Fatal(err)
	}
	st := s.State()
	if !st.Start || len(s.chrome.Path) < 10 || s.chrome.Path[0].ID != firstLesson {
		t.Fatalf("start %v, path %+v", st.Start, s.chrome.Path)
	}
	for _, p := range s.chrome.Path {
		if p.Minutes <= 0 || p.ID == "sandbox" {
			t.Errorf("path stop %+v", p)
		}
	}
	snap := s.Snapshot()
	snap.UI = s.chrome
	b := view.StartButtons(snap.UI)[0] // a widget (ui/widgets) over the scene's plate
	if b.Cmd != "lesson revisions" {
		t.Errorf("the big button sends %q", b.Cmd)
	}
	if got := view.Hit(snap, b.X+b.W/2, b.Y+b.H/2); got != "" {
		t.Errorf("a click on the big button: the scene sends %q as well", got)
	}
	s.Scene()
	if p := overlap(s.texts); p != "" {
		t.Errorf("start screen: %s", p)
	}
	s.Send("enter")
	s.Tick(time.Second / 60)
	if st := s.State(); st.Start || st.Lesson != firstLesson {
		t.Errorf("after Enter: start %v, lesson %q", st.Start, st.Lesson)
	}
	d, err := Open(ParseLink(url.Values{"lesson": {"fan-out"}, "step": {"2"}}))
	if err != nil {
		t.Fatal(err)
	}
	if d.State().Start {
		t.Error("a deep link opened on the start screen")
	}
}

// TestLegend: K opens the legend and Esc (close) shuts it; its own text
// never overlaps, in either theme.
func TestLegend(t *testing.T) {
	s, err := Open(Link{Lesson: "gone-410", Step: 5})
	if err != nil {
		t.Fatal(err)
	}
	s.Send("legend")
	s.Tick(time.Second / 60)
	if !s.chrome.Shows("legend") {
		t.Fatal("legend did not open")
	}
	for _, th := range []view.Theme{view.Dark, view.Projector} {
		if p := overlap(view.LegendTexts(th)); p != "" {
			t.Errorf("legend (%s theme): %s", th.Name, p)
		}
	}
	s.Send("close")
	s.Tick(time.Second / 60)
	if s.chrome.Shows("legend") {
		t.Error("close left the legend open")
	}
}
