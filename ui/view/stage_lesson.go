package view

import (
	"math"
	"strings"
)

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
	th := sc.Theme
	sc.rect(Rect{X: StageLeft, Y: PanelTop, W: StageEnd - StageLeft, H: panelBot(th) - PanelTop, Radius: 12, Fill: th.Panel})
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
	// row reads (the panel has the time strip's row for it there).
	n := th.Narration
	size, lineH, maxLines := n.Size, n.LineH, n.Lines
	width := narrWidth(th, l)
	sc.fit(NarrLeft, PanelTop+16, title, ProseBold, 28+(size-22), Left, th.Ink, titleRight(th, l)-NarrLeft-refsWidth(th, l))
	lessonRefs(sc, l)
	text := l.Narration
	if l.Error != "" {
		text = l.Error
	}
	least := max(th.TextSize(18), th.Bar.Text) // the narration's smallest type: it shrinks to this before it says less
	lines := Wrap(text, Prose, size, width)
	for len(lines) > maxLines && size > least { // long narration: smaller type before cutting, down to the theme's least
		size, lineH = max(size-2, least), max(lineH-2, LineHeight(least))
		maxLines = int((panelBot(th) - 8 - PanelTop - 64) / lineH)
		lines = Wrap(text, Prose, size, width)
	}
	for i, line := range lines {
		if i == maxLines {
			break
		}
		if i == maxLines-1 && len(lines) > maxLines {
			line = th.fitText(Prose, size, line+" "+strings.Join(lines[maxLines:], " "), width)
		}
		sc.label(NarrLeft, PanelTop+64+float64(i)*lineH, line, Prose, size, Left, th.Muted)
	}
	switch {
	case l.Question != "":
		question(sc, l)
	case len(l.Checks) > 0:
		checks(sc, l.Checks)
	}
}

// panelBot is the lesson panel's bottom edge: over the time strip's row
// when the theme has no strip (Bar.TopControls).
func panelBot(th Theme) float64 {
	if th.Bar.TopControls {
		return TimelineBot + 8
	}
	return PanelBot
}

// askShown reports whether the panel has its right column: a question,
// or claims to list (every claim where the theme draws detail, else
// only a failing one, the count of the rest on the title row).
func askShown(th Theme, l *LessonView) bool {
	return l.Question != "" || len(l.Checks) > 0 && (th.Detail || failing(l.Checks) > 0)
}

func failing(cs []CheckView) int {
	n := 0
	for _, c := range cs {
		if !c.Pass {
			n++
		}
	}
	return n
}

// askLeft is the right column's left edge.
func askLeft(th Theme) float64 { return StageEnd - 24 - th.Bar.AskW }

// narrWidth is the narration's width: up to the right column, or the
// whole panel where the theme leaves the column out.
func narrWidth(th Theme, l *LessonView) float64 {
	if th.Detail || askShown(th, l) {
		return askLeft(th) - 48 - NarrLeft
	}
	return StageEnd - 24 - NarrLeft
}

// titleRight is where the step's title row ends: the narration's right
// edge, left of the checks' count where the theme puts it on that row.
func titleRight(th Theme, l *LessonView) float64 {
	right := NarrLeft + narrWidth(th, l)
	if !askShown(th, l) && len(l.Checks) > 0 {
		right -= Measure(Prose, th.Bar.Text, checksPass(l.Checks)) + 24
	}
	return right
}

// askLayout is the question's geometry in a theme: its heading, its lines
// and each choice's plate and lines, all inside the lesson panel.
type askLayout struct {
	x, w           float64
	head, headSize float64 // the heading's y and type
	q              []string
	qTop, qSize    float64
	qPitch         float64
	choices        []Region
	chLines        [][]string
	chSize         float64
	chPitch        float64
}

// layoutAsk fits the question into the right column: the question on up
// to two lines (three at a projector's type), each choice on one (two),
// fewer lines for the choices when the panel has no room for them, and
// then fewer for the question (its last line says less).
func layoutAsk(th Theme, l *LessonView) askLayout {
	a := askLayout{x: askLeft(th), w: th.Bar.AskW, headSize: max(16, th.Bar.Text)}
	a.head = min(PanelTop+16, PanelTop+36-LineHeight(th.TextSize(a.headSize)))
	a.qTop = max(PanelTop+36, a.head+LineHeight(th.TextSize(a.headSize))+1.5)
	a.qSize = max(18, th.Bar.Text)
	a.qPitch = max(22, math.Ceil(LineHeight(a.qSize)+1))
	a.chSize = max(17, th.Bar.Text)
	a.chPitch = max(22, math.Ceil(LineHeight(a.chSize)))
	qMax, chMax := 2, 1
	if th.Bar.Text > 22 {
		qMax, chMax = 3, 2
	}
	for ; chMax >= 1 || qMax > 1; chMax-- {
		if chMax < 1 { // the choices on one line each still overflow: the question gives a line
			chMax, qMax = 1, qMax-1
		}
		a.q = fitLines(th, l.Question, ProseBold, a.qSize, a.w, qMax)
		a.choices, a.chLines = a.choices[:0], a.chLines[:0]
		y := a.qTop + float64(len(a.q))*a.qPitch + 10
		for i, ch := range l.Choices {
			if i == MaxChoices {
				break
			}
			lines := fitLines(th, ch, Prose, a.chSize, a.w-52, chMax)
			h := float64(len(lines))*a.chPitch + 4
			a.choices = append(a.choices, Region{a.x, y, a.w, h})
			a.chLines = append(a.chLines, lines)
			y += h + 4
		}
		if y <= panelBot(th)-4 {
			break
		}
	}
	return a
}

// fitLines wraps s to at most n lines of width w, the last saying less
// when the rest does not fit.
func fitLines(th Theme, s string, f Font, size, w float64, n int) []string {
	lines := Wrap(s, f, th.TextSize(size), w)
	if len(lines) > n {
		lines = append(lines[:n-1], th.fitText(f, size, strings.Join(lines[n-1:], " "), w))
	}
	return lines
}

// question is the predict-then-reveal box: the choices, the learner's
// pick, and after the step ran, the right answer and why.
func question(sc *Scene, l *LessonView) {
	th := sc.Theme
	a := layoutAsk(th, l)
	sc.label(a.x, a.head, "PREDICT", ProseBold, a.headSize, Left, Orange)
	for i, line := range a.q {
		sc.label(a.x, a.qTop+float64(i)*a.qPitch, line, ProseBold, a.qSize, Left, th.Ink)
	}
	if l.Right >= 0 {
		answer(sc, l, a)
		return
	}
	for i, r := range a.choices {
		fill, ink := th.PanelHi, th.Muted
		if i == l.Picked {
			fill, ink = th.Rule, th.Ink
		}
		sc.rect(Rect{X: r.X, Y: r.Y, W: r.W, H: r.H, Radius: 6, Fill: fill})
		sc.label(r.X+12, r.Y+4, itoa(i+1), Mono, a.chSize, Left, th.Caption)
		for j, line := range a.chLines[i] {
			sc.label(r.X+40, r.Y+4+float64(j)*a.chPitch, line, Prose, a.chSize, Left, ink)
		}
	}
	sc.label(a.x+a.w, a.head, "press 1-"+itoa(min(len(l.Choices), MaxChoices))+", then →", Prose, a.headSize, Right, th.Caption)
}

// answer is a revealed question: the right choice (and the learner's,
// when it was another), then why, in the room the choices had; the
// narration keeps its own lines on the left.
func answer(sc *Scene, l *LessonView, a askLayout) {
	th := sc.Theme
	y := a.qTop + float64(len(a.q))*a.qPitch + 10
	row := func(i int, fill colorRGBA, ink colorRGBA) {
		lines := fitLines(th, l.Choices[i], Prose, a.chSize, a.w-52, 1)
		sc.rect(Rect{X: a.x, Y: y, W: a.w, H: a.chPitch + 4, Radius: 6, Fill: fill})
		sc.label(a.x+12, y+4, itoa(i+1), Mono, a.chSize, Left, ink)
		sc.label(a.x+40, y+4, lines[0], Prose, a.chSize, Left, ink)
		y += a.chPitch + 8
	}
	if l.Picked >= 0 && l.Picked != l.Right && l.Picked < len(l.Choices) {
		row(l.Picked, th.Rule, th.Muted)
	}
	if l.Right < len(l.Choices) {
		row(l.Right, Mix(th.Panel, BluishGreen, 0.45), th.Ink)
	}
	size := th.TextSize(a.chSize)
	pitch := math.Ceil(max(size+4, LineHeight(size)))
	room := int((panelBot(th) - 8 - y) / pitch)
	for i, line := range fitLines(th, "Answer: "+l.Why, Prose, size, a.w, max(room, 1)) {
		if i < room {
			sc.label(a.x, y+2+float64(i)*pitch, line, Prose, size, Left, BluishGreen)
		}
	}
}

// ChoiceRegion is where choice i of the question is drawn (and clicked)
// in the theme: right under the question's lines.
func ChoiceRegion(th Theme, l *LessonView, i int) Region {
	a := layoutAsk(th.OrDark(), l)
	if i < 0 || i >= len(a.choices) {
		return Region{}
	}
	return a.choices[i]
}

// ChoiceButtons are the open question's choices as buttons (widgets,
// ui/widgets): each at its ChoiceRegion, sending "pick N". The scene
// draws their plates and words (question); the widget takes the click
// and lights the plate under the pointer. None once the answer shows.
func ChoiceButtons(s Snapshot) []Button {
	l := s.Lesson
	if l == nil || l.Question == "" || l.Right >= 0 {
		return nil
	}
	var out []Button
	for i, ch := range l.Choices {
		if i == MaxChoices {
			break
		}
		out = append(out, Button{ChoiceRegion(s.UI.Theme, l, i), ch, "pick " + itoa(i+1)})
	}
	return out
}

// checksPass is the checks' verdict in one line: "3 of 4 checks pass".
func checksPass(cs []CheckView) string {
	passed, total := 0, 0
	for _, c := range cs {
		total += max(c.N, 1)
		if c.Pass {
			passed += max(c.N, 1)
		}
	}
	return itoa(passed) + " of " + itoa(total) + " checks pass"
}

// checks lists the step's claims with their verdicts: every sentence the
// narration asserts was checked against this very run. A claim wraps to
// two lines; what does not fit is counted, not cut off. A theme without
// detail lists only the failing claims, and when none fails puts the
// count alone at the end of the title row.
func checks(sc *Scene, cs []CheckView) {
	th := sc.Theme
	size, headSize := max(17, th.Bar.Text), max(16, th.Bar.Text)
	if !th.Detail && failing(cs) == 0 {
		sc.label(StageEnd-24, PanelTop+16+(LineHeight(th.TextSize(33))-LineHeight(th.TextSize(headSize)))/2, checksPass(cs), Prose, headSize, Right, th.Caption)
		return
	}
	x, w := askLeft(th), th.Bar.AskW
	head := min(PanelTop+16, PanelTop+36-LineHeight(th.TextSize(headSize)))
	if th.Detail {
		sc.label(x, head, "CHECKED AGAINST THIS RUN", ProseBold, headSize, Left, th.Muted)
		sc.label(x+w, head, checksPass(cs), Prose, headSize, Right, th.Caption)
	} else {
		sc.label(x, head, checksPass(cs), ProseBold, headSize, Left, th.Muted)
	}
	y, bottom := max(float64(PanelTop+44), head+LineHeight(th.TextSize(headSize))+8), panelBot(th)-12
	pitch := max(21, LineHeight(th.TextSize(size)))
	for i, c := range cs {
		if c.Pass && !th.Detail {
			continue
		}
		claim := c.Claim
		if !c.Pass && c.Saw != "" {
			claim += " (saw " + c.Saw + ")"
		}
		lines := fitLines(th, claim, Prose, size, w-28, 2) // the claim says less, on two lines
		h := float64(len(lines))*pitch + 6
		if y+h > bottom-(boolF(i < len(cs)-1)*max(22, pitch)) {
			sc.label(x+28, y, "+"+itoa(len(cs)-i)+" more", Prose, headSize, Left, th.Caption)
			break
		}
		shape, col := Circle, BluishGreen
		if !c.Pass {
			shape, col = Cross, Vermillion
		}
		sc.mark(Mark{X: x + 8, Y: y + 10, R: 7, Shape: shape, Color: col})
		for j, line := range lines {
			sc.label(x+28, y+float64(j)*pitch, line, Prose, size, Left, th.Muted)
		}
		y += h
	}
}

func boolF(b bool) float64 {
	if b {
		return 1
	}
	return 0
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
