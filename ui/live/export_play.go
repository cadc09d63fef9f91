package live

import (
	"fmt"
	"time"

	"watchscope/console"
	"watchscope/engine"
	"watchscope/ui/view"
)

// Next moves the hidden session to the next frame of the plan and returns
// its scene and the frame's caption (the GIF stores it as the frame's
// comment: "WatchScope sandbox t=12.300s rev=17"). ok is false once every
// frame was handed out or the recording ended.
func (r *Recording) Next() (sc view.Scene, caption string, ok bool) {
	if r.done || r.next >= len(r.plan) {
		return view.Scene{}, "", false
	}
	f := r.plan[r.next]
	if r.next > 0 {
		r.advance(f)
	}
	r.next++
	return r.h.Scene(), r.caption(f), true
}

// advance moves the hidden world to frame f and its clocks by one frame:
// the commands logged up to f.At run at their own instants (a lesson
// plays its next step instead), then the snapshot and motion follow.
func (r *Recording) advance(f plannedFrame) {
	h := r.h
	h.ticks++
	if p := h.lesson; p != nil {
		played := p.r.Next()
		fr := beginFrames(p, h.chrome.Reduced)
		for p.r.Next() < f.Step { // a step with a question takes two beats
			if err := p.next(); err != nil {
				break // the end of the lesson: the frame shows the last step
			}
		}
		frames := fr.end(p.r.World())
		if p.r.Next() > played {
			h.replay.start(p, h.chrome.Reduced, tempo(speed(h.clock), p), &h.snap, frames) // the step plays in slow motion, as on the stage
		}
	} else {
		for len(r.pending) > 0 && r.pending[0].At <= f.At {
			h.sim.RunUntil(r.pending[0].At)
			replayCommand(h, r.pending[0].Text)
			r.pending = r.pending[1:]
		}
		h.sim.RunUntil(f.At)
	}
	h.clock.Tick(time.Second / time.Duration(r.fps))
	h.replay.advance(h.sim.World(), time.Second/time.Duration(r.fps), h.clock.Paused, tempo(speed(h.clock), h.lesson))
	h.work.ranAt = h.ticks // every part of the snapshot is read for every frame
	h.refresh()
	h.motion.Observe(h.snap, h.clock.Anim())
}

// replayCommand runs a logged command on the hidden session s's world
// and logs it as the stage did, without the feature hooks (they belong
// to the live stage).
func replayCommand(s *Session, cmd string) {
	out, err := s.sim.Exec(cmd)
	line := view.LogLine{Cmd: cmd, Out: out}
	if err != nil {
		line.Out, line.Failed = out+console.ErrorLine(err), true
	}
	s.logLine(line)
}

func (r *Recording) caption(f plannedFrame) string {
	rev, _ := r.h.sim.Revs()
	now := engine.FormatTime(r.h.snap.Now) // the screen's time: a step in slow motion shows it passing
	if p := r.h.lesson; p != nil {
		return fmt.Sprintf("WatchScope lesson %s step %d/%d t=%s rev=%d", p.l.ID, p.r.Next(), len(p.l.Steps), now, rev)
	}
	return fmt.Sprintf("WatchScope sandbox t=%s rev=%d", now, rev)
}

// Len is the number of frames the recording makes.
func (r *Recording) Len() int { return len(r.plan) }

// Index is the number of frames handed out so far.
func (r *Recording) Index() int { return r.next }

// FPS is the frame rate asked for.
func (r *Recording) FPS() int { return r.fps }

// Size is the frame size in pixels (16:9).
func (r *Recording) Size() (w, h int) { return r.width, r.width * 9 / 16 }

// Name is the GIF's file name: watchscope-sandbox-2.0s-12.0s.gif, or
// watchscope-<lesson>-step1-step4.gif.
func (r *Recording) Name() string { return r.name }

// Encoded records how many bytes the GIF has so far (for the progress).
func (r *Recording) Encoded(bytes int) { r.bytes = bytes }

// Done reports whether the recording ended (finished, failed or cancelled).
func (r *Recording) Done() bool { return r.done }

// Finish ends the recording: err nil when the GIF is complete. The
// session forgets the hidden world and keeps the outcome for state().
func (r *Recording) Finish(err error) {
	if r.done {
		return
	}
	r.done, r.h, r.pending = true, nil, nil
	last := ExportJSON{Done: true, Frame: r.next, Frames: len(r.plan), Bytes: r.bytes}
	if err != nil {
		last.Error = err.Error()
	}
	if x := r.owner; x.rec == r {
		x.rec, x.last = nil, last
	}
}
