package live

import (
	"errors"

	"watchscope/lessons"
)

// Authoring in the browser: a trainer opens a lesson file from disk (a
// file picker or drag and drop, web/author.js), the page hands its text to
// watchscope.loadLesson, and the stage plays it like a built-in lesson.
//
//	text --CheckLessonSource--> problems?  yes: the page lists them,
//	                                            file.md:LINE: message;
//	                                            the old lesson plays on
//	                            no: Author().Play on the game loop
//
// The problems are the lessons package's own (the parser and validator
// behind `go run . lint FILE`), so the page and the command line print
// the same lines for the same file.
//
// When the page can watch the file (a FileSystemFileHandle), every save
// reloads it with keepStep: the stage replays to the step it was on, so
// a trainer editing step 7 sees step 7 again, rewritten.

// LessonCheck is what watchscope.loadLesson returns (as JSON).
type LessonCheck struct {
	OK     bool          `json:"ok"`
	File   string        `json:"file"`
	ID     string        `json:"id,omitempty"`
	Title  string        `json:"title,omitempty"`
	Steps  int           `json:"steps,omitempty"`
	Errors []ProblemJSON `json:"errors"`
}

// ProblemJSON is one mistake in the file. Text is the line lint prints.
type ProblemJSON struct {
	Line    int    `json:"line"` // 1-based; 0 when the mistake has no line
	Message string `json:"message"`
	Text    string `json:"text"` // "file.md:LINE: message"
}

// CheckLessonSource parses and validates a lesson file's text. It is pure
// (no world is built), so the page may call it from a JavaScript callback.
func CheckLessonSource(name, src string) (*lessons.Lesson, LessonCheck) {
	out := LessonCheck{File: name, Errors: []ProblemJSON{}}
	l, err := lessons.Parse(name, []byte(src))
	if err != nil {
		for _, p := range Problems(name, err) {
			out.Errors = append(out.Errors, ProblemJSON{Line: p.Line, Message: p.Msg, Text: p.String()})
		}
		return nil, out
	}
	out.OK, out.ID, out.Title, out.Steps = true, l.ID, l.Title, len(l.Steps)
	return l, out
}

// Problems lists the located mistakes behind err: a *lessons.ParseError's
// own, or err as one problem without a line.
func Problems(name string, err error) []lessons.Problem {
	var pe *lessons.ParseError
	if errors.As(err, &pe) {
		return pe.Problems
	}
	return []lessons.Problem{{File: name, Msg: err.Error()}}
}

// author is authoring's feature: it opens a lesson file's text, or a
// lesson the page has parsed, on the stage, through the lesson runner.
type author struct {
	h      Host
	runner *lessonRunner // shows the lesson, and says which one is on the stage
	picker *lessonPicker // closed when a file opens
}

// Author is what the page (ui/page/author.go) and the tests ask of it.
type Author interface {
	// Open parses a lesson file's text and opens it on the stage at its
	// intro. A broken file returns its *lessons.ParseError and leaves the
	// stage as it was.
	Open(name, src string) error
	// Play opens a parsed lesson on the stage. With keepStep, and when the
	// stage is playing a lesson with the same id (the same file, saved
	// again), it replays to the step the stage was on, question showing
	// included; past the new end it stops at the last step. Nothing
	// changes on the stage unless the whole replay succeeds.
	Play(l *lessons.Lesson, keepStep bool) error
}

// Author is the session's authoring feature.
func (s *Session) Author() Author { return s.author }

func (a *author) Open(name, src string) error {
	l, err := lessons.Parse(name, []byte(src))
	if err != nil {
		return err
	}
	return a.Play(l, false)
}

func (a *author) Play(l *lessons.Lesson, keepStep bool) error {
	var seed uint64
	played, pending := 0, false
	if old := a.runner.current(); old != nil && keepStep && old.l.ID == l.ID {
		seed, played, pending = old.seed, old.r.Next(), old.pending
	}
	r, err := lessons.NewRunner(l, lessons.Options{Seed: seed})
	if err != nil {
		return err
	}
	p := &lessonPlay{l: l, r: r, seed: seed, picked: -1}
	if played > len(l.Steps) {
		played, pending = len(l.Steps), false
	}
	if err := p.seek(played); err != nil {
		return err
	}
	p.pending = pending && played < len(l.Steps) && l.Steps[played].Ask != nil
	a.runner.show(p)
	a.h.Say("") // clears the message line
	a.picker.close()
	return nil
}
