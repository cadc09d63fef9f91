package live

import (
	"encoding/json"
	"testing"

	"watchscope/lessons"
)

// TestOpenFromIsOpen: a deep link followed on a page that already plays
// the lesson (OpenFrom, which plays on from the page's step) makes the
// very state a fresh page load of that link makes (Open, which replays
// from the first step): state() byte for byte, share hash included, at
// every step in order (the feed aside: its numbering is the page's and
// carries on, TestOpenFromCarriesThePage), and after a link back, to another lesson and to
// the sandbox. A lesson world a console command touched is replayed.
func TestOpenFromIsOpen(t *testing.T) {
	var prev *Session
	follow := func(l Link) {
		t.Helper()
		got, err := OpenFrom(l, prev)
		if err != nil {
			t.Fatal(err)
		}
		want, err := Open(l)
		if err != nil {
			t.Fatal(err)
		}
		got.Scene()
		want.Scene()
		if g, w := stateButFeed(got), stateButFeed(want); g != w {
			t.Fatalf("link %+v: following it gives\n%s\nloading it gives\n%s", l, g, w)
		}
		prev = got
	}
	for _, id := range []string{"gone-410", "fan-out"} {
		l, err := lessons.ByID(id)
		if err != nil {
			t.Fatal(err)
		}
		for k := 0; k <= len(l.Steps); k++ {
			follow(Link{Lesson: id, Step: k, Nodes: 20, Demo: true})
		}
		follow(Link{Lesson: id, Step: 2, Nodes: 20, Demo: true}) // back: a replay
	}
	follow(Link{Lesson: "gone-410", Step: 3, Nodes: 20, Seed: 7, Demo: true}) // another seed
	prev.Send("kubectl create configmap typed-by-hand")
	prev.Tick(0)
	if !prev.lessonTouched {
		t.Fatal("a console command in a lesson did not mark its world as touched")
	}
	follow(Link{Lesson: "gone-410", Step: 5, Nodes: 20, Seed: 7, Demo: true})
	follow(Link{Nodes: 20, Demo: true}) // the sandbox
}

// TestOpenFromCarriesThePage: what belongs to the page, not the link,
// survives a followed link: the learner's progress (the page hands it
// over once), the feed's numbering (ids never go back), presenter mode.
func TestOpenFromCarriesThePage(t *testing.T) {
	prev, err := Open(Link{Lesson: "revisions", Step: 1, Nodes: 20, Demo: true})
	if err != nil {
		t.Fatal(err)
	}
	prev.Send(`progress {"revisions":{"step":1,"steps":8}}`)
	prev.Send("next")
	prev.Tick(0)
	featureOf[*presenter](prev).on = true
	lastID := featureOf[*announcer](prev).nextID
	if lastID == 0 {
		t.Fatal("the feed announced nothing")
	}
	s, err := OpenFrom(Link{Lesson: "gone-410", Step: 2, Nodes: 20, Demo: true}, prev)
	if err != nil {
		t.Fatal(err)
	}
	if got := s.State().Progress.(ProgressJSON).Lessons; got != 1 {
		t.Errorf("progress after the link: %d lessons, want 1", got)
	}
	for _, it := range featureOf[*announcer](s).items {
		if it.ID <= lastID {
			t.Errorf("feed item %d %q after the link; the page had shown up to %d", it.ID, it.Text, lastID)
		}
	}
	if !featureOf[*presenter](s).on {
		t.Error("presenter mode ended with the link")
	}
}

// stateButFeed is state() without the screen reader's feed.
func stateButFeed(s *Session) string {
	st := s.State()
	st.Feed = nil
	b, err := json.Marshal(st)
	if err != nil {
		return err.Error()
	}
	return string(b)
}
