package widgets

import (
	"image/color"
	"slices"
	"testing"
	"time"

	"github.com/hajimehoshi/ebiten/v2"

	"watchscope/ui/view"
)

// TestPanelButtonsAndPicture: the page's panel opens over the stage (the
// stage's buttons stop taking clicks), its buttons send their commands,
// its picture gets a whole number of pixels a module, and nil closes it.
func TestPanelButtonsAndPicture(t *testing.T) {
	s := sandbox()
	l, sent, _ := layer(t, s, 1280, 720)
	checker := func(x, y int) bool { return (x+y)%2 == 0 }
	l.SetPanel(&Panel{
		Name: "share", Title: "Share this moment",
		Lines: []PanelLine{
			{Text: "Sandbox at 2.0 s"},
			{Text: "http://127.0.0.1/?seed=1&cmds=AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA", Kind: LineMono},
			{Text: "S or Esc closes.", Kind: LineHint},
		},
		Buttons: []PanelButton{{Label: "Copy link", Cmd: "share copy", Primary: true}, {Label: "Close", Cmd: "close"}},
		Modules: 29,
		Picture: checker,
	})
	settle(l, s)
	if !l.dialog.backdrop.GetWidget().IsVisible() {
		t.Fatal("the panel is not shown")
	}
	for _, b := range l.transport {
		if !b.w.GetWidget().Disabled {
			t.Fatalf("button %q takes clicks under the panel", b.b.Label)
		}
	}
	rects, cell := l.PanelButtons()
	if len(rects) != 2 || rects[0].X+rects[0].W > rects[1].X {
		t.Fatalf("buttons at %+v, want two side by side", rects)
	}
	if want := l.st.px(pictureSide) / 29; cell != want || cell < 2 {
		t.Errorf("%d px a module, want %d", cell, want)
	}
	mono := 0
	for _, w := range wrapLine(view.Dark, l.dialog.shown.Lines[1], panelW-2*panelPad-pictureSide-panelPad-24) {
		mono++
		if len(w) == 0 {
			t.Error("an empty piece of the link")
		}
	}
	if mono < 2 {
		t.Errorf("the long link is %d line, want it broken", mono)
	}
	for _, c := range l.dialog.panel.Children() {
		if b, ok := c.(interface{ Click() }); ok {
			b.Click()
		}
	}
	settle(l, s)
	if !slices.Equal(*sent, []string{"share copy", "close"}) {
		t.Errorf("the panel's buttons sent %q", *sent)
	}
	l.SetPanel(nil)
	settle(l, s)
	if l.dialog.backdrop.GetWidget().IsVisible() {
		t.Error("the panel is still shown after SetPanel(nil)")
	}
	if rects, _ := l.PanelButtons(); rects != nil {
		t.Errorf("a closed panel has buttons at %+v", rects)
	}
}

// TestPanelRowsAndProgress: a panel's rows of choices sit between its
// lines and its buttons, their buttons (not their values) are clickable
// and send their commands, the chosen one is pressed; a new status or
// progress keeps the panel's widgets (a click pressed during one tick and
// released during the next still lands) and moves the bar.
func TestPanelRowsAndProgress(t *testing.T) {
	s := sandbox()
	l, sent, _ := layer(t, s, 1920, 1080)
	p := &Panel{
		Name: "export", Title: "Export for slides",
		Lines: []PanelLine{{Text: "Sandbox at 4.0 s."}},
		Rows: []PanelRow{
			{Caption: "GIF from", Buttons: []PanelButton{{Label: "−1 s", Cmd: "export from -1"}, {Label: "3.0 s"}, {Label: "+1 s", Cmd: "export from +1"}}},
			{Caption: "fps", Buttons: []PanelButton{{Label: "5", Cmd: "export fps 5", Toggle: true}, {Label: "10", Cmd: "export fps 10", Toggle: true, Pressed: true}}},
		},
		Buttons: []PanelButton{{Label: "Cancel GIF", Cmd: "export cancel"}, {Label: "Close", Cmd: "close"}},
		Status:  "Frame 1 of 10", Working: true, Progress: 0.1,
	}
	l.SetPanel(p)
	settle(l, s)
	var cmds []string
	for _, b := range p.Clickable() {
		cmds = append(cmds, b.Cmd)
	}
	want := []string{"export from -1", "export from +1", "export fps 5", "export fps 10", "export cancel", "close"}
	if !slices.Equal(cmds, want) {
		t.Fatalf("clickable %q, want %q", cmds, want)
	}
	rects, _ := l.PanelButtons()
	if len(rects) != len(want) {
		t.Fatalf("%d button places for %d buttons", len(rects), len(want))
	}
	if rects[0].Y >= rects[2].Y || rects[2].Y >= rects[4].Y || rects[0].X != rects[2].X || rects[1].X-rects[0].X-rects[0].W < valueW {
		t.Errorf("places %+v: want the rows above the buttons, aligned after their captions, the value between -1 s and +1 s", rects)
	}
	built, fill := l.dialog.panel, l.dialog.fill.GetWidget().LayoutData.(view.Region)
	next := *p
	next.Status, next.Progress = "Frame 5 of 10", 0.5
	l.SetPanel(&next)
	settle(l, s)
	if l.dialog.panel != built {
		t.Error("a new progress rebuilt the panel")
	}
	if got := l.dialog.fill.GetWidget().LayoutData.(view.Region); got.W <= fill.W || l.dialog.status.Label != "Frame 5 of 10" {
		t.Errorf("bar %.0f px (was %.0f), status %q: want the bar longer and the new status", got.W, fill.W, l.dialog.status.Label)
	}
	for _, c := range l.dialog.panel.Children() {
		if b, ok := c.(interface{ Click() }); ok {
			b.Click()
		}
	}
	settle(l, s)
	if !slices.Equal(*sent, want) {
		t.Errorf("the panel's buttons sent %q, want %q", *sent, want)
	}
	done := next
	done.Buttons, done.Working = []PanelButton{{Label: "Make GIF", Cmd: "export gif"}}, false
	l.SetPanel(&done)
	if l.dialog.panel == built || l.dialog.fill != nil {
		t.Error("new buttons and no progress kept the old panel")
	}
}

// TestPanelPreview: a preview sits right of the rows inside the panel,
// clear of every button, with its frames' aspect; its frames follow their
// delays in a loop (the first only with reduced motion), and the frame is
// drawn on the screen.
func TestPanelPreview(t *testing.T) {
	for _, size := range [][2]int{{1280, 720}, {1920, 1080}} {
		s := sandbox()
		l, _, img := layer(t, s, size[0], size[1])
		red, blue := ebiten.NewImage(320, 180), ebiten.NewImage(320, 180)
		red.Fill(color.RGBA{0xFF, 0, 0, 0xFF})
		blue.Fill(color.RGBA{0, 0, 0xFF, 0xFF})
		pv := &Preview{Frames: []*ebiten.Image{red, blue}, Delays: []time.Duration{100 * time.Millisecond, 300 * time.Millisecond}, Caption: "GIF · 2 frames · 640×360"}
		stepper := []PanelButton{{Label: "−1 s", Cmd: "a"}, {Label: "−0.1 s", Cmd: "b"}, {Label: "12.3 s"}, {Label: "+0.1 s", Cmd: "c"}, {Label: "+1 s", Cmd: "d"}}
		l.SetPanel(&Panel{Name: "export", Title: "Export for slides", Lines: []PanelLine{{Text: "Sandbox at 4.0 s."}},
			Rows:    []PanelRow{{Caption: "GIF from", Buttons: stepper}, {Caption: "to", Buttons: stepper}},
			Buttons: []PanelButton{{Label: "PNG of the stage", Cmd: "export png"}, {Label: "Download GIF (1.2 MB)", Cmd: "export download"}, {Label: "Close", Cmd: "close"}},
			Preview: pv})
		settle(l, s)
		box, r := l.dialog.box, l.dialog.previewBox
		if r.X < box.X || r.Y < box.Y || r.X+r.W > box.X+box.W || r.Y+r.H > box.Y+box.H || r.H < PreviewH-1 {
			t.Fatalf("%v: preview %+v not inside the panel %+v at full height", size, r, box)
		}
		if d := r.W/r.H - 16.0/9; d > 0.01 || d < -0.01 {
			t.Errorf("preview %.0fx%.0f: want 16:9", r.W, r.H)
		}
		c := l.dialog.previewCaption
		if c.Y < r.Y+r.H || c.Y+c.H > box.Y+box.H {
			t.Errorf("%v: caption %+v not under the preview %+v inside the panel %+v", size, c, r, box)
		}
		rects, _ := l.PanelButtons()
		for i, b := range rects {
			for _, r := range []view.Region{r, c} {
				if b.X < r.X+r.W && r.X < b.X+b.W && b.Y < r.Y+r.H && r.Y < b.Y+b.H {
					t.Errorf("%v: button %d at %+v under the preview or its caption %+v", size, i, b, r)
				}
			}
		}
		l.Draw(img, view.Fit(size[0], size[1]), s)
		mid := place{&l.fr}.rect(r)
		if c := img.At((mid.Min.X+mid.Max.X)/2, (mid.Min.Y+mid.Max.Y)/2).(color.RGBA); c.R < 0xF0 || c.B > 0x10 {
			t.Errorf("%v: the preview's middle is %v; want the red first frame", size, c)
		}
	}
	pv := &Preview{Frames: make([]*ebiten.Image, 3), Delays: []time.Duration{100 * time.Millisecond, 300 * time.Millisecond, 100 * time.Millisecond}}
	t0 := time.Unix(0, 0)
	for _, c := range []struct {
		at      time.Duration
		reduced bool
		want    int
	}{{0, false, 0}, {99 * time.Millisecond, false, 0}, {100 * time.Millisecond, false, 1}, {399 * time.Millisecond, false, 1},
		{400 * time.Millisecond, false, 2}, {500 * time.Millisecond, false, 0}, {650 * time.Millisecond, false, 1}, {650 * time.Millisecond, true, 0}} {
		if got := previewAt(pv, t0, t0.Add(c.at), c.reduced); got != c.want {
			t.Errorf("at %v (reduced %v): frame %d; want %d", c.at, c.reduced, got, c.want)
		}
	}
}

// TestPanelAtTheFramesType: the page's panels (export's rows of choices,
// share's link beside its picture) in both themes: every line, caption,
// value and button at the frame's type or larger (the projector's 27),
// the hints left out of the projector, the status at 4.5:1 on the
// panel, and every button inside the panel.
func TestPanelAtTheFramesType(t *testing.T) {
	choices := func(what string, opts ...string) []PanelButton {
		var out []PanelButton
		for _, o := range opts {
			out = append(out, PanelButton{Label: o, Cmd: "export " + what + " " + o, Toggle: true})
		}
		return out
	}
	stepper := []PanelButton{{Label: "−1 s", Cmd: "a"}, {Label: "−0.1 s", Cmd: "b"}, {Label: "12.5 s"}, {Label: "+0.1 s", Cmd: "c"}, {Label: "+1 s", Cmd: "d"}}
	export := &Panel{
		Name: "export", Title: "Export for slides",
		Lines: []PanelLine{{Text: "Sandbox at 41.0 s. PNG: the stage as it is now. GIF: a range of its past, replayed (at most 60 s)."}, {Text: "E or Esc closes.", Kind: LineHint}},
		Rows: []PanelRow{{Caption: "GIF from", Buttons: stepper}, {Caption: "to", Buttons: stepper},
			{Caption: "fps", Buttons: choices("fps", "5", "10", "15", "20", "30")}, {Caption: "width (px)", Buttons: choices("width", "640", "960", "1280", "1920")}},
		Buttons: []PanelButton{{Label: "PNG of the stage", Cmd: "export png"}, {Label: "Cancel GIF", Cmd: "export cancel"}, {Label: "Download GIF (1.4 MB)", Cmd: "export download", Primary: true}, {Label: "Close", Cmd: "close"}},
		Status:  "Frame 12 of 120 · 1.4 MB", Working: true, Progress: 0.1,
	}
	share := &Panel{
		Name: "share", Title: "Share this moment",
		Lines:   []PanelLine{{Text: "Sandbox at 2.0 s"}, {Text: "http://127.0.0.1/?seed=1&cmds=AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA", Kind: LineMono}, {Text: "S or Esc closes.", Kind: LineHint}},
		Buttons: []PanelButton{{Label: "Copy link", Cmd: "share copy", Primary: true}, {Label: "Close", Cmd: "close"}},
		Modules: 29, Picture: func(x, y int) bool { return (x+y)%2 == 0 },
	}
	for _, th := range []view.Theme{view.Dark, view.Projector} {
		for _, p := range []*Panel{export, share} {
			s := sandbox()
			s.UI.Theme = th
			l, _, _ := layer(t, s, 1280, 720)
			l.SetPanel(p)
			settle(l, s)
			d := l.dialog
			lay := layoutPanel(th, p, panelW-2*panelPad)
			for _, ln := range lay.lines {
				if _, size := lineFace(th, ln.kind); size < th.Bar.Text {
					t.Errorf("%s %s: %q at %.0f px", th.Name, p.Name, ln.text, size)
				}
				if ln.kind == LineHint && !th.Detail {
					t.Errorf("%s %s: the hint %q is drawn", th.Name, p.Name, ln.text)
				}
			}
			for _, failed := range []bool{false, true} {
				if c := view.Contrast(statusColor(th, failed), th.PanelHi); c < view.MinContrast {
					t.Errorf("%s: the status (failed %v) at %.2f:1 on the panel", th.Name, failed, c)
				}
			}
			if panelType(th) < th.Bar.Text {
				t.Errorf("%s: the panels' captions and buttons at %.0f px", th.Name, panelType(th))
			}
			for _, b := range d.buttons {
				if b.X < d.box.X || b.X+b.W > d.box.X+d.box.W || b.Y < d.box.Y || b.Y+b.H > d.box.Y+d.box.H || d.box.Y+d.box.H > view.DesignH {
					t.Errorf("%s %s: a button at %+v leaves the panel %+v", th.Name, p.Name, b, d.box)
				}
			}
		}
	}
}
