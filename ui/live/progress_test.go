package live

import (
	"strconv"
	"strings"
	"testing"
	"time"

	"watchscope/lessons"
	"watchscope/ui/view"
)

// progressSession is a sandbox session that has been handed a record.
func progressSession(t *testing.T, record string) *Session {
	t.Helper()
	sim, err := NewWorld(1)
	if err != nil {
		t.Fatal(err)
	}
	s := New(sim, Options{})
	if record != "" {
		s.Send("progress " + record)
		s.Tick(time.Millisecond)
	}
	return s
}

func pickerRows(t *testing.T, s *Session) map[string]PickerRow {
	t.Helper()
	s.Send("picker")
	s.Tick(time.Millisecond)
	rows := map[string]PickerRow{}
	for _, r := range s.picker.rows {
		rows[r.ID] = r
	}
	s.Send("close")
	s.Tick(time.Millisecond)
	return rows
}

// The picker says where the learner stands in each lesson, from the
// record the page kept: not started, the step reached, finished with the
// questions got right.
func TestPickerShowsProgress(t *testing.T) {
	rev, _ := lessons.ByID("revisions")
	gone, _ := lessons.ByID("gone-410")
	s := progressSession(t, `{"revisions":{"step":6,"steps":6,"done":true,"answers":{"2":1,"4":0}},"gone-410":{"step":3,"steps":9,"done":false},"no-such-lesson":{"step":2}}`)
	rows := pickerRows(t, s)
	want := map[string]string{
		"revisions":  "finished · 1 of " + strconv.Itoa(rev.Questions()) + " right",
		"gone-410":   "step 3 of " + strconv.Itoa(len(gone.Steps)),
		"compaction": "not started",
	}
	for id, w := range want {
		if got := rows[id].Progress; got != w {
			t.Errorf("%s: %q, want %q", id, got, w)
		}
	}
	if p := s.State().Progress.(ProgressJSON); p.Lessons != 2 {
		t.Errorf("state().progress %+v: want the two known lessons (an unknown id is dropped)", p)
	}
}

// A picker opened before the page hands over its record (web/progress.js
// polls every 300 ms) follows the record when it arrives: its rows, and
// the lines the stage draws, with the progress column two spaces clear of
// the longest title.
func TestOpenPickerFollowsTheRecord(t *testing.T) {
	comp, _ := lessons.ByID("compaction")
	s := progressSession(t, "")
	s.Send("picker")
	s.Tick(time.Millisecond)
	row := func() PickerRow {
		for _, r := range s.picker.rows {
			if r.ID == "compaction" {
				return r
			}
		}
		t.Fatal("no compaction row in the picker")
		return PickerRow{}
	}
	if got := row().Progress; got != "not started" {
		t.Fatalf("before the record: %q, want not started", got)
	}
	s.Send(`progress {"compaction":{"step":2,"steps":8}}`)
	s.Tick(time.Millisecond)
	want := "step 2 of " + strconv.Itoa(len(comp.Steps))
	if got := row().Progress; got != want || !s.Chrome().Picker {
		t.Errorf("after the record: %q (picker open %v), want %q in the open picker", got, s.Chrome().Picker, want)
	}
	rows, lines := s.picker.rows, s.Chrome().Lessons
	if len(rows) != len(lines) {
		t.Fatalf("%d picker rows, %d drawn lines", len(rows), len(lines))
	}
	for i, r := range rows {
		if !strings.Contains(lines[i], r.Title+"  ") || !strings.HasSuffix(lines[i], "  "+r.Progress) {
			t.Errorf("picker line %q: want %q, two spaces, then %q", lines[i], r.Title, r.Progress)
		}
		if r.ID == "compaction" && !strings.HasSuffix(lines[i], want) {
			t.Errorf("the stage draws %q, want it to end with %q", lines[i], want)
		}
	}
}

// Opening a started lesson from the picker resumes at its step; a
// finished one starts over.
func TestPickerResumesAStartedLesson(t *testing.T) {
	s := progressSession(t, `{"gone-410":{"step":3,"steps":9},"revisions":{"step":6,"steps":6,"done":true}}`)
	for _, c := range []struct {
		id   string
		step int
	}{{"gone-410", 3}, {"revisions", 0}, {"compaction", 0}} {
		s.Send("picker")
		s.Tick(time.Millisecond)
		i := -1
		for k, r := range s.picker.rows {
			if r.ID == c.id {
				i = k
			}
		}
		s.Send("pickLesson " + strconv.Itoa(i))
		s.Tick(time.Millisecond)
		if st := s.State(); st.Lesson != c.id || st.Step != c.step {
			t.Errorf("picked %s: lesson %q at step %d, want step %d", c.id, st.Lesson, st.Step, c.step)
		}
	}
}

// progress clear forgets the record and says so in state() for the page;
// the picker's Delete key (progress forget) does it only in the picker;
// a record that is not JSON is refused in one line and changes nothing.
func TestProgressClearAndBadRecords(t *testing.T) {
	s := progressSession(t, `{"gone-410":{"step":3,"steps":9}}`)
	s.Send("progress forget") // outside the picker: nothing
	s.Tick(time.Millisecond)
	if p := s.State().Progress.(ProgressJSON); p.Cleared != 0 || p.Lessons != 1 {
		t.Fatalf("Delete outside the picker changed the record: %+v", p)
	}
	s.Send("progress {not json")
	s.Tick(time.Millisecond)
	st := s.State()
	if !strings.HasPrefix(st.Message, "progress: not a record of lessons") || strings.Contains(st.Message, "\n") {
		t.Errorf("bad record: message %q", st.Message)
	}
	if p := st.Progress.(ProgressJSON); p.Lessons != 1 {
		t.Errorf("a bad record changed the kept one: %+v", p)
	}
	s.Send("picker")
	s.Send("progress forget")
	s.Tick(time.Millisecond)
	if p := s.State().Progress.(ProgressJSON); p.Cleared != 1 || p.Lessons != 0 {
		t.Errorf("after Delete in the picker: %+v, want cleared 1 and no lessons", p)
	}
	if r := s.picker.rows; len(r) == 0 || r[0].Progress != "not started" {
		t.Errorf("the open picker was not refreshed: %+v", r)
	}
}

// The start screen offers to resume the lesson furthest along the path
// that the learner started and did not finish; Enter (or its button)
// opens it at their step. Without one, or after clearing, it starts the
// path.
func TestStartScreenResumes(t *testing.T) {
	comp, _ := lessons.ByID("compaction")
	s := progressSession(t, "")
	s.showStart()
	if b := view.StartButtons(s.chrome); b[0].Label != "Start: Revisions" || s.chrome.Resume != nil {
		t.Fatalf("no progress: big button %q (resume %+v)", b[0].Label, s.chrome.Resume)
	}
	s.Send(`progress {"revisions":{"step":8,"steps":8,"done":true},"compaction":{"step":2,"steps":8},"gone-410":{"step":0,"steps":9}}`)
	s.Tick(time.Millisecond)
	b := view.StartButtons(s.chrome)
	if b[0].Label != "Resume: History and compaction" || b[0].Cmd != "resume compaction" {
		t.Fatalf("big button %q -> %q; want to resume compaction", b[0].Label, b[0].Cmd)
	}
	if want := "step 2 of " + strconv.Itoa(len(comp.Steps)); s.chrome.Resume.Where != want {
		t.Errorf("resume says %q, want %q", s.chrome.Resume.Where, want)
	}
	s.Send("enter")
	s.Tick(time.Millisecond)
	if st := s.State(); st.Lesson != "compaction" || st.Step != 2 {
		t.Errorf("Enter on the start screen opened %q at step %d; want compaction at step 2", st.Lesson, st.Step)
	}
	s.showStart()
	s.Send("progress clear")
	s.Tick(time.Millisecond)
	if s.chrome.Resume != nil || view.StartButtons(s.chrome)[0].Cmd != "lesson revisions" {
		t.Errorf("after clearing: resume %+v", s.chrome.Resume)
	}
}
