package view

import (
	"math"
	"strconv"
)

// RecordingView is the "your cluster" page: a recording of a real API
// server (package recording, `watchscope record`) as plain data, which
// live fills and the overlay draws over the whole stage. Per resource it
// shows the revision axis with the recorded events as ticks on the tape,
// the lists, bookmarks and 410s as pins, the cache's window as the
// bracket, and where a watcher away for a while would resume, red when
// that is a 410.
type RecordingView struct {
	Title string
	Lines []string // under the title: the server, the length, what to do next
	Rows  []RecordingRow
	More  int // resources left out for room (state() has them all)
	// Replay labels the button that replays the recording into the
	// simulation (a click sends "recordingReplay"); "" draws none.
	Replay string
	// At is the time cursor and Span the recording's length, in ms: the
	// strip under the lines shows where the page stands (Span 0: none).
	At, Span int64
}

// RecordingReplayButton is where the page's replay button sits.
var RecordingReplayButton = Region{X: StageEnd - 520, Y: 20, W: 340, H: 44}

// RecordingStrip is where the page's time strip is (when Span > 0) in
// theme th: the band under the lines, taller than the 8 px bar so that a
// press near it lands; a press or a drag there moves the cursor
// (RecordingStripAt).
func RecordingStrip(th Theme, v *RecordingView) Region {
	y := 84 + recordingLineH(th)*float64(len(v.Lines)) + 6 // the knob clear of the last line
	return Region{X: StageLeft, Y: y - 16, W: StageEnd - StageLeft, H: 40}
}

// recordingLineH is the pitch of the page's lines: its 22 px type as the
// theme draws it, and room between.
func recordingLineH(th Theme) float64 { return max(32, LineHeight(th.TextSize(22))+4) }

// RecordingStripAt is the command a press or drag at design x on the
// strip sends: the cursor to that time, in seconds ("recordingAt 41.25"),
// the right end following the end of a growing recording.
func RecordingStripAt(th Theme, v *RecordingView, x float64) string {
	r := RecordingStrip(th, v)
	f := min(max((x-r.X)/(r.W-1), 0), 1) // the last pixel is the end
	if f == 1 {
		return "recordingAt end"
	}
	return "recordingAt " + strconv.FormatFloat(math.Round(f*float64(v.Span))/1000, 'f', -1, 64)
}

// RecordingRow is one resource: its name, its lines of numbers (events
// and rate, the window, the 410 answer) and its axis.
type RecordingRow struct {
	Resource string
	Lines    []string
	Axis     RVAxis
}

// RecordingRows is how many resources the page has room for.
const RecordingRows = 3

// recordingPanel draws the view over the stage. Every line is fitted to
// the page's width at the theme's type (the projector's says less rather
// than run off the screen), and spaced by its height.
func recordingPanel(o *Scene, v *RecordingView) {
	th := o.Theme
	o.rect(Rect{X: 0, Y: 0, W: DesignW, H: DesignH, Fill: th.Background})
	o.label(StageLeft, 28, v.Title, ProseBold, 34, Left, th.Ink)
	if th.Detail {
		o.label(StageEnd, 40, "Esc closes", Prose, 20, Right, th.Caption)
	}
	if v.Replay != "" {
		b := RecordingReplayButton
		o.rect(Rect{X: b.X, Y: b.Y, W: b.W, H: b.H, Radius: 8, Fill: SkyBlue})
		// Near black on the blue in both themes (the projector's white
		// background colour would read at 2.2:1 there).
		size := th.TextSize(20)
		o.fit(b.X+b.W/2, b.Y+(b.H-LineHeight(size))/2, v.Replay, ProseBold, size, Center, Dark.Background, b.W-16)
	}
	lh, w := recordingLineH(th), float64(StageEnd-StageLeft)
	y := 84.0
	for _, l := range v.Lines {
		o.fit(StageLeft, y, l, Prose, 22, Left, th.Muted, w)
		y += lh
	}
	if v.More > 0 {
		o.label(StageEnd, y-lh, "+"+u64(uint64(v.More))+" more resources in state()", Prose, 20, Right, th.Caption)
	}
	if v.Span > 0 { // the time strip: the recording so far, the cursor's knob
		y = RecordingStrip(th, v).Y + 16
		o.rect(Rect{X: StageLeft, Y: y, W: w, H: 8, Radius: 4, Fill: th.PanelHi})
		f := float64(v.At) / float64(v.Span)
		o.rect(Rect{X: StageLeft, Y: y, W: w * f, H: 8, Radius: 4, Fill: SkyBlue})
		o.rect(Rect{X: StageLeft + w*f - 7, Y: y - 6, W: 14, H: 20, Radius: 4, Fill: th.Ink})
		y += 22
	}
	y += 12
	if len(v.Rows) == 0 {
		return
	}
	h := (DesignH - 16 - y) / float64(len(v.Rows))
	for _, r := range v.Rows {
		o.rect(Rect{X: StageLeft, Y: y, W: w, H: 2, Fill: th.Rule})
		o.label(StageLeft, y+12, r.Resource, ProseBold, 28, Left, th.Ink)
		ly := y + 12
		for _, l := range r.Lines {
			o.fit(StageLeft+300, ly, l, Prose, 22, Left, th.Ink, w-300)
			ly += lh
		}
		top := max(ly, y+48) + 4
		DrawRVAxis(o, Region{X: StageLeft, Y: top, W: w, H: y + h - top}, r.Axis)
		y += h
	}
}
