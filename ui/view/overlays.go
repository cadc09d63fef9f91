package view

import (
	"fmt"
	"strings"

	"watchscope/ui/keys"
)

// overlays draws what sits over the stage: the one-line message (a bad
// deep-link parameter, a failed command) and, while the console is open,
// its last answers. The console's input line, the lesson picker and the
// help and "why?" dialogs are widgets drawn over this (ui/widgets).
//
// They are a layer of their own, over the one the figure, the focus and
// the messages draw in: a layer's texts are drawn after all its rects,
// so in one layer the figure's words would show through the legend.
func overlays(sc *Scene, s Snapshot) {
	o := sc.over().over()
	u := s.UI
	if u.Start { // under the message line, the picker and the help
		startScreen(o, u)
	}
	if u.Recording != nil {
		recordingPanel(o, u.Recording)
	}
	for i, ov := range Overlays { // the registry's painted overlays (overlay.go)
		if ov.Draw != nil && u.Shown&(1<<i) != 0 {
			ov.Draw(o)
		}
	}
	if u.Message != "" {
		// A presenter's cue is a beat, not a warning: the calm accent.
		fill := Orange
		if u.MessageCue {
			fill = SkyBlue
		}
		o.rect(Rect{X: StageLeft, Y: 8, W: StageEnd - StageLeft, H: 40, Radius: 8, Fill: fill})
		size := max(20, sc.Theme.Bar.Text) // the frame's type: a projector's 27 in the same bar
		o.label(DesignW/2, 16-(LineHeight(sc.Theme.TextSize(size))-LineHeight(sc.Theme.TextSize(20)))/2, clip(u.Message, 120), ProseBold, size, Center, sc.Theme.Background)
	}
	if u.Console {
		consoleLog(o, s.Log)
	}
}

// helpRows lays the key table's hints (package keys) out in two columns.
func helpRows() []string {
	hints := keys.Hints(keys.Stage)
	half := (len(hints) + 1) / 2
	rows := make([]string, half)
	for i := range rows {
		l := hints[i]
		rows[i] = fmt.Sprintf("%-12s %-*s", strings.Join(l.Keys, "  "), keys.HelpMax, l.Help)
		if j := i + half; j < len(hints) {
			rows[i] += fmt.Sprintf("  %-12s %s", strings.Join(hints[j].Keys, "  "), hints[j].Help)
		}
		rows[i] = strings.TrimRight(rows[i], " ")
	}
	return rows
}

// consoleLog shows the console's last answers above its input line, in
// the sandbox and in a lesson alike (a lesson's console types into the
// lesson's world: a what-if beside the script).
//
// etcdctl's client warning before a server error (stderr, see
// ClientWarning) is drawn dimmed on a smaller line between the command
// and its error, as a terminal shows stderr's noise above the answer.
func consoleLog(o *Scene, log []LogLine) {
	const rows, warnH = 4, 22
	log = log[max(0, len(log)-rows):]
	if len(log) == 0 {
		return
	}
	h := float64(len(log)*52 + 16)
	for _, l := range log {
		if ClientWarning(l.Out) != "" {
			h += warnH
		}
	}
	top := float64(PanelTop-72) - h
	o.rect(Rect{X: StageLeft, Y: top, W: StageEnd - StageLeft, H: h, Radius: 10, Fill: o.Theme.PanelHi})
	y := top + 12
	for _, l := range log {
		o.label(StageLeft+20, y, "$ "+clip(l.Cmd, 120), Mono, 18, Left, o.Theme.Muted)
		y += 24
		if w := ClientWarning(l.Out); w != "" {
			o.label(StageLeft+44, y, clip(w, 140), Mono, 16, Left, o.Theme.Caption)
			y += warnH
		}
		c := o.Theme.Ink
		if l.Failed {
			c = Orange
		}
		o.label(StageLeft+44, y, clip(firstLine(l.Out), 120), Mono, 18, Left, c)
		y += 28
	}
}

// clientWarningStart begins the JSON line etcdctl 3.6's client library
// (clientv3's retry interceptor, a zap logger) writes on stderr before it
// hands a server error to etcdctl.
const clientWarningStart = `{"level":"warn"`

// ClientWarning is the first client warning line at the start of a
// command's output, or "".
func ClientWarning(out string) string {
	if !strings.HasPrefix(out, clientWarningStart) {
		return ""
	}
	line, _, _ := strings.Cut(out, "\n")
	return line
}

// DropClientWarnings is a command's output without the client warning
// lines it starts with: what the command itself answered.
func DropClientWarnings(out string) string {
	for strings.HasPrefix(out, clientWarningStart) {
		_, out, _ = strings.Cut(out, "\n")
	}
	return out
}

// Clip shortens s to its first line and at most n runes, ending on a
// whole word that does not dangle (sayLess), never in "…" (issue 26), as
// the stage's own texts say less.
func Clip(s string, n int) string { return clip(s, n) }
