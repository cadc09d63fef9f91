package view

import (
	"math"
	"strconv"
	"strings"
	"time"

	"watchscope/ui/scene"
)

// The stage's frame, shared by its two layouts: the diagram of a world
// with API servers (cast_layout.go, its bands between ClientsTop and
// EtcdBot, the live charts right of StageRight) and the etcd stage's
// tape (build.go); the lesson panel and the timeline under either.
//
//	48                                                 1416 1448      1872
//	+------------------------------------------------------------------+  24
//	| WatchScope  lesson title  step 3/9        SIM TIME REVISION COMP.|
//	+--------------------------------------------------+---------------+ 112
//	| the diagram (cast_layout.go) or the etcd tape    | live charts   |
//	+--------------------------------------------------+---------------+ 784
//	| step title / narration               | question, checks          |
//	+------------------------------------------------------------------+ 992
//	| [<] [play] [>]  1x   timeline with markers                 ? help |
//	+------------------------------------------------------------------+ 1056
const (
	StageLeft   = 48
	StageRight  = 1416
	ChartsLeft  = 1448
	StageEnd    = 1872
	TopBarH     = 96
	ClientsTop  = 112
	EtcdBot     = 784
	PanelTop    = 800
	PanelBot    = 984
	TimelineTop = 1000
	TimelineBot = 1056
)

// Region is a named rectangle of the stage; highlights point at regions.
type Region struct {
	X, Y, W, H float64
}

// Contains reports whether the design point (x, y) is inside r.
func (r Region) Contains(x, y float64) bool {
	return x >= r.X && x < r.X+r.W && y >= r.Y && y < r.Y+r.H
}

// full reports whether the stage draws the diagram: a world with API
// servers; worlds without (the etcd lessons) get the large tape instead.
func full(s Snapshot) bool { return s.Replicas > 0 }

// BuildStage lays out one frame: the diagram, or the etcd stage for
// worlds with only etcd, then the lesson panel, the timeline, the focus
// (highlights dim the rest) and the overlays (help, blank, message).
func BuildStage(s Snapshot, m *Motion, now time.Duration) Scene {
	sc := Scene{Theme: s.UI.Theme.OrDark()}
	var layout CastLayout // the diagram's boxes, for the packets on its wires
	sc.rect(Rect{W: DesignW, H: DesignH, Fill: sc.Theme.Background})
	if s.UI.Blank {
		return sc
	}
	if s.UI.Start { // the start screen covers the stage: nothing under it is drawn
		overlays(&sc, s)
		return sc
	}
	if full(s) {
		topBar(&sc, s)
		layout = castStage(&sc, s)
	} else {
		axis := newAxis(m, now)
		header(&sc, s)
		tape(&sc, s, m, axis)
		lanes(&sc, s, m, axis)
		compactionLine(&sc, s, axis)
		sc.Places = etcdWatchCards(&sc, s)
		stepCommands(&sc, s)
	}
	lessonPanel(&sc, s)
	timeline(&sc, s, now)
	if !full(s) { // the diagram draws its own focus (castFocus)
		focus(&sc, s, now)
	}
	wires(&sc, s, &layout, m, now) // over the dimming: the messages are what a step in motion is about
	if full(s) {
		sc.Places = castPlaces(&layout, s)
		figure(&sc, s, m, now) // over the diagram's lower bands, and over the messages on them
	}
	playbackBadge(&sc, s)
	overlays(&sc, s)
	return sc
}

// topBar is the title line: what is playing and where the clock stands;
// where the theme puts the transport there (Bar.TopControls), its
// buttons sit left of the counters.
func topBar(sc *Scene, s Snapshot) {
	th := sc.Theme
	x := float64(StageLeft)
	if th.Detail {
		sc.label(x, 28, "WatchScope", ProseBold, 28, Left, th.Muted)
		x += Measure(ProseBold, 28, "WatchScope") + 24
	}
	title, sub := "Sandbox", "every knob, no script"
	if l := s.Lesson; l != nil {
		title = l.Title
		sub = "step " + strconv.Itoa(max(l.Step, 0)) + " / " + strconv.Itoa(l.Steps)
	}
	subSize := max(22, th.Bar.Text)
	// The title gives way to the clock's stats and, while a step replays,
	// to the playback badge left of them (playbackBadge, at most 420 wide).
	limit := topRight(s) - 24
	if s.Playback != nil {
		limit = topRight(s) - 420 - 16
	}
	title = th.fitText(ProseBold, 28, title, limit-x-20-Measure(Prose, th.TextSize(subSize), sub))
	sc.label(x, 28, title, ProseBold, 28, Left, th.Ink)
	x += Measure(ProseBold, th.TextSize(28), title) + 20
	sc.label(x, 34+(LineHeight(th.TextSize(22))-LineHeight(th.TextSize(subSize)))/2, sub, Prose, subSize, Left, th.Caption)
	stats := topStats(th, s)
	rx := float64(StageEnd)
	ly, nameSize := 16.0, statNameSize(th)
	if lh := LineHeight(th.TextSize(nameSize)); ly+lh > 36 { // a stat's name over its value, both in the bar
		ly = 34 - lh
	}
	for i := len(stats) - 1; i >= 0; i-- {
		c := th.Ink
		if stats[i].label == "COMPACTED" {
			c = th.Yellow
		}
		sc.label(rx, ly, stats[i].label, ProseBold, nameSize, Right, th.Caption)
		sc.label(rx, 36, stats[i].value, Mono, 36, Right, c)
		rx -= statPitch(th)
	}
	sc.rect(Rect{X: StageLeft, Y: TopBarH, W: StageEnd - StageLeft, H: 1, Fill: th.Rule})
}

// statNameSize is the type of a counter's name; statPitch is how far
// apart the counters are: 200, or more where the names are larger.
func statNameSize(th Theme) float64 { return max(16, th.Bar.Text) }

func statPitch(th Theme) float64 {
	return max(200, math.Ceil(Measure(ProseBold, th.TextSize(statNameSize(th)), "COMPACTED")+48))
}

// stat is one of the top bar's counters: its name over its value.
type stat struct{ label, value string }

// topStats are the top bar's counters: the simulated clock only where
// the theme draws detail (a projector shows the revisions).
func topStats(th Theme, s Snapshot) []stat {
	var out []stat
	if th.Detail {
		out = append(out, stat{"SIM TIME", SimTime(s.Now)})
	}
	return append(out, stat{"REVISION", strconv.FormatInt(s.Rev, 10)}, stat{"COMPACTED", revOrDash(s.CompactRev)})
}

// topRight is where the top bar's title row ends on the left of what the
// bar holds at its right: the counters, and the transport's buttons
// where the theme puts them there.
func topRight(s Snapshot) float64 {
	th := s.UI.Theme.OrDark()
	if th.Bar.TopControls {
		if bs := Buttons(s); len(bs) > 0 {
			return bs[0].X - 16
		}
	}
	return StageEnd - float64(len(topStats(th, s)))*statPitch(th) + 24
}

func itoa(n int) string { return strconv.Itoa(n) }

// thousands prints n with comma separators: 150,000.
func thousands(n int64) string { return scene.Thousands(n) }

// bytesText prints a byte count in binary units: "512 KiB", "1.4 GiB".
func bytesText(b int64) string { return scene.Bytes(b) }

func formatFloat(v float64, prec int) string { return strconv.FormatFloat(v, 'f', prec, 64) }

// stepCommands lists, under the key index, the console commands the shown
// step ran and the first line each printed: every change on the tape has
// its cause written next to it.
func stepCommands(sc *Scene, s Snapshot) {
	l := s.Lesson
	if l == nil || len(l.Actions) == 0 {
		return
	}
	top := lanesBottom(s) + 72 + watchStripH(s)
	rows := int((PanelTop - 16 - top - 32) / 30)
	if rows < 1 {
		return
	}
	sc.label(Margin, top, "THIS STEP RAN", ProseBold, 16, Left, sc.Theme.Muted)
	acts := l.Actions
	if len(acts) > rows {
		acts = acts[len(acts)-rows:]
	}
	for i, a := range acts {
		y := top + 32 + float64(i)*30
		sc.label(Margin, y, "$ "+clip(a.Cmd, 72), Mono, 18, Left, sc.Theme.Muted)
		c := sc.Theme.Caption
		if a.Failed {
			c = Orange
		}
		sc.label(GridRight, y, clip(summaryLine(a.Out), 48), Mono, 18, Right, c)
	}
}

// summaryLine is the line of a command's output worth showing next to
// it: for etcdctl's -w fields, the key's revisions (of a read that found
// nothing, its count and the store's revision: the header's ClusterID
// says nothing); else the first line.
func summaryLine(out string) string {
	if !strings.Contains(out, `"ModRevision"`) {
		if strings.Contains(out, "watch was canceled (") { // etcd refused the start revision
			if _, rest, ok := strings.Cut(out, `"CompactRevision":`); ok {
				n, _, _ := strings.Cut(rest, ",")
				return "canceled · history compacted at " + n
			}
			_, why, _ := strings.Cut(out, "watch was canceled (")
			why, _, _ = strings.Cut(why, "\n")
			return "canceled · " + strings.TrimSuffix(why, ")")
		}
		if strings.Contains(out, `"ClusterID"`) { // -w fields of a read that found no key
			return fieldsLine(out, "Count", "Revision")
		}
		return firstLine(out)
	}
	var parts []string
	for _, line := range strings.Split(out, "\n") {
		k, v, ok := strings.Cut(line, ":")
		if !ok {
			continue
		}
		k = strings.Trim(strings.TrimSpace(k), `"`)
		switch k {
		case "CreateRevision", "ModRevision", "Version":
			parts = append(parts, strings.ToLower(k[:1])+k[1:]+"="+strings.TrimSpace(v))
		}
		if len(parts) == 3 {
			break
		}
	}
	if len(parts) == 0 {
		return firstLine(out)
	}
	return strings.Join(parts, " ")
}

// fieldsLine is "count=0 revision=5": the named fields of etcdctl's -w
// fields output, in the order given.
func fieldsLine(out string, names ...string) string {
	vals := map[string]string{}
	for _, line := range strings.Split(out, "\n") {
		if k, v, ok := strings.Cut(line, ":"); ok {
			vals[strings.Trim(strings.TrimSpace(k), `"`)] = strings.TrimSpace(v)
		}
	}
	var parts []string
	for _, n := range names {
		if v, ok := vals[n]; ok {
			parts = append(parts, strings.ToLower(n)+"="+v)
		}
	}
	if len(parts) == 0 {
		return firstLine(out)
	}
	return strings.Join(parts, " ")
}
