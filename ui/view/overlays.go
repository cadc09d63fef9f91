package view

import (
	"fmt"
	"strings"

	"watchscope/ui/keys"
)

// overlays draws what sits over the stage: the one-line message (a bad
// deep-link parameter, a failed command), the "why?" chain, the console
// input, the lesson picker and the keyboard help.
func overlays(sc *Scene, s Snapshot) {
	o := sc.over()
	u := s.UI
	if u.Message != "" {
		// A presenter's cue is a beat, not a warning: the calm accent.
		fill := Orange
		if strings.HasPrefix(u.Message, "Cue: ") {
			fill = SkyBlue
		}
		o.rect(Rect{X: StageLeft, Y: 8, W: StageEnd - StageLeft, H: 40, Radius: 8, Fill: fill})
		o.label(DesignW/2, 16, clip(u.Message, 120), ProseBold, 20, Center, Background)
	}
	if len(u.Why) > 0 {
		whyPanel(o, u)
	}
	if u.Console {
		consoleLog(o, s.Log)
		o.rect(Rect{X: StageLeft, Y: PanelTop - 64, W: StageEnd - StageLeft, H: 56, Radius: 10, Fill: Rule})
		o.label(StageLeft+20, PanelTop-50, "$ "+u.Input, Mono, 24, Left, Ink)
		// The caret is a bar, not a glyph: the Go fonts have no U+258F.
		o.rect(Rect{X: StageLeft + 20 + Measure(Mono, 24, "$ "+u.Input), Y: PanelTop - 50, W: 3, H: 30, Fill: Ink})
		o.label(StageEnd-20, PanelTop-46, "Enter runs · ↑ history · Esc closes", Prose, 16, Right, Caption)
	}
	if u.Picker {
		list(o, "Lessons  (click one, press its number, or ↑ ↓ and Enter; Esc closes)", u.Lessons, u.PickerAt)
	}
	if u.Help {
		list(o, "Keys", helpRows(), -1)
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

// PickerRow is the region of row i in the lesson picker.
func PickerRow(i int) Region {
	return Region{X: 360, Y: float64(216 + i*36), W: 1200, H: 34}
}

// list draws a centred panel with a title and rows; row sel (if any)
// is the keyboard's selection.
func list(o *Scene, title string, rows []string, sel int) {
	h := float64(120 + len(rows)*36)
	o.rect(Rect{X: 0, Y: 0, W: DesignW, H: DesignH, Fill: Fade(Background, 0.7)})
	o.rect(Rect{X: 320, Y: 136, W: 1280, H: h, Radius: 16, Fill: PanelHi})
	o.label(360, 160, title, ProseBold, 24, Left, Ink)
	for i, r := range rows {
		y, c := PickerRow(i).Y, Muted
		if i == sel {
			o.rect(Rect{X: 344, Y: y - 4, W: 1232, H: 34, Radius: 6, Fill: Rule})
			c = Ink
		}
		o.label(360, y, r, Mono, 20, Left, c)
	}
}

// whyPanel shows the causal chain of the chosen event, root first, each
// link with the rule that made it happen under it ("event\trule").
func whyPanel(o *Scene, u Chrome) {
	n := min(len(u.Why), 9)
	rows := u.Why[len(u.Why)-n:]
	h := 100.0
	for _, r := range rows {
		h += 34
		if strings.Contains(r, "\t") {
			h += 24
		}
	}
	o.rect(Rect{X: 0, Y: 0, W: DesignW, H: DesignH, Fill: Fade(Background, 0.6)})
	o.rect(Rect{X: 160, Y: 120, W: 1600, H: h, Radius: 16, Fill: PanelHi})
	o.label(192, 140, "why? "+clip(u.WhyTitle, 100), ProseBold, 26, Left, Ink)
	o.label(1728, 146, "Esc closes", Prose, 16, Right, Caption)
	if len(u.Why) > n {
		o.label(1728, 170, itoa(len(u.Why)-n)+" earlier links not shown", Prose, 16, Right, Caption)
	}
	y := 196.0
	for i, row := range rows {
		ev, rule, _ := strings.Cut(row, "\t")
		c := Muted
		if i == n-1 {
			c = Ink
		}
		o.label(192, y, clip(ev, 140), Mono, 18, Left, c)
		y += 34
		if rule != "" {
			o.label(232, y-8, "because: "+rule, Prose, 17, Left, BluishGreen)
			y += 24
		}
	}
}

// consoleLog shows the console's last answers above its input line, in
// the sandbox and in a lesson alike (a lesson's console types into the
// lesson's world: a what-if beside the script).
func consoleLog(o *Scene, log []LogLine) {
	const rows = 4
	log = log[max(0, len(log)-rows):]
	if len(log) == 0 {
		return
	}
	h := float64(len(log)*52 + 16)
	top := float64(PanelTop-72) - h
	o.rect(Rect{X: StageLeft, Y: top, W: StageEnd - StageLeft, H: h, Radius: 10, Fill: PanelHi})
	for i, l := range log {
		y := top + 12 + float64(i)*52
		o.label(StageLeft+20, y, "$ "+clip(l.Cmd, 120), Mono, 18, Left, Muted)
		c := Ink
		if l.Failed {
			c = Orange
		}
		o.label(StageLeft+44, y+24, clip(firstLine(l.Out), 120), Mono, 18, Left, c)
	}
}
