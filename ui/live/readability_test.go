package live

import (
	"image/color"
	"sort"
	"strconv"
	"strings"
	"testing"
	"time"

	"watchscope/lessons"
	"watchscope/ui/view"
)

// Readability (issue 26): what a text on the stage must be for the back
// row. The stage is laid out on the 1920x1080 design canvas and scaled,
// so a size on the 1280x720 screen is 2/3 of its design size.
const (
	projectorMinDesign = 27 // 18 px on a 1280x720 projector
	projectorFloor     = 27 // what the projector holds to: all of it, the stage too (18 px at 1280x720)
	darkMinDesign      = 16 // 16 px on a 1920x1080 screen
	figureMinDesign    = 28 // the figure's words
	minContrast        = view.MinContrast
)

// The rules every text of the stage is held to, as problems name them.
const (
	ruleContrast = "contrast under 4.5"
	ruleDarkSize = "under 16 px"
	ruleCut      = "ends in …"
	ruleFloor    = "projector under its floor"
	ruleFrame    = "projector's frame under 27"
)

// enforced: the rules a failing text fails the test for; the others are
// counted and logged (go test -v).
var enforced = map[string]bool{ruleContrast: true, ruleDarkSize: true, ruleCut: true, ruleFloor: true, ruleFrame: true}

// problem is one text that fails a rule, and the area of the screen it
// is drawn in (textArea).
type problem struct{ rule, text, area string }

// textArea names the part of the screen a text at design point (x, y)
// of layer li is drawn in, so the log can say whose texts are left: the
// stage's diagram, its charts column, the header, the lesson panel, the
// transport strip, or an overlay (any layer over the first).
func textArea(li int, x, y float64) string {
	switch {
	case li > 0:
		return "overlay"
	case y < view.ClientsTop:
		return "header"
	case y >= view.TimelineTop-8:
		return "transport"
	case y >= view.PanelTop:
		return "lesson panel"
	case x >= view.ChartsLeft-16:
		return "charts"
	}
	return "stage"
}

// readabilityProblems lists every text of a drawn frame that is too
// small for its theme (min), ends in "…", or has less than WCAG AA
// contrast against what is drawn behind it (computed from the display
// list: the rects under it, then any veil over it).
func readabilityProblems(sc *view.Scene, min float64) []problem {
	var layers []*view.Scene
	for s := sc; s != nil; s = s.Over {
		layers = append(layers, s)
	}
	var out []problem
	for li, l := range layers {
		for _, t := range l.Texts {
			if t.S == "" || t.Plate {
				continue
			}
			area := textArea(li, t.X, t.Y)
			if t.Size < min-0.01 {
				out = append(out, problem{"under " + strconv.Itoa(int(min)) + " px", t.S, area})
			}
			if min == projectorMinDesign && t.Size < projectorFloor-0.01 {
				out = append(out, problem{ruleFloor, t.S, area})
			}
			if strings.HasSuffix(t.S, "…") {
				out = append(out, problem{ruleCut, t.S, area})
			}
			if c := textContrast(layers, li, t, sc.Theme.Background); c < minContrast {
				out = append(out, problem{ruleContrast, t.S, area})
			}
		}
	}
	return out
}

// textContrast is the contrast of t against what is behind the middle of
// its first line, as the renderer composes them.
func textContrast(layers []*view.Scene, li int, t view.Text, bgc color.RGBA) float64 {
	w := view.Measure(t.Font, t.Size, t.S)
	x := t.X
	switch t.Align {
	case view.Center:
		x -= w / 2
	case view.Right:
		x -= w
	}
	px, py := x+w/2, t.Y+view.LineHeight(t.Size)/2
	under := func(r view.Rect) bool { return px >= r.X && px < r.X+r.W && py >= r.Y && py < r.Y+r.H }
	bg := bgc
	for _, l := range layers[:li+1] {
		for _, r := range l.Rects {
			if under(r) {
				bg = view.Over(bg, r.Fill)
			}
		}
	}
	fg := view.Over(bg, t.Color)
	for _, l := range layers[li+1:] {
		for _, r := range l.Rects {
			if under(r) {
				fg, bg = view.Over(fg, r.Fill), view.Over(bg, r.Fill)
			}
		}
	}
	return view.Contrast(fg, bg)
}

// TestReadableFromTheBackRow scans every step of every lesson in both
// themes (the projector's rules at 1280x720, the dark theme's at
// 1920x1080: one design canvas, scaled). Every text on the stage must
// read at WCAG AA, 4.5:1 against what is behind it, veil included (a
// packet's label on its own plate is the one text left out: it is the
// moving layer, drawn on its plate, see view.Text.Plate); the dark
// theme draws nothing under 16 px, the projector nothing under 27 (18 px
// on its 1280x720 screen: the stage, the charts and the frame around
// them alike); and no text ends in "…" (a label that
// does not fit says less, view's fitText; a continue token may be
// shortened in its middle). The figures' words must also be 28 px
// and up and whole; the rules not yet enforced are counted, rule by
// rule, and logged (go test -v) for the work left.
func TestReadableFromTheBackRow(t *testing.T) {
	counts := map[string]int{}
	worst := map[string]int{}
	eachStepDrawn(t, func(s *Session, lesson string, step int, sc *view.Scene) {
		th := sc.Theme
		min := float64(darkMinDesign)
		if th.Name == view.Projector.Name {
			min = projectorMinDesign
		}
		if th.Name == view.Projector.Name {
			for _, x := range frameTexts(sc, s.snap.Replicas == 0) {
				if x.Size < projectorMinDesign-0.01 {
					t.Errorf("%s step %d (projector): %q at %.0f px: %s", lesson, step, x.S, x.Size, ruleFrame)
				}
			}
		}
		for _, p := range readabilityProblems(sc, min) {
			if enforced[p.rule] {
				t.Errorf("%s step %d (%s): %q: %s", lesson, step, th.Name, p.text, p.rule)
			}
			counts[th.Name+": "+p.rule]++
			counts[th.Name+": "+p.rule+", in the "+p.area]++
			worst[p.rule+" | "+p.area+" | "+p.text]++
		}
		checkFigureReadable(t, sc, lesson, step)
	})
	var keys []string
	for k := range counts {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	for _, k := range keys {
		t.Logf("the whole stage, %s: %d texts (over all steps)", k, counts[k])
	}
	var texts []string
	for k := range worst {
		texts = append(texts, k)
	}
	sort.Slice(texts, func(i, j int) bool { return worst[texts[i]] > worst[texts[j]] })
	for _, k := range texts[:min(len(texts), 400)] {
		t.Logf("  most often: %q (%d)", k, worst[k])
	}
}

// frameTexts are the texts of the frame around the stage (the top bar, or
// the etcd stage's title block; the lesson panel and the transport): the
// projector already holds them to its 27 px where the stage between
// them is on its way (projectorFloor).
func frameTexts(sc *view.Scene, etcdStage bool) []view.Text {
	top := float64(view.TopBarH)
	if etcdStage {
		top = 168 // the etcd stage's title block and counters
	}
	var out []view.Text
	for _, x := range sc.Texts {
		if x.S != "" && !x.Plate && (x.Y < top || x.Y >= view.PanelTop) {
			out = append(out, x)
		}
	}
	return out
}

// eachStepDrawn plays every step of every lesson as a deep link shows it
// (its motion skipped to the end) and hands the frame drawn in each theme
// to check.
func eachStepDrawn(t *testing.T, check func(s *Session, lesson string, step int, sc *view.Scene)) {
	t.Helper()
	all, err := lessons.All()
	if err != nil {
		t.Fatal(err)
	}
	for _, l := range all {
		s, err := Open(Link{Lesson: l.ID})
		if err != nil {
			t.Fatal(err)
		}
		for step := 0; !s.lesson.r.Done(); {
			s.Send("next")
			s.Send("skip")
			s.Tick(time.Second / 60)
			step = s.lesson.r.Next()
			for _, th := range []view.Theme{view.Dark, view.Projector} {
				s.chrome.Theme = th
				sc := s.Scene()
				check(s, l.ID, step, &sc)
			}
			s.chrome.Theme = view.Dark
		}
	}
}

// checkFigureReadable: every word of the step's figure and of its
// callout (the key answer) is 28 px or more, whole, and at 4.5:1 against
// what is behind it.
func checkFigureReadable(t *testing.T, sc *view.Scene, lesson string, step int) {
	t.Helper()
	var layers []*view.Scene
	for s := sc; s != nil; s = s.Over {
		layers = append(layers, s)
	}
	var regions []view.Region
	for _, p := range sc.Places {
		if p.ID == "figure" || p.ID == "callout" {
			regions = append(regions, p.Region)
		}
	}
	in := func(x view.Text) bool {
		for _, r := range regions {
			if r.Contains(x.X, x.Y+1) {
				return true
			}
		}
		return false
	}
	for li, l := range layers {
		for _, x := range l.Texts {
			if x.Plate || !in(x) {
				continue
			}
			if x.Size < figureMinDesign || strings.HasSuffix(x.S, "…") {
				t.Errorf("%s step %d (%s): figure text %q at %.0f px", lesson, step, sc.Theme.Name, x.S, x.Size)
			}
			if c := textContrast(layers, li, x, sc.Theme.Background); c < minContrast {
				t.Errorf("%s step %d (%s): figure text %q at contrast %.2f", lesson, step, sc.Theme.Name, x.S, c)
			}
		}
	}
}

// TestPaletteContrast: the theme's text colours (its inks, and the event
// colours as Readable draws them as text) read at WCAG AA (4.5:1) on every
// surface text sits on (Background, Panel, PanelHi, Rule), in focus and
// under the veil that dims what a step is not about; and the ranks hold:
// Caption is dimmer than Muted, Muted than Ink.
func TestPaletteContrast(t *testing.T) {
	events := []color.RGBA{view.Orange, view.SkyBlue, view.BluishGreen, view.Blue, view.Vermillion, view.ReddishPurple}
	for _, th := range []view.Theme{view.Dark, view.Projector} {
		inks := map[string]color.RGBA{"Ink": th.Ink, "Muted": th.Muted, "Caption": th.Caption, "Yellow": th.Readable(th.Yellow)}
		for i, c := range events {
			inks["event colour "+strconv.Itoa(i)] = th.Readable(c)
		}
		surfaces := map[string]color.RGBA{"Background": th.Background, "Panel": th.Panel, "PanelHi": th.PanelHi, "Rule": th.Rule}
		veil := view.Fade(th.Background, th.Veil)
		for name, c := range inks {
			for sname, bg := range surfaces {
				if r := view.Contrast(c, bg); r < minContrast {
					t.Errorf("%s: %s on %s at %.2f:1", th.Name, name, sname, r)
				}
				if r := view.Contrast(view.Over(c, veil), view.Over(bg, veil)); r < minContrast {
					t.Errorf("%s: %s on %s under the veil at %.2f:1", th.Name, name, sname, r)
				}
			}
		}
		bg := th.Background
		if c, m, i := view.Contrast(th.Caption, bg), view.Contrast(th.Muted, bg), view.Contrast(th.Ink, bg); !(c < m && m < i) {
			t.Errorf("%s: Caption %.2f, Muted %.2f, Ink %.2f:1 on the background: the ranks are lost", th.Name, c, m, i)
		}
	}
}

// Readable mixes an event colour only as far as it must: Orange is a
// little lighter on the dark stage's black where it almost reads, a brown on the
// projector's white where it would not, and the theme's greys pass through.
func TestReadableMixesOnlyWhatFails(t *testing.T) {
	if got, near := view.Dark.Readable(view.Orange), view.Mix(view.Orange, view.Dark.Ink, 0.2); got.G > near.G || got == view.Orange {
		t.Errorf("dark: Orange as text is %v, want it a little lighter, no further than %v", got, near)
	}
	if got := view.Projector.Readable(view.Orange); got == view.Orange || view.Contrast(got, view.Projector.Rule) < minContrast {
		t.Errorf("projector: Orange as text is %v, at %.2f:1 on Rule", got, view.Contrast(got, view.Projector.Rule))
	}
	if got := view.Projector.Readable(view.Projector.Caption); got != view.Projector.Caption {
		t.Errorf("projector: Caption as text is %v, want it unchanged", got)
	}
}
