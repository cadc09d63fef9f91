package live

import (
	"encoding/json"
	"fmt"
	"strconv"

	"watchscope/lessons"
	"watchscope/ui/view"
)

// The learner's progress, kept in this browser. The page (web/progress.js)
// owns the record: it watches state() as the learner plays, keeps one
// entry per lesson in localStorage, and hands the whole record to the
// stage with the verb
//
//	progress {"revisions":{"step":3,"steps":6,"done":false,"answers":{"2":1}}, ...}
//
// The stage shows it in the lesson picker ("step 3 of 6", "finished · 1 of
// 2 right"), and opening a lesson the learner had started resumes at their
// step. `progress clear` (or the picker's Delete key, `progress forget`)
// forgets it: state().progress.cleared grows, and
// the page empties its copy. Nothing leaves the browser, and nothing of it
// reaches the world: it is the page's, like the theme.

// LessonProgress is what the page keeps of one lesson.
type LessonProgress struct {
	Step    int            `json:"step"`              // steps played when last seen
	Steps   int            `json:"steps"`             // the lesson's steps then
	Done    bool           `json:"done"`              // played to its last step once
	Answers map[string]int `json:"answers,omitempty"` // question's step (1-based) -> 1 right, 0 wrong
}

// ProgressJSON is State.Progress.
type ProgressJSON struct {
	Cleared int `json:"cleared"` // grows with every `progress clear`
	Lessons int `json:"lessons"` // lessons with a record
}

// progressBook is the progress feature (features.go).
type progressBook struct {
	h       Host
	picker  *lessonPicker // its rows show the progress
	lessons map[string]LessonProgress
	cleared int
}

func (p *progressBook) verbs() map[string]func(arg string) {
	return map[string]func(arg string){"progress": p.verb, "resume": p.resume}
}

// resume opens lesson id where the learner left it (the start screen's
// Resume button).
func (p *progressBook) resume(id string) {
	p.h.OpenLesson(id, p.resumeAt(id))
}

// startResume offers the start screen's Resume: the lesson furthest along
// the path that the learner started and has not finished.
func (p *progressBook) startResume() {
	c := p.h.Chrome()
	c.Resume = nil
	for i := len(c.Path) - 1; i >= 0 && c.Start; i-- {
		id := c.Path[i].ID
		if lp, ok := p.lessons[id]; ok && lp.Step > 0 && !lp.Done {
			l, err := lessons.ByID(id)
			if err != nil {
				return
			}
			c.Resume = &view.ResumeStop{ID: id, Title: l.Title, Where: p.words(l)}
			return
		}
	}
}

// maxProgress bounds the record the page may hand over.
const maxProgress = 64 << 10

func (p *progressBook) verb(arg string) {
	if arg == "forget" && !p.h.Chrome().Picker {
		return // the picker's Delete key: outside the picker it does nothing
	}
	if arg == "clear" || arg == "forget" {
		p.lessons = nil
		p.cleared++
		p.h.Say("your lesson progress in this browser is cleared")
		p.picker.refresh()
		p.startResume()
		return
	}
	if len(arg) > maxProgress {
		p.h.Fail(fmt.Errorf("progress: a record of %d bytes is over the %d-byte limit", len(arg), maxProgress))
		return
	}
	var in map[string]LessonProgress
	if err := json.Unmarshal([]byte(arg), &in); err != nil {
		p.h.Fail(fmt.Errorf("progress: not a record of lessons: %v", err))
		return
	}
	p.lessons = map[string]LessonProgress{}
	for id, lp := range in {
		if _, err := lessons.ByID(id); err == nil && lp.Step >= 0 {
			p.lessons[id] = lp
		}
	}
	p.picker.refresh()
	p.startResume()
}

func (p *progressBook) fillState(st *State) {
	st.Progress = ProgressJSON{Cleared: p.cleared, Lessons: len(p.lessons)}
}

// words says where the learner stands in l, for the picker.
func (p *progressBook) words(l *lessons.Lesson) string {
	lp, ok := p.lessons[l.ID]
	switch {
	case !ok || (lp.Step == 0 && !lp.Done):
		return "not started"
	case lp.Done:
		q := l.Questions()
		if q == 0 {
			return "finished"
		}
		right := 0
		for _, v := range lp.Answers {
			right += v
		}
		return "finished · " + strconv.Itoa(min(right, q)) + " of " + strconv.Itoa(q) + " right"
	default:
		return "step " + strconv.Itoa(min(lp.Step, len(l.Steps))) + " of " + strconv.Itoa(len(l.Steps))
	}
}

// resumeAt is the step to open lesson id at: where the learner left it,
// unless they finished it (then from the start) or never began.
func (p *progressBook) resumeAt(id string) int {
	lp, ok := p.lessons[id]
	if !ok || lp.Done {
		return 0
	}
	return lp.Step
}
