package live

import (
	"fmt"
	"strconv"
	"unicode/utf8"

	"watchscope/lessons"
)

// The lesson picker in words, for the page's accessibility layer
// (web/a11y.js): while the picker is open, state() lists its rows, and
// the layer shows them as buttons that send "pickLesson N", the same
// command a click on the stage's row sends.
//
//	"picker": {"at": 0, "rows": [{"id": "revisions", "title": "..."}, ...]}

// PickerJSON is the open picker: its rows in order and the row the
// keyboard's arrows are on.
type PickerJSON struct {
	At   int         `json:"at"`
	Rows []PickerRow `json:"rows"`
}

// PickerRow is one lesson of the picker (or the page's free play).
type PickerRow struct {
	ID       string `json:"id"`
	Title    string `json:"title"`
	Progress string `json:"progress,omitempty"` // progress.go: "not started", "step 3 of 6", "finished · 1 of 2 right"
}

// lessonPicker is the lesson picker, an overlay beside the session
// (features.go): its verbs open it and move its selection, it keeps its
// rows, and it lists them in state(). The view draws it from Chrome's
// Picker, PickerAt and Lessons, which only it fills (close and opening a
// lesson shut it).
//
//	picker          open (with the catalogue) or close it
//	up | down       move the selection, round the ends
//	enter           open the selected lesson
//	pickLesson N    open row N (0-based), as a click on the row does
type lessonPicker struct {
	h        Host
	progress *progressBook // where the learner stands in each lesson
	freePlay bool          // the page has a sandbox: the last row opens it
	rows     []PickerRow
}

func (p *lessonPicker) verbs() map[string]func(arg string) {
	return map[string]func(arg string){
		"picker": func(string) { p.toggle() },
		"up":     func(string) { p.key("up") },
		"down":   func(string) { p.key("down") },
		"enter":  func(string) { p.key("enter") },
		"pickLesson": func(arg string) {
			if i, err := strconv.Atoi(arg); err == nil && i >= 0 && i < len(p.rows) {
				p.pickRow(i)
			}
		},
	}
}

func (p *lessonPicker) fillState(st *State) {
	if j := p.json(); j != nil {
		st.Picker = j
	}
}

// json is the picker's rows, or nil when it is closed.
func (p *lessonPicker) json() *PickerJSON {
	c := p.h.Chrome()
	if !c.Picker || len(p.rows) == 0 {
		return nil
	}
	return &PickerJSON{At: c.PickerAt, Rows: p.rows}
}

// key moves the picker's selection (up, down) or opens the
// selected lesson (enter); outside the picker the keys do nothing.
func (p *lessonPicker) key(key string) {
	c := p.h.Chrome()
	if key == "enter" && c.Start && !c.Picker { // the start screen's big button
		if c.Resume != nil {
			p.progress.resume(c.Resume.ID)
		} else {
			p.h.OpenLesson(firstLesson, 0)
		}
		return
	}
	if !c.Picker || len(p.rows) == 0 {
		return
	}
	switch key {
	case "up":
		c.PickerAt = (c.PickerAt + len(p.rows) - 1) % len(p.rows)
	case "down":
		c.PickerAt = (c.PickerAt + 1) % len(p.rows)
	case "enter":
		p.pickRow(min(max(c.PickerAt, 0), len(p.rows)-1))
	}
}

// freePlay is the picker's row for the page's own sandbox world.
const (
	freePlay      = "free-play"
	freePlayTitle = "The live cluster of this page, no lesson"
)

// pickRow opens the picker's row i: a lesson the learner had started
// opens at their step (progress.go).
func (p *lessonPicker) pickRow(i int) {
	id := p.rows[i].ID
	p.h.OpenLesson(id, p.progress.resumeAt(id))
}

// close closes the picker: the picker is the one writer of
// chrome.Picker; the runner, the author and the close verb ask it.
func (p *lessonPicker) close() { p.h.Chrome().Picker = false }

// toggle opens the picker with the catalogue, or closes it.
func (p *lessonPicker) toggle() {
	c := p.h.Chrome()
	c.Picker, c.PickerAt = !c.Picker, 0
	p.refresh()
}

// refresh fills the open picker's rows: the catalogue, each lesson with
// where the learner stands in it. Opening the picker runs it, and so does
// every record the page hands over (progress.go): web/progress.js polls
// every 300 ms, so a picker opened before the first record follows it.
func (p *lessonPicker) refresh() {
	c := p.h.Chrome()
	if !c.Picker {
		return
	}
	all, err := lessons.All()
	if err != nil {
		p.h.Fail(err)
	}
	book := p.progress
	wide := 0 // the longest title: the progress column starts two spaces after it
	for _, l := range all {
		wide = max(wide, utf8.RuneCountInString(l.Title))
	}
	p.rows, c.Lessons = nil, nil
	for i, l := range all {
		words := book.words(l)
		p.rows = append(p.rows, PickerRow{ID: l.ID, Title: l.Title, Progress: words})
		c.Lessons = append(c.Lessons, fmt.Sprintf("%2d  %-*s  %s", i+1, wide, l.Title, words))
	}
	if p.freePlay {
		p.rows = append(p.rows, PickerRow{ID: freePlay, Title: freePlayTitle})
		c.Lessons = append(c.Lessons, fmt.Sprintf("%2d  %s", len(all)+1, freePlayTitle))
	}
}
