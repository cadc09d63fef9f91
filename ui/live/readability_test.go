package live

import (
	"image/color"
	"math"
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
	darkMinDesign      = 16 // 16 px on a 1920x1080 screen
	figureMinDesign    = 28 // the figure's words
	minContrast        = 4.5
)

// problem is one text that fails a rule.
type problem struct{ rule, text string }

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
			if t.Size < min-0.01 {
				out = append(out, problem{"under " + strconv.Itoa(int(min)) + " px", t.S})
			}
			if strings.HasSuffix(t.S, "…") {
				out = append(out, problem{"ends in …", t.S})
			}
			if c := textContrast(layers, li, t, sc.Theme.Background); c < minContrast {
				out = append(out, problem{"contrast under 4.5", t.S})
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
				bg = over(bg, r.Fill)
			}
		}
	}
	fg := over(bg, t.Color)
	for _, l := range layers[li+1:] {
		for _, r := range l.Rects {
			if under(r) {
				fg, bg = over(fg, r.Fill), over(bg, r.Fill)
			}
		}
	}
	return contrast(fg, bg)
}

// over draws the premultiplied colour src over the opaque dst.
func over(dst, src color.RGBA) color.RGBA {
	k := 1 - float64(src.A)/255
	m := func(d, s uint8) uint8 { return uint8(math.Min(255, float64(s)+float64(d)*k+0.5)) }
	return color.RGBA{m(dst.R, src.R), m(dst.G, src.G), m(dst.B, src.B), 255}
}

// contrast is the WCAG 2 contrast ratio of two opaque colours.
func contrast(a, b color.RGBA) float64 {
	la, lb := luminance(a), luminance(b)
	if la < lb {
		la, lb = lb, la
	}
	return (la + 0.05) / (lb + 0.05)
}

func luminance(c color.RGBA) float64 {
	ch := func(v uint8) float64 {
		s := float64(v) / 255
		if s <= 0.03928 {
			return s / 12.92
		}
		return math.Pow((s+0.055)/1.055, 2.4)
	}
	return 0.2126*ch(c.R) + 0.7152*ch(c.G) + 0.0722*ch(c.B)
}

// TestReadableFromTheBackRow scans every step of every lesson in both
// themes (the projector's rules at 1280x720, the dark theme's at
// 1920x1080: one design canvas, scaled). The figures' words must pass
// every rule (28 px and up, no "…", contrast 4.5:1); the rest of the
// stage is counted, rule by rule, and logged (go test -v) for the work
// left: most of it is type under 27 px in the projector theme, and words
// dimmed out of focus by the veil.
func TestReadableFromTheBackRow(t *testing.T) {
	all, err := lessons.All()
	if err != nil {
		t.Fatal(err)
	}
	counts := map[string]int{}
	worst := map[string]int{}
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
				min := float64(darkMinDesign)
				if th.Name == view.Projector.Name {
					min = projectorMinDesign
				}
				for _, p := range readabilityProblems(&sc, min) {
					counts[th.Name+": "+p.rule]++
					worst[p.rule+" | "+p.text]++
				}
				if s.snap.Cast.Figure != nil {
					checkFigureReadable(t, &sc, l.ID, step)
				}
			}
			s.chrome.Theme = view.Dark
		}
	}
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

// checkFigureReadable: every word of the step's figure is 28 px or more,
// whole, and at 4.5:1 against the figure's panel.
func checkFigureReadable(t *testing.T, sc *view.Scene, lesson string, step int) {
	t.Helper()
	var layers []*view.Scene
	for s := sc; s != nil; s = s.Over {
		layers = append(layers, s)
	}
	var r view.Region
	for _, p := range sc.Places {
		if p.ID == "figure" {
			r = p.Region
		}
	}
	for li, l := range layers {
		for _, x := range l.Texts {
			if x.Plate || !r.Contains(x.X, x.Y+1) {
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

// TestPaletteContrast: the theme's text colours read at WCAG AA (4.5:1)
// on every surface text sits on, and the ink keeps it under the veil
// that dims what a step is not about.
func TestPaletteContrast(t *testing.T) {
	for _, th := range []view.Theme{view.Dark, view.Projector} {
		inks := map[string]color.RGBA{"Ink": th.Ink, "Muted": th.Muted, "Caption": th.Caption}
		if th.Name == view.Projector.Name {
			inks["Yellow"] = th.Yellow // drawn as text ("oldest 601", the compacted revision)
		}
		for name, c := range inks {
			for sname, bg := range map[string]color.RGBA{"Background": th.Background, "Panel": th.Panel, "PanelHi": th.PanelHi} {
				if r := contrast(over(th.Background, c), over(th.Background, bg)); r < minContrast {
					t.Errorf("%s: %s on %s at %.2f:1", th.Name, name, sname, r)
				}
			}
		}
	}
	for _, th := range []view.Theme{view.Dark, view.Projector} {
		veil := view.Fade(th.Background, th.Veil)
		if r := contrast(over(over(th.Panel, th.Ink), veil), over(th.Panel, veil)); r < minContrast {
			t.Errorf("%s: Ink under the veil at %.2f:1", th.Name, r)
		}
	}
}
