package live

import (
	"errors"
	"fmt"
	"time"

	"watchscope/engine"
	"watchscope/lessons"
	"watchscope/ui/view"
)

// Recording replays a range of the stage's past on a hidden session, one
// GIF frame at a time, for package ui to draw and encode. Frame i shows:
//
//	sandbox  the world at from + i/fps (every command logged at or
//	         before that instant applied), with the motion that time brings
//	lesson   from + i/(hold*fps) steps played, each step held lessonHold
//
// The hidden session's clocks advance by exactly 1/fps per frame, so the
// same range, seed and commands give the same frames every time,
// whatever the browser's frame rate was while it was recorded.
type Recording struct {
	owner   *Exporter
	h       *Session // the hidden session
	plan    []plannedFrame
	pending []engine.LoggedCommand // sandbox: commands logged inside the range, oldest first
	next    int                    // frames handed out
	fps     int
	width   int
	name    string
	bytes   int
	done    bool
}

// plannedFrame is what one frame shows.
type plannedFrame struct {
	At   time.Duration // sandbox: the virtual time
	Step int           // lesson: the steps played
}

// Record starts recording a range of the past for a GIF; the live stage
// goes on untouched. At most one recording runs per session. The error
// is one line that says what is wrong with the range.
func (x *Exporter) Record(rg Range) (*Recording, error) {
	chrome := x.st.chrome() // the recording reads the stage's theme and motion once, as it starts
	if x.rec != nil {
		return nil, errors.New("an export is already running: cancel it first")
	}
	if err := rg.check(); err != nil {
		return nil, err
	}
	var rec *Recording
	var err error
	if p := x.st.lesson(); p != nil {
		rec, err = recordLesson(p, &chrome, rg)
	} else {
		rec, err = recordSandbox(x.st.sim(), &chrome, rg)
	}
	if err != nil {
		return nil, err
	}
	rec.owner, rec.fps, rec.width = x, rg.FPS, rg.Width
	x.rec, x.last = rec, ExportJSON{}
	return rec, nil
}

// sandboxFrames plans a sandbox range: n = (to-from)*fps frames (rounded),
// frame i at from + i/fps, computed from i (never summed, so no drift).
func sandboxFrames(from, to time.Duration, fps int) []plannedFrame {
	n := int((int64(to-from)*int64(fps) + int64(time.Second)/2) / int64(time.Second))
	out := make([]plannedFrame, n)
	for i := range out {
		out[i].At = from + time.Duration(int64(i)*int64(time.Second)/int64(fps))
	}
	return out
}

// lessonFrames plans a lesson range: step from (where the GIF starts) is
// held lessonHold; each later step plays its slow motion, motion(step)
// of screen time, then holds motionHold (lessonHold in all at least):
//
//	step from: hold | step from+1: motion, hold | step from+2: ...
func lessonFrames(from, to, fps int, motion func(step int) time.Duration) []plannedFrame {
	frames := func(d time.Duration) int {
		return int((int64(d)*int64(fps) + int64(time.Second) - 1) / int64(time.Second))
	}
	var out []plannedFrame
	for step := from; step <= to; step++ {
		d := lessonHold
		if step > from && motion != nil {
			d = max(lessonHold, motion(step)+motionHold)
		}
		for range frames(d) {
			out = append(out, plannedFrame{Step: step})
		}
	}
	return out
}

// motionHold is how long a GIF holds a step's end after its motion.
const motionHold = time.Second

// recordSandbox plans a recording of sim's range rg on a fork of it.
func recordSandbox(sim Sim, chrome *view.Chrome, rg Range) (*Recording, error) {
	from, to, now := duration(rg.From), duration(rg.To), sim.Now()
	switch {
	case from < 0:
		return nil, fmt.Errorf("from must be 0 s or later, not %g s", rg.From)
	case from >= to:
		return nil, fmt.Errorf("from (%g s) must come before to (%g s)", rg.From, rg.To)
	case to > now:
		return nil, fmt.Errorf("to is %s but the world has only run to %s", engine.FormatTime(to), engine.FormatTime(now))
	case to-from > MaxGIFSpan:
		return nil, fmt.Errorf("a GIF covers at most %s; %g s to %g s is %g s", gifSpanText, rg.From, rg.To, (to - from).Seconds())
	}
	plan := sandboxFrames(from, to, rg.FPS)
	if err := checkFrames(len(plan), rg.FPS); err != nil {
		return nil, err
	}
	e, ok := sim.(*etcdSim)
	if !ok {
		return nil, errors.New("this stage cannot rewind its world, so it cannot record one")
	}
	w, sh, err := e.sh.ForkAt(from)
	if err != nil {
		return nil, err
	}
	h := hiddenSession(&etcdSim{w: w, sh: sh}, nil, chrome)
	rec := &Recording{h: h, plan: plan,
		name: "watchscope-sandbox-" + fileTime(from) + "-" + fileTime(to) + ".gif"}
	for _, c := range e.w.Log() {
		if c.At > from && c.At <= to {
			rec.pending = append(rec.pending, c)
		}
	}
	return rec, nil
}

// recordLesson plans a recording of lesson p's steps rg on a runner of its own.
func recordLesson(p *lessonPlay, chrome *view.Chrome, rg Range) (*Recording, error) {
	n := len(p.l.Steps)
	from, to := int(rg.From), int(rg.To)
	switch {
	case float64(from) != rg.From || float64(to) != rg.To:
		return nil, fmt.Errorf("in a lesson, from and to are step numbers (0 to %d), not %g and %g", n, rg.From, rg.To)
	case from < 0 || to > n:
		return nil, fmt.Errorf("lesson %s has steps 0 to %d; %d to %d is outside them", p.l.ID, n, from, to)
	case from > to:
		return nil, fmt.Errorf("from (step %d) must not come after to (step %d)", from, to)
	}
	var motion func(int) time.Duration
	if !chrome.Reduced {
		motion = p.motionLength
	}
	plan := lessonFrames(from, to, rg.FPS, motion)
	if err := checkFrames(len(plan), rg.FPS); err != nil {
		return nil, err
	}
	r, err := lessons.NewRunner(p.l, lessons.Options{Seed: p.seed})
	if err == nil {
		err = r.Seek(from)
	}
	if err != nil {
		return nil, err
	}
	play := &lessonPlay{l: p.l, r: r, seed: p.seed, picked: -1}
	h := hiddenSession(shellSim(r.Shell()), play, chrome)
	return &Recording{h: h, plan: plan,
		name: fmt.Sprintf("watchscope-%s-step%d-step%d.gif", p.l.ID, from, to)}, nil
}

// checkFrames bounds a GIF's frame count.
func checkFrames(n, fps int) error {
	switch {
	case n == 0:
		return errors.New("the range is shorter than one frame")
	case n > MaxGIFFrames:
		return fmt.Errorf("a GIF holds at most %d frames (%d s at %d fps); this range needs %d: choose fewer fps or a shorter range",
			MaxGIFFrames, MaxGIFFrames/fps, fps, n)
	}
	return nil
}

// hiddenSession is a session nobody sees: no demo, no overlays (help,
// console, messages), the live stage's theme and reduced-motion choice,
// and a clock that only the recording moves.
func hiddenSession(sim Sim, p *lessonPlay, live *view.Chrome) *Session {
	h := New(sim, Options{Speed: 1})
	h.lesson = p
	h.chrome = view.Chrome{Reduced: live.Reduced, Theme: live.Theme}
	h.clock.MaxStep = time.Hour // a frame's step is never capped
	h.refresh()
	h.motion = view.Motion{Columns: view.Columns}
	h.motion.Observe(h.snap, 0)
	return h
}
