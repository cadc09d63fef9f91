package live

import "watchscope/ui/view"

// The lesson as text, for pages beside the canvas: the screen reader's
// narration mirror (web/a11y.js) and a course page embedding the stage in
// an iframe (web/embed.js). State carries the lesson's position and
// verdict counts; these carry the words the lesson panel draws and the
// learner's last revealed prediction, which State does not.
//
// Both travel in State.Feed (see FeedJSON in announce.go).

// LessonJSON is what the lesson panel shows now, in its own words.
// Numbers are 1-based as the stage prints them ("step 2 of 8", choice
// "2"); 0 means none.
type LessonJSON struct {
	ID        string      `json:"id"`
	Title     string      `json:"title"`
	Step      int         `json:"step"` // the step on screen, as the header's "step k of n" counts
	Steps     int         `json:"steps"`
	StepTitle string      `json:"stepTitle"`
	Narration string      `json:"narration"`
	Question  string      `json:"question,omitempty"`
	Choices   []string    `json:"choices,omitempty"`
	Picked    int         `json:"picked"` // the learner's choice, 0 before choosing
	Right     int         `json:"right"`  // the right choice once revealed, 0 before
	Why       string      `json:"why,omitempty"`
	Checks    []CheckJSON `json:"checks,omitempty"`
	Done      bool        `json:"done"`
	Error     string      `json:"error,omitempty"`
}

// lessonJSON is the lesson view as text; nil in the sandbox.
func lessonJSON(lv *view.LessonView) *LessonJSON {
	if lv == nil {
		return nil
	}
	l := &LessonJSON{ID: lv.ID, Title: lv.Title, Step: lv.Step, Steps: lv.Steps,
		StepTitle: lv.StepTitle, Narration: lv.Narration, Question: lv.Question,
		Choices: lv.Choices, Picked: lv.Picked + 1, Right: lv.Right + 1, Why: lv.Why,
		Done: lv.Done, Error: lv.Error}
	for _, c := range lv.Checks {
		l.Checks = append(l.Checks, CheckJSON{c.Claim, c.Pass, c.Saw})
	}
	return l
}

// AnswerJSON is the learner's last revealed prediction: the moment a
// step with a question runs, the stage shows the right choice beside the
// picked one. Seq grows with every reveal, so a page that polls state()
// reports each answer once.
type AnswerJSON struct {
	Seq         int    `json:"seq"`
	Lesson      string `json:"lesson"`
	Step        int    `json:"step"` // the step whose question it was (1-based)
	Question    string `json:"question"`
	Choice      int    `json:"choice"` // 1-based; 0 when the learner moved on without choosing
	ChoiceText  string `json:"choiceText,omitempty"`
	Correct     int    `json:"correct"` // the right choice, 1-based
	CorrectText string `json:"correctText"`
	Right       bool   `json:"right"` // Choice == Correct
}

// revealed is the answer a reveal shows: lv is the step that just ran
// after its question was showing (Right >= 0 then).
func revealed(lv *view.LessonView, seq int) (AnswerJSON, bool) {
	if lv == nil || lv.Right < 0 || lv.Right >= len(lv.Choices) {
		return AnswerJSON{}, false
	}
	a := AnswerJSON{Seq: seq, Lesson: lv.ID, Step: lv.Step, Question: lv.Question,
		Choice: lv.Picked + 1, Correct: lv.Right + 1, CorrectText: lv.Choices[lv.Right],
		Right: lv.Picked == lv.Right}
	if lv.Picked >= 0 && lv.Picked < len(lv.Choices) {
		a.ChoiceText = lv.Choices[lv.Picked]
	}
	return a, true
}
