package live

import (
	"os"
	"testing"
	"time"
)

// cueSession plays testdata/cues.md: five steps, cues on step 2 ("the
// ring") and step 4 ("questions"), a question on step 3.
func cueSession(t *testing.T, present bool) *Session {
	t.Helper()
	src, err := os.ReadFile("testdata/cues.md")
	if err != nil {
		t.Fatal(err)
	}
	s := newSession(t, Options{})
	if err := s.Author().Open("cues.md", string(src)); err != nil {
		t.Fatal(err)
	}
	if present {
		beat(s, "present on")
	}
	s.Tick(frame)
	return s
}

// at is the lesson's position as "played[?]" (? when a question shows).
func at(s *Session) (int, bool) { return s.lesson.r.Next(), s.lesson.pending }

func holdLabel(s *Session) string {
	if h := s.Present().Hold; h != nil {
		return h.Label
	}
	return ""
}

// Each press of next, with presenter mode on: a cue holds exactly when a
// press plays a cue step, and the next press releases it.
func TestCueHoldsOnArrival(t *testing.T) {
	steps := []struct {
		played  int
		pending bool
		hold    string
	}{
		{1, false, ""},
		{2, false, "the ring"},
		{2, true, ""}, // step 3's question: the hold is released, nothing played
		{3, false, ""},
		{4, false, "questions"},
		{5, false, ""},
	}
	for _, on := range []bool{true, false} {
		s := cueSession(t, on)
		for i, want := range steps {
			beat(s, "next")
			n, p := at(s)
			if n != want.played || p != want.pending {
				t.Fatalf("on=%v press %d: at %d pending %v, want %d %v", on, i+1, n, p, want.played, want.pending)
			}
			wantHold := want.hold
			if !on {
				wantHold = ""
			}
			if got := holdLabel(s); got != wantHold {
				t.Errorf("on=%v press %d (step %d): hold %q, want %q", on, i+1, n, got, wantHold)
			}
			if wantHold != "" && s.msg.Text() != "Cue: "+wantHold+"   (→ goes on)" {
				t.Errorf("press %d: top line %q does not name the cue", i+1, s.msg.Text())
			}
			if wantHold == "" && s.msg.Text() != "" && s.msg.Text()[:4] == "Cue:" {
				t.Errorf("press %d: a released cue left its line %q", i+1, s.msg.Text())
			}
			if got := s.stageUI().MessageCue; got != (wantHold != "") {
				t.Errorf("press %d: the view's MessageCue is %v with hold %q (the calm accent is the cue's fact)", i+1, got, wantHold)
			}
		}
	}
}

// The hold lets the step's animation finish, then pauses the clock; the
// presenter's next move restarts it. A clock paused before the cue stays
// paused.
func TestCueHoldPausesAfterTheAnimation(t *testing.T) {
	for _, pausedBefore := range []bool{false, true} {
		s := cueSession(t, true)
		if pausedBefore {
			beat(s, "pause")
		}
		beat(s, "next")
		beat(s, "next")
		if holdLabel(s) != "the ring" {
			t.Fatalf("no hold on the cue step")
		}
		for i := 0; i < 600 && !s.Settled(); i++ {
			s.Tick(frame)
		}
		s.Tick(frame)
		if !s.Paused() || !s.Snapshot().Paused {
			t.Errorf("pausedBefore=%v: holding and settled, but the clock runs", pausedBefore)
		}
		for _, release := range []string{"play", "next"} {
			if release == "play" && pausedBefore {
				continue // play would be the presenter's own choice, not the hold's
			}
			s2 := cueSession(t, true)
			if pausedBefore {
				beat(s2, "pause")
			}
			beat(s2, "next")
			beat(s2, "next")
			run(s2, 10*time.Second)
			beat(s2, release)
			if holdLabel(s2) != "" {
				t.Errorf("%s did not release the hold", release)
			}
			if s2.Paused() != pausedBefore {
				t.Errorf("pausedBefore=%v, after %s: paused %v", pausedBefore, release, s2.Paused())
			}
		}
	}
}

// Stepping back onto a cue step, a jump, or turning presenter mode off
// never holds (or ends the hold).
func TestCueNoHoldWithoutArrival(t *testing.T) {
	s := cueSession(t, true)
	for range 4 {
		beat(s, "next") // played 3
	}
	beat(s, "back")
	if n, _ := at(s); n != 2 || holdLabel(s) != "" {
		t.Errorf("back onto the cue step: at %d hold %q, want 2 and none", n, holdLabel(s))
	}
	beat(s, "goto 4")
	if holdLabel(s) != "" {
		t.Errorf("a jump of two steps onto a cue held %q", holdLabel(s))
	}
	beat(s, "goto 1")
	beat(s, "next")
	if holdLabel(s) != "the ring" {
		t.Fatalf("arrival after a jump did not hold")
	}
	beat(s, "present off")
	if holdLabel(s) != "" || s.msg.Text() != "" {
		t.Errorf("present off left hold %q, line %q", holdLabel(s), s.msg.Text())
	}
	// Another lesson ends the hold and gives the clock back.
	beat(s, "present on")
	beat(s, "goto 1")
	beat(s, "next")
	run(s, 10*time.Second)
	if holdLabel(s) != "the ring" || !s.Paused() {
		t.Fatalf("no settled hold: %q, paused %v", holdLabel(s), s.Paused())
	}
	beat(s, "lesson revisions")
	if holdLabel(s) != "" || s.Paused() || s.msg.Text() != "" {
		t.Errorf("another lesson: hold %q, paused %v, line %q", holdLabel(s), s.Paused(), s.msg.Text())
	}
}

// cue back lands on the newest cue among the steps played, from every
// position of the lesson, and holds there.
func TestCueBack(t *testing.T) {
	cases := []struct {
		goTo    string // "" = the intro
		presses int    // nexts after it
		want    int    // steps played after cue back; -1 = refused
	}{
		{"", 0, -1},
		{"1", 0, -1},
		{"2", 0, 2}, // on the cue step: replay it
		{"2", 1, 2}, // step 3's question showing
		{"3", 0, 2},
		{"4", 0, 4},
		{"5", 0, 4},
	}
	for _, c := range cases {
		s := cueSession(t, true)
		if c.goTo != "" {
			beat(s, "goto "+c.goTo)
		}
		for range c.presses {
			beat(s, "next")
		}
		before, _ := at(s)
		beat(s, "cue back")
		n, pending := at(s)
		if c.want < 0 {
			if n != before || s.msg.Text() != errNoCue.Error() {
				t.Errorf("goto %q: cue back moved to %d (message %q), want a refusal", c.goTo, n, s.msg.Text())
			}
			continue
		}
		if n != c.want || pending {
			t.Errorf("goto %q +%d: cue back landed on %d (pending %v), want %d", c.goTo, c.presses, n, pending, c.want)
		}
		if h := s.Present().Hold; h == nil || h.Step != c.want {
			t.Errorf("goto %q: cue back did not hold on step %d: %+v", c.goTo, c.want, h)
		}
		if res := s.lesson.r.Results(); len(res) != n || res[n-1].Step.Cue == "" {
			t.Errorf("goto %q: the replayed step %d is not a cue step", c.goTo, n)
		}
	}
	s := newSession(t, Options{})
	beat(s, "cue back")
	if s.msg.Text() != errNoLesson.Error() {
		t.Errorf("cue back in the sandbox says %q", s.msg.Text())
	}
}

// What the notes window reads at each position.
func TestPresentJSON(t *testing.T) {
	s := cueSession(t, true)
	p := s.Present()
	if !p.On || p.Lesson != "cue-test" || p.Step != 0 || p.Steps != 5 || p.Minutes != 3 ||
		p.StepTitle != "Cues for a test" || p.NextTitle != "One write" ||
		p.NextCue == nil || *p.NextCue != (CueJSON{"the ring", 2}) || p.LastCue != nil {
		t.Fatalf("intro: %+v", p)
	}
	beat(s, "next")
	beat(s, "next")
	p = s.Present()
	if p.Step != 2 || p.Notes != "Ask the room what the revision is now." || p.NextTitle != "A question" ||
		*p.NextCue != (CueJSON{"questions", 4}) || *p.LastCue != (CueJSON{"the ring", 2}) || p.Pending {
		t.Fatalf("step 2: %+v", p)
	}
	beat(s, "next")
	p = s.Present()
	if p.Step != 3 || !p.Pending || p.Question == "" || p.Notes != "" || p.NextTitle != "The second beat" {
		t.Fatalf("step 3 question: %+v", p)
	}
	beat(s, "goto 5")
	if p = s.Present(); p.NextCue != nil || p.NextTitle != "" || *p.LastCue != (CueJSON{"questions", 4}) {
		t.Fatalf("end: %+v", p)
	}
	beat(s, "present bogus")
	if s.msg.Text() == "" || !s.presenter.on {
		t.Errorf("present bogus: message %q, on %v", s.msg.Text(), s.presenter.on)
	}
	beat(s, "present toggle")
	if s.presenter.on {
		t.Errorf("present toggle left it on")
	}
}

// A line that merely reads like a cue is not one: the view's accent
// follows the fact the presenter set (messageLine.Cue), not the text.
func TestCueIsAFactNotAPrefix(t *testing.T) {
	var m messageLine
	m.Say("Cue: typed by hand")
	if m.IsCue() {
		t.Errorf("Say of a cue-like text reads as a cue")
	}
	m.Cue("the ring")
	if !m.IsCue() {
		t.Errorf("Cue does not read as a cue")
	}
	m.Withdraw("the ring")
	if m.IsCue() || m.Text() != "" {
		t.Errorf("a withdrawn cue left %q (cue %v)", m.Text(), m.IsCue())
	}
}
