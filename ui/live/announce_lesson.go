package live

import (
	"strconv"
	"strings"

	"watchscope/ui/view"
)

// The lesson's beats in sentences: what a sighted learner reads in the
// lesson panel when it changes. The feed compares the lesson's position
// after each tick with the one it last told:
//
//	another lesson          "Lesson: 410 Gone: falling off the cache window, 8 steps."
//	a question shows        "PREDICT, step 2 of 8: The ring holds ... 1: about one second. ..."
//	the learner picks       "You picked 1: about one second."
//	a step runs or rewinds  "step 2 of 8: A thousand writes a second. 3 of 3 checks pass."
//	... after its question  "You picked 1, about one second: right. Answer: ..."

// lessonBeat is where the lesson stands: what the feed compares.
type lessonBeat struct {
	id      string
	played  int
	pending bool
	picked  int
}

func (f *announcer) lessonBeat() lessonBeat {
	p := f.st.lesson()
	if p == nil {
		return lessonBeat{}
	}
	return lessonBeat{id: p.l.ID, played: p.r.Next(), pending: p.pending, picked: p.picked}
}

// announceLesson tells the lesson's new beat, if it moved.
func (f *announcer) announceLesson() {
	prev, cur := f.beat, f.lessonBeat()
	f.beat = cur
	lv := f.st.snapshot().Lesson
	switch {
	case prev == cur:
	case cur.id == "":
		f.add("lesson", polite, "Sandbox: the live cluster, no lesson.")
	case lv == nil: // the snapshot lags the session: tell it next tick
		f.beat = prev
	case prev.id != cur.id:
		f.add("lesson", polite, "Lesson: "+lv.Title+", "+strconv.Itoa(lv.Steps)+" steps.")
		f.announceShown(lv)
	case cur.pending && prev.pending && prev.played == cur.played:
		if cur.picked >= 0 && cur.picked < len(lv.Choices) {
			f.add("pick", polite, "You picked "+choice(lv, cur.picked)+".")
		}
	case prev.pending && !cur.pending && cur.played == prev.played+1:
		if a, ok := revealed(lv, f.answer.Seq+1); ok {
			f.answer = a
			f.add("answer", polite, answerSentence(lv))
		}
		f.announceShown(lv)
	default:
		f.announceShown(lv)
	}
}

// announceShown tells what the panel shows now: the question, or the step.
func (f *announcer) announceShown(lv *view.LessonView) {
	if lv.Question != "" && lv.Right < 0 {
		f.add("question", polite, questionSentence(lv))
		return
	}
	text, level := f.stepSentence(lv)
	f.add("step", level, text)
}

// stepOf is the header's "step k of n".
func stepOf(lv *view.LessonView) string {
	return "step " + strconv.Itoa(lv.Step) + " of " + strconv.Itoa(lv.Steps)
}

// stepSentence is a played step: its title, its checks, the end.
func (f *announcer) stepSentence(lv *view.LessonView) (text, level string) {
	if lv.Error != "" {
		return stepOf(lv) + ": This step failed to run: " + lv.Error, assertive
	}
	title := lv.StepTitle
	if lv.Step == 0 {
		title = lv.Title
	}
	var b strings.Builder
	b.WriteString(stepOf(lv) + ": " + strings.TrimSuffix(title, ".") + ".")
	passed, total := 0, 0
	for _, c := range lv.Checks {
		total += max(c.N, 1)
		if c.Pass {
			passed += max(c.N, 1)
		}
	}
	if total > 0 {
		b.WriteString(" " + strconv.Itoa(passed) + " of " + strconv.Itoa(total) + " checks pass.")
	}
	for _, c := range lv.Checks {
		if !c.Pass {
			b.WriteString(" Failed: " + c.Claim)
			if c.Saw != "" {
				b.WriteString(" (saw " + c.Saw + ")")
			}
			b.WriteString(".")
		}
	}
	if lp := f.st.lesson(); lv.Done && lp != nil {
		p, fl := lp.counts()
		b.WriteString(" End of the lesson: " + strconv.Itoa(p) + " checks passed, " + strconv.Itoa(fl) + " failed.")
	}
	return b.String(), polite
}

// questionSentence is the predict box: the question and its choices.
func questionSentence(lv *view.LessonView) string {
	var b strings.Builder
	b.WriteString("PREDICT, " + stepOf(lv) + ": " + lv.Question)
	for i := range lv.Choices {
		b.WriteString(" " + choice(lv, i) + ".")
	}
	b.WriteString(" Press 1-" + strconv.Itoa(len(lv.Choices)) + ", then →.")
	return b.String()
}

// choice is "2: about 300 seconds", numbered as the panel numbers it.
func choice(lv *view.LessonView, i int) string {
	return strconv.Itoa(i+1) + ": " + lv.Choices[i]
}

// answerSentence tells the reveal: the pick, its verdict, the answer.
func answerSentence(lv *view.LessonView) string {
	text := "You did not pick; the answer is " + choice(lv, lv.Right) + "."
	switch {
	case lv.Picked == lv.Right:
		text = "You picked " + choice(lv, lv.Picked) + ": right."
	case lv.Picked >= 0 && lv.Picked < len(lv.Choices):
		text = "You picked " + choice(lv, lv.Picked) + ": not right; the answer is " + choice(lv, lv.Right) + "."
	}
	if lv.Why != "" {
		text += " Answer: " + lv.Why
	}
	return text
}
