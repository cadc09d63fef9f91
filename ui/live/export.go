package live

import (
	"errors"
	"fmt"
	"math"
	"strings"
	"time"

	"watchscope/ui/view"
)

// Export of the stage for slides: a PNG of the frame on screen (drawn by
// package ui, named here) and an animated GIF of a range of the past.
//
// A GIF never disturbs the live stage. It is recorded on a hidden
// session that replays the range on its own fork of the world:
//
//	live session ──ForkAt(from)──> hidden session ──frame by frame──> ui.GIFExport
//	   (keeps running)              (its own clock,      scene at t0, t0+dt, ...
//	                                 motion, console)     drawn off-screen, encoded
//
// In the sandbox the range is virtual time (the fork replays the seed and
// the command log, exactly as seek does, and the commands logged inside
// the range are replayed at their own instants). In a lesson it is steps
// played: a fresh runner plays up to from, then each step is held for
// lessonHold while its packets travel.

// Limits of a GIF export: they bound the memory and the time one export
// takes, and the message for anything outside them names the limit.
const (
	MaxGIFFrames           = 600              // frames in one GIF
	MaxGIFSpan             = 60 * time.Second // a sandbox range
	MinGIFWidth            = 320              // px
	MaxGIFWidth            = 1920             // px; the height is 9/16 of it
	MaxGIFFPS              = 30               // frames per second
	DefaultGIFFPS          = 10               //
	DefaultGIFWidth        = 960              //
	DefaultGIFSpan         = 10 * time.Second // the panel's default: the last 10 s
	MaxGIFBytes            = 48 << 20         // the encoder stops past this size
	lessonHold             = 2 * time.Second  // how long each lesson step is shown
	defaultLessonSpan      = 3                // the panel's default: the last 3 steps
	gifSpanText            = "60 s"           // MaxGIFSpan as the messages say it
	unitSeconds, unitSteps = "s", "step"
)

// ErrExportCancelled is how a cancelled GIF export ends.
var ErrExportCancelled = errors.New("export cancelled")

// Range is the part of the past a GIF shows, and how.
type Range struct {
	From, To float64 // sandbox: virtual seconds; lesson: steps played
	FPS      int     // frames per second of the GIF (0: DefaultGIFFPS)
	Width    int     // pixels (0: DefaultGIFWidth); the height is 9/16 of it
}

// Exporter is export's feature beside the session (features.go): the
// recording running (at most one) and how the last one ended. The page
// reaches it through Session.Export.
type Exporter struct {
	st   stageView
	rec  *Recording
	last ExportJSON
}

// ExportJSON is state().export: the panel's default range and a running
// recording's progress.
type ExportJSON struct {
	Unit    string  `json:"unit"` // "s" in the sandbox, "step" in a lesson
	From    float64 `json:"from"` // default range: the last 10 s, or the last steps
	To      float64 `json:"to"`
	Max     float64 `json:"max"` // the latest "to" allowed: now, or the lesson's steps
	Running bool    `json:"running"`
	Done    bool    `json:"done"` // the last recording finished (see Error)
	Frame   int     `json:"frame"`
	Frames  int     `json:"frames"`
	Bytes   int     `json:"bytes"`
	Error   string  `json:"error,omitempty"`
}

func (x *Exporter) fillState(st *State) { st.Export = x.json() }

// json fills the defaults from the stage now and the progress from the
// recording.
func (x *Exporter) json() ExportJSON {
	j := x.last
	j.Unit, j.From, j.To, j.Max = x.Range()
	if r := x.rec; r != nil {
		j.Running, j.Done, j.Error = true, false, ""
		j.Frame, j.Frames, j.Bytes = r.next, len(r.plan), r.bytes
	}
	return j
}

// Range is the range the export panel offers when it opens (unit "s":
// the last 10 s of the sandbox; "step": the last few steps played, at
// least the first one) and the latest "to" allowed now.
func (x *Exporter) Range() (unit string, from, to, most float64) {
	if p := x.st.lesson(); p != nil {
		n := len(p.l.Steps)
		last := min(n, max(p.r.Next(), 1))
		return unitSteps, float64(max(0, last-defaultLessonSpan)), float64(last), float64(n)
	}
	now := x.st.sim().Now()
	return unitSeconds, seconds(max(0, now-DefaultGIFSpan)), seconds(now), seconds(now)
}

// seconds is d in seconds, rounded to the millisecond the inputs show.
func seconds(d time.Duration) float64 { return float64(d.Milliseconds()) / 1000 }

// duration is a number of seconds as a duration, to the millisecond.
func duration(sec float64) time.Duration {
	return time.Duration(math.Round(sec*1000)) * time.Millisecond
}

// Name is the file name of an export of the stage now:
// watchscope-<lesson or sandbox>-<sim time>.<ext>.
func (x *Exporter) Name(ext string) string {
	label := "sandbox"
	if p := x.st.lesson(); p != nil {
		label = p.l.ID
	}
	return "watchscope-" + label + "-" + fileTime(x.st.sim().Now()) + "." + ext
}

// Title is what the export panel calls the lesson on the stage: its
// title, as the picker shows it, shortened to exportTitleRunes; "" in
// the sandbox. File names keep the lesson's id (Name): an id is short,
// stable and safe in a path; a title reads better on screen.
func (x *Exporter) Title() string {
	p := x.st.lesson()
	if p == nil {
		return ""
	}
	return shortTitle(p.l.Title, exportTitleRunes)
}

// exportTitleRunes is the most of a title the export panel shows: every
// built-in lesson's whole (the longest has 56), and the first sentence
// of the panel stays on one line even for a long authored title.
const exportTitleRunes = 60

// shortTitle is title cut to at most n runes, at the end of a word, with
// an ellipsis for what was left out ("Snapshots: paginated and…"); the
// punctuation before the cut goes too ("Snapshots…", not "Snapshots:…").
// A first word longer than n is cut inside.
func shortTitle(title string, n int) string {
	r := []rune(strings.TrimSpace(title))
	if len(r) <= n {
		return string(r)
	}
	cut := n - 1 // room for the ellipsis
	for cut > 0 && r[cut] != ' ' {
		cut--
	}
	if cut == 0 {
		return string(r[:n-1]) + "…"
	}
	return strings.TrimRight(string(r[:cut]), " :,;-–—") + "…"
}

// fileTime is the stage's clock text without spaces ("12.3s", "1m02.5s").
func fileTime(d time.Duration) string { return strings.ReplaceAll(view.SimTime(d), " ", "") }

// Recording is the GIF recording running, or nil.
func (x *Exporter) Recording() *Recording { return x.rec }

// Export is the stage's export: the panel's range, names, recordings.
func (s *Session) Export() *Exporter { return s.exporter }

// check validates the range's numbers that do not depend on the world.
func (r *Range) check() error {
	if r.FPS == 0 {
		r.FPS = DefaultGIFFPS
	}
	if r.Width == 0 {
		r.Width = DefaultGIFWidth
	}
	switch {
	case math.IsNaN(r.From) || math.IsNaN(r.To) || math.IsInf(r.From, 0) || math.IsInf(r.To, 0):
		return errors.New("from and to must be numbers")
	case r.FPS < 1 || r.FPS > MaxGIFFPS:
		return fmt.Errorf("fps must be 1 to %d, not %d", MaxGIFFPS, r.FPS)
	case r.Width < MinGIFWidth || r.Width > MaxGIFWidth:
		return fmt.Errorf("width must be %d to %d px, not %d", MinGIFWidth, MaxGIFWidth, r.Width)
	}
	return nil
}

// Delays are the GIF's per-frame delays in hundredths of a second (the
// unit GIF has): frame i lasts from round(i*100/fps) to round((i+1)*100/fps),
// so at 30 fps the delays go 3, 4, 3, 3, 4, 3 ... and n frames always
// last n/fps seconds in total, with no drift.
func Delays(n, fps int) []int {
	out := make([]int, n)
	at := func(i int) int { return (i*100*2 + fps) / (2 * fps) } // round(i*100/fps)
	for i := range out {
		out[i] = at(i+1) - at(i)
	}
	return out
}
