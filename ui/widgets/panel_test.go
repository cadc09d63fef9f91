package widgets

import (
	"slices"
	"testing"
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
	for _, w := range wrapLine(l.dialog.shown.Lines[1], panelW-2*panelPad-pictureSide-panelPad-24) {
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
