package view

import "strings"

// Geometry of the lesson panel.
const (
	NarrLeft    = 72
	NarrWidth   = 1120
	AskLeft     = 1240
	AskWidth    = 608
	ChoiceH     = 30
	MaxChoices  = 4
	narrLines   = 4
	narrLineH   = 30
	checkLines  = 4
	consoleRows = 3
)

// lessonPanel draws the narration (what to look at), the question or the
// checks on the right, or in the sandbox the console's last lines.
func lessonPanel(sc *Scene, s Snapshot) {
	sc.rect(Rect{X: StageLeft, Y: PanelTop, W: StageEnd - StageLeft, H: PanelBot - PanelTop, Radius: 12, Fill: sc.Theme.Panel})
	l := s.Lesson
	if l == nil {
		sandboxPanel(sc, s)
		return
	}
	title := l.StepTitle
	if l.Error != "" {
		title = "This step failed to run"
	}
	// The projector theme sets the narration larger: it is what the back
	// row reads (the panel has room for three lines at that size).
	n := sc.Theme.Narration
	size, lineH, maxLines := n.Size, n.LineH, n.Lines
	sc.fit(NarrLeft, PanelTop+16, title, ProseBold, 28+(size-22), Left, sc.Theme.Ink, NarrWidth-refsWidth(l))
	lessonRefs(sc, l)
	text := l.Narration
	if l.Error != "" {
		text = l.Error
	}
	lines := Wrap(text, Prose, size, NarrWidth)
	for len(lines) > maxLines && size > sc.Theme.TextSize(18) { // long narration: smaller type before cutting, down to the theme's least
		size, lineH = max(size-2, sc.Theme.TextSize(18)), max(lineH-2, LineHeight(sc.Theme.TextSize(18)))
		maxLines = int((PanelBot - 8 - PanelTop - 64) / lineH)
		lines = Wrap(text, Prose, size, NarrWidth)
	}
	for i, line := range lines {
		if i == maxLines {
			break
		}
		if i == maxLines-1 && len(lines) > maxLines {
			line = sc.Theme.fitText(Prose, size, line+" "+strings.Join(lines[maxLines:], " "), NarrWidth)
		}
		sc.label(NarrLeft, PanelTop+64+float64(i)*lineH, line, Prose, size, Left, sc.Theme.Muted)
	}
	switch {
	case l.Question != "":
		question(sc, l)
	case len(l.Checks) > 0:
		checks(sc, l.Checks)
	}
}

// question is the predict-then-reveal box: the choices, the learner's
// pick, and after the step ran, the right answer and why.
func question(sc *Scene, l *LessonView) {
	head := headingY(sc.Theme)
	sc.label(AskLeft, head, "PREDICT", ProseBold, 16, Left, Orange)
	q := Wrap(l.Question, ProseBold, sc.Theme.TextSize(18), AskWidth)
	n := min(2, len(Wrap(l.Question, ProseBold, 18, AskWidth))) // the lines ChoiceRegion leaves the question
	for i, line := range q[:min(n, len(q))] {
		if i == n-1 && len(q) > n { // larger type: the question's last line says less
			line = sc.Theme.fitText(ProseBold, 18, strings.Join(q[i:], " "), AskWidth)
		}
		sc.label(AskLeft, PanelTop+36+float64(i)*22, line, ProseBold, 18, Left, sc.Theme.Ink)
	}
	if l.Right >= 0 {
		answer(sc, l, min(2, len(q)))
		return
	}
	for i, ch := range l.Choices {
		if i == MaxChoices {
			break
		}
		y := ChoiceRegion(l, i).Y
		fill := sc.Theme.PanelHi
		ink := sc.Theme.Muted
		if i == l.Picked {
			fill, ink = sc.Theme.Rule, sc.Theme.Ink
		}
		if l.Right >= 0 && i == l.Right {
			fill, ink = Mix(sc.Theme.Panel, BluishGreen, 0.45), sc.Theme.Ink
		}
		sc.rect(Rect{X: AskLeft, Y: y, W: AskWidth, H: ChoiceH - 4, Radius: 6, Fill: fill})
		sc.label(AskLeft+12, y+4, itoa(i+1), Mono, 17, Left, sc.Theme.Caption)
		sc.fit(AskLeft+40, y+4, ch, Prose, 17, Left, ink, AskWidth-52)
	}
	sc.label(AskLeft+AskWidth, head, "press 1-"+itoa(min(len(l.Choices), MaxChoices))+", then →", Prose, 16, Right, sc.Theme.Caption)
}

// answer is a revealed question: the right choice (and the learner's,
// when it was another), then why, in the room the choices had; the
// narration keeps its own lines on the left.
func answer(sc *Scene, l *LessonView, qLines int) {
	y := float64(PanelTop+36+qLines*22) + 10
	row := func(i int, fill colorRGBA, ink colorRGBA) {
		sc.rect(Rect{X: AskLeft, Y: y, W: AskWidth, H: ChoiceH - 4, Radius: 6, Fill: fill})
		sc.label(AskLeft+12, y+4, itoa(i+1), Mono, 17, Left, ink)
		sc.fit(AskLeft+40, y+4, l.Choices[i], Prose, 17, Left, ink, AskWidth-52)
		y += ChoiceH
	}
	if l.Picked >= 0 && l.Picked != l.Right && l.Picked < len(l.Choices) {
		row(l.Picked, sc.Theme.Rule, sc.Theme.Muted)
	}
	if l.Right < len(l.Choices) {
		row(l.Right, Mix(sc.Theme.Panel, BluishGreen, 0.45), sc.Theme.Ink)
	}
	size := sc.Theme.TextSize(17)
	lines := Wrap("Answer: "+l.Why, Prose, size, AskWidth)
	room := int((PanelBot - 8 - y) / (size + 4))
	for i, line := range lines {
		if i >= room {
			break
		}
		if i == room-1 && len(lines) > room {
			line = sc.Theme.fitText(Prose, size, line+" "+strings.Join(lines[room:], " "), AskWidth)
		}
		sc.label(AskLeft, y+2+float64(i)*(size+4), line, Prose, size, Left, BluishGreen)
	}
}

// ChoiceRegion is where choice i of the question is drawn (and clicked):
// right under the question's one or two lines.
func ChoiceRegion(l *LessonView, i int) Region {
	lines := min(2, len(Wrap(l.Question, ProseBold, 18, AskWidth)))
	top := float64(PanelTop+36+lines*22) + 10
	return Region{AskLeft, top + float64(i*ChoiceH), AskWidth, ChoiceH - 4}
}

// checks lists the step's claims with their verdicts: every sentence the
// narration asserts was checked against this very run. A claim wraps to
// two lines; what does not fit is counted, not cut off.
func checks(sc *Scene, cs []CheckView) {
	head := headingY(sc.Theme)
	sc.label(AskLeft, head, "CHECKED AGAINST THIS RUN", ProseBold, 16, Left, sc.Theme.Muted)
	passed, total := 0, 0
	for _, c := range cs {
		total += max(c.N, 1)
		if c.Pass {
			passed += max(c.N, 1)
		}
	}
	sc.label(AskLeft+AskWidth, head, itoa(passed)+" of "+itoa(total)+" checks pass", Prose, 16, Right, sc.Theme.Caption)
	y, bottom := float64(PanelTop+44), float64(PanelBot-12)
	for i, c := range cs {
		claim := c.Claim
		if !c.Pass && c.Saw != "" {
			claim += " (saw " + c.Saw + ")"
		}
		lines := Wrap(claim, Prose, sc.Theme.TextSize(17), AskWidth-28)
		if len(lines) > 2 { // the claim says less, on two lines
			lines = append(lines[:1], sc.Theme.fitText(Prose, 17, strings.Join(lines[1:], " "), AskWidth-28))
		}
		pitch := max(21, LineHeight(sc.Theme.TextSize(17)))
		h := float64(len(lines))*pitch + 6
		if y+h > bottom-(boolF(i < len(cs)-1)*22) {
			sc.label(AskLeft+28, y, "+"+itoa(len(cs)-i)+" more", Prose, 16, Left, sc.Theme.Caption)
			break
		}
		shape, col := Circle, BluishGreen
		if !c.Pass {
			shape, col = Cross, Vermillion
		}
		sc.mark(Mark{X: AskLeft + 8, Y: y + 10, R: 7, Shape: shape, Color: col})
		for j, line := range lines {
			sc.label(AskLeft+28, y+float64(j)*pitch, line, Prose, 17, Left, sc.Theme.Muted)
		}
		y += h
	}
}

// headingY is where the ask column's heading sits: over the question (or
// the claims) that starts at PanelTop+36, higher when the theme's type
// is taller than the room.
func headingY(th Theme) float64 {
	return min(PanelTop+16, PanelTop+36-LineHeight(th.TextSize(16)))
}

func boolF(b bool) float64 {
	if b {
		return 1
	}
	return 0
}

// sandboxPanel is the sandbox's palette: fault buttons and knob toggles,
// each a console command (the same line `go run . console` takes), and
// the console's last lines beside them.
func sandboxPanel(sc *Scene, s Snapshot) {
	sc.label(NarrLeft, PanelTop+16, "Sandbox", ProseBold, 28, Left, sc.Theme.Ink)
	sc.label(NarrLeft+Measure(ProseBold, 28, "Sandbox")+16, PanelTop+24, "faults and knobs are console commands · ` opens the console · L picks a lesson", Prose, 18, Left, sc.Theme.Caption)
	// The buttons themselves (SandboxButtons) are widgets (ui/widgets).
	log := s.Log[max(0, len(s.Log)-consoleRows):]
	for i, l := range log {
		y := PanelTop + 64 + float64(i)*36
		sc.label(AskLeft+8, y, "$ "+clip(l.Cmd, 48), Mono, 16, Left, sc.Theme.Muted)
		c := sc.Theme.Caption
		if l.Failed {
			c = Orange
		}
		sc.label(AskLeft+24, y+18, clip(firstLine(l.Out), 52), Mono, 16, Left, c)
	}
}

// ToggleButton is a sandbox button; On marks a knob away from its default.
type ToggleButton struct {
	Button
	On bool
}

// SandboxButtons are the sandbox's fault and knob buttons, two rows.
func SandboxButtons(s Snapshot) []ToggleButton {
	k := s.UI.Knobs
	on := func(name string) bool {
		for _, x := range k {
			if x == name {
				return true
			}
		}
		return false
	}
	faults := []Button{
		{Label: "restart apiserver", Cmd: "sim restart apiserver-0"},
		{Label: "OOM-kill apiserver", Cmd: "sim kill apiserver-0 10s"},
		{Label: "disconnect node-3 30s", Cmd: "sim disconnect node-3 30s"},
		{Label: "compact now", Cmd: "sim compact-now"},
		{Label: "write load 200/s", Cmd: "sim load pods 200 30s"},
		{Label: "heal", Cmd: "sim heal"},
	}
	knobs := []ToggleButton{
		{Button{Label: "cache pods#1000", Cmd: "sim set watch-cache-sizes pods#1000"}, on("cache")},
		{Button{Label: "APF off", Cmd: "sim set priority-and-fairness false"}, on("apf-off")},
		{Button{Label: "WatchList off", Cmd: "sim set watch-list false"}, on("watchlist-off")},
		{Button{Label: "consistent reads off", Cmd: "sim set consistent-reads false"}, on("consistent-off")},
		{Button{Label: "memory limit 1Gi", Cmd: "sim set memory-limit 1Gi"}, on("memory")},
		{Button{Label: "bookmarks off", Cmd: "sim set client-bookmarks false"}, on("bookmarks-off")},
		{Button{Label: "backoff fixed 100ms", Cmd: "sim set client-backoff 100ms"}, on("backoff-fixed")},
	}
	var out []ToggleButton
	x := float64(NarrLeft)
	for _, b := range faults {
		w := Measure(Prose, 17, b.Label) + 32
		b.Region = Region{x, PanelTop + 64, w, 40}
		out = append(out, ToggleButton{Button: b})
		x += w + 12
	}
	x = NarrLeft
	for _, b := range knobs {
		w := Measure(Prose, 17, b.Label) + 32
		b.Region = Region{x, PanelTop + 120, w, 40}
		out = append(out, b)
		x += w + 12
	}
	return out
}

func firstLine(s string) string {
	s = strings.TrimSpace(DropClientWarnings(s))
	if i := strings.IndexByte(s, '\n'); i >= 0 {
		return s[:i]
	}
	if s == "" {
		return "OK"
	}
	return s
}

// Wrap breaks text into lines no wider than width design pixels, on
// spaces; a paragraph break (blank line) is kept as a line break.
func Wrap(text string, f Font, size, width float64) []string {
	var out []string
	for _, para := range strings.Split(strings.TrimSpace(text), "\n\n") {
		line := ""
		for _, w := range strings.Fields(para) {
			try := w
			if line != "" {
				try = line + " " + w
			}
			if line != "" && Measure(f, size, try) > width {
				out = append(out, line)
				line = w
				continue
			}
			line = try
		}
		if line != "" {
			out = append(out, line)
		}
	}
	return out
}
