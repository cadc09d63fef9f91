package live

import (
	"fmt"
	"os"
	"strings"
	"testing"

	"watchscope/lessons"
)

func cuesSource(t *testing.T) string {
	t.Helper()
	src, err := os.ReadFile("testdata/cues.md")
	if err != nil {
		t.Fatal(err)
	}
	return string(src)
}

// lineOf is the 1-based line of the first line holding text.
func lineOf(t *testing.T, src, text string) int {
	t.Helper()
	for i, l := range strings.Split(src, "\n") {
		if strings.Contains(l, text) {
			return i + 1
		}
	}
	t.Fatalf("no line holds %q", text)
	return 0
}

// Planted mistakes come back with the line they were planted on, in the
// lint's text form, exactly as lessons.Parse reports them.
func TestCheckLessonSourceLocatesMistakes(t *testing.T) {
	good := cuesSource(t)
	cases := []struct {
		name        string
		from, to    string // replace from with to
		want        string // the message holds this
		plantedLine string // and points at the line holding this
	}{
		{"block", "```notes", "```nots", `unknown block "nots"`, "```nots"},
		{"command", "put /b 1", "putt /b 1", `unknown console command "putt"`, "putt /b 1"},
		{"header", "minutes: 3", "minutes: lots", "minutes", "minutes: lots"},
		{"cue", "```cue\nthe ring", "```cue\nthe ring\nand more", "a cue block holds exactly one line", "```cue"},
	}
	for _, c := range cases {
		src := strings.Replace(good, c.from, c.to, 1)
		l, res := CheckLessonSource("mine.md", src)
		if l != nil || res.OK || len(res.Errors) == 0 {
			t.Fatalf("%s: a broken file checked ok: %+v", c.name, res)
		}
		_, perr := lessons.Parse("mine.md", []byte(src))
		want := Problems("mine.md", perr)
		if len(want) != len(res.Errors) {
			t.Fatalf("%s: %d errors, the parser has %d", c.name, len(res.Errors), len(want))
		}
		found := false
		for i, e := range res.Errors {
			if e.Text != want[i].String() || e.Text != fmt.Sprintf("mine.md:%d: %s", e.Line, e.Message) {
				t.Errorf("%s: error %d is %q, the parser says %q", c.name, i, e.Text, want[i])
			}
			if strings.Contains(e.Message, c.want) {
				found = true
				if line := lineOf(t, src, c.plantedLine); e.Line != line {
					t.Errorf("%s: %q is on line %d, planted on line %d", c.name, e.Message, e.Line, line)
				}
			}
		}
		if !found {
			t.Errorf("%s: no error mentions %q: %+v", c.name, c.want, res.Errors)
		}
	}
	if l, res := CheckLessonSource("cues.md", good); l == nil || !res.OK || res.ID != "cue-test" || res.Steps != 5 || len(res.Errors) != 0 {
		t.Errorf("the good file: %+v", res)
	}
}

// A broken file changes nothing on the stage; a good one opens at its intro.
func TestOpenLessonSource(t *testing.T) {
	s := cueSession(t, false)
	beat(s, "next")
	beat(s, "next")
	old := s.lesson
	err := s.Author().Open("cues.md", strings.Replace(cuesSource(t), "```check", "```chek", 1))
	if err == nil || !strings.Contains(err.Error(), "cues.md:") {
		t.Fatalf("broken file: err %v", err)
	}
	if s.lesson != old || old.r.Next() != 2 {
		t.Fatalf("a broken file disturbed the lesson playing")
	}
	if err := s.Author().Open("cues.md", cuesSource(t)); err != nil {
		t.Fatal(err)
	}
	if s.lesson == old || s.lesson.r.Next() != 0 {
		t.Errorf("open did not start the lesson over: at %d", s.lesson.r.Next())
	}
}

// A reload keeps the step: the same position, on a world identical to a
// fresh play to that step; a shorter file stops at its last step; another
// lesson starts at its intro.
func TestReloadKeepsStep(t *testing.T) {
	src := cuesSource(t)
	edited := strings.Replace(src, "We write again and stop to talk.", "We write a second time and stop.", 1)
	shorter := src[:strings.Index(src, "## A question")]
	other := strings.Replace(src, "id: cue-test", "id: cue-other", 1)
	cases := []struct {
		name     string
		presses  int
		text     string
		played   int
		pending  bool
		narrates string // step 2's narration after the reload ("" = not checked)
	}{
		{"edited", 2, edited, 2, false, "We write a second time and stop."},
		{"question showing", 3, edited, 2, true, ""},
		{"intro", 0, edited, 0, false, ""},
		{"end", 6, edited, 5, false, ""},
		{"shorter", 4, shorter, 2, false, ""},
		{"other lesson", 4, other, 0, false, ""},
	}
	for _, c := range cases {
		s := cueSession(t, false)
		for range c.presses {
			beat(s, "next")
		}
		l, res := CheckLessonSource("cues.md", c.text)
		if !res.OK {
			t.Fatalf("%s: %+v", c.name, res.Errors)
		}
		if err := s.Author().Play(l, true); err != nil {
			t.Fatalf("%s: %v", c.name, err)
		}
		s.Tick(frame)
		n, p := at(s)
		if n != c.played || p != c.pending {
			t.Errorf("%s: after the reload at %d pending %v, want %d %v", c.name, n, p, c.played, c.pending)
		}
		if c.narrates != "" && s.Present().Narration != c.narrates {
			t.Errorf("%s: the stage says %q, not the edited text", c.name, s.Present().Narration)
		}
		fresh, err := lessons.NewRunner(l, lessons.Options{})
		if err != nil {
			t.Fatal(err)
		}
		if err := fresh.Seek(n); err != nil {
			t.Fatal(err)
		}
		if got, want := s.sim.World().Checkpoint().Hash, fresh.World().Checkpoint().Hash; got != want {
			t.Errorf("%s: the reloaded world's trace hash %s differs from a fresh play's %s", c.name, got, want)
		}
	}
}
