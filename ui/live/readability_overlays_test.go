package live

import (
	"strings"
	"testing"
	"time"

	"watchscope/ui/view"
)

// TestOverlaysReadableFromTheBackRow holds what opens over the stage to
// the rules TestReadableFromTheBackRow holds the stage to, in both
// themes: the painted overlays (every line of view.Overlays with a Draw,
// the "your cluster" page) are scanned text by text as a frame of the
// stage is (its size, "…", contrast against what is behind it); the
// dialogs the widgets draw (every line of view.Overlays with Rows, the
// lesson picker) by the rows they are given: each at the theme's frame
// type (Bar.Text, 27 in the projector), whole, at 4.5:1 on the dialog's
// panel, and as wide (and a dialog's rows as tall) as it has room for.
func TestOverlaysReadableFromTheBackRow(t *testing.T) {
	for _, th := range []view.Theme{view.Dark, view.Projector} {
		min := float64(darkMinDesign)
		if th.Name == view.Projector.Name {
			min = projectorMinDesign
		}
		for _, ov := range view.Overlays {
			s := overlayStep(t, th, ov.Verb)
			if ov.Draw != nil {
				sc := s.Scene()
				checkScan(t, th.Name+" "+ov.Verb, &sc, min)
			}
			if ov.Rows != nil {
				rows := ov.Rows(th)
				checkRows(t, th, ov.Verb, rows, view.DialogMaxW)
				h := float64(view.DialogTop + view.DialogChromeH)
				for _, r := range rows {
					h += view.DialogRowH(r.Size)
				}
				if h > view.DesignH {
					t.Errorf("%s %s: the dialog ends at %.0f, under the screen's foot", th.Name, ov.Verb, h)
				}
			}
		}
		s := overlayStep(t, th, "picker")
		size := view.PickerText(th)
		var rows []view.DialogRow
		for _, l := range s.chrome.Lessons {
			rows = append(rows, view.DialogRow{Text: l, Font: view.Mono, Size: size, Color: th.Ink})
		}
		if len(rows) == 0 {
			t.Fatalf("%s: the picker opened with no rows", th.Name)
		}
		checkRows(t, th, "picker", rows, view.PickerRowW(view.PickerBox(th, len(rows)))+96)

		rec, _ := scrubbed(t)
		rec.chrome.Theme = th
		sc := rec.Scene()
		checkScan(t, th.Name+" recording", &sc, min)
	}
}

// overlayStep is gone-410 at its fifth step in theme th with the overlay
// verb opens open.
func overlayStep(t *testing.T, th view.Theme, verb string) *Session {
	t.Helper()
	s, err := Open(Link{Lesson: "gone-410", Step: 5})
	if err != nil {
		t.Fatal(err)
	}
	s.chrome.Theme = th
	s.Tick(time.Second / 60)
	if !s.Send(verb) {
		t.Fatalf("%q: no such command", verb)
	}
	s.Tick(time.Second / 60)
	return s
}

// checkScan fails every text of sc's top layer (the overlays') that
// fails one of the stage's rules; what the overlay covers or veils is the
// stage's test's.
func checkScan(t *testing.T, what string, sc *view.Scene, min float64) {
	t.Helper()
	top := sc
	for top.Over != nil {
		top = top.Over
	}
	mine := map[string]bool{}
	for _, x := range top.Texts {
		mine[x.S] = true
	}
	if len(mine) == 0 {
		t.Errorf("%s: nothing drawn over the stage", what)
	}
	for _, p := range readabilityProblems(sc, min) {
		if !mine[p.text] {
			continue
		}
		t.Errorf("%s: %q: %s (in the %s)", what, p.text, p.rule, p.area)
	}
}

// checkRows fails a dialog's row under the theme's frame type, cut with
// "…", under 4.5:1 on the dialog's panel, or wider than maxW with the
// dialog's 96 px of margins.
func checkRows(t *testing.T, th view.Theme, what string, rows []view.DialogRow, maxW float64) {
	t.Helper()
	for _, r := range rows {
		if r.Size < th.Bar.Text-0.01 {
			t.Errorf("%s %s: %q at %.0f px, under the frame's %.0f", th.Name, what, r.Text, r.Size, th.Bar.Text)
		}
		if strings.HasSuffix(r.Text, "…") {
			t.Errorf("%s %s: %q: %s", th.Name, what, r.Text, ruleCut)
		}
		if c := view.Contrast(r.Color, th.PanelHi); c < minContrast {
			t.Errorf("%s %s: %q at contrast %.2f", th.Name, what, r.Text, c)
		}
		if w := view.Measure(r.Font, r.Size, r.Text) + r.DX + 96; w > maxW {
			t.Errorf("%s %s: %q is %.0f wide, over the dialog's %.0f", th.Name, what, r.Text, w, maxW)
		}
	}
}
