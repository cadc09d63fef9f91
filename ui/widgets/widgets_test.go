package widgets

import (
	"image/color"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/ebitenui/ebitenui/widget"
	"github.com/hajimehoshi/ebiten/v2"

	"watchscope/ui/internal/ebitentest"
	"watchscope/ui/view"
)

// These tests draw with Ebiten: they need a display (xvfb-run -a go
// test ./ui/...) and run inside the game loop.
func TestMain(m *testing.M) { ebitentest.Main(m) }

// sandbox is a snapshot of free play in a world with an API server.
func sandbox() view.Snapshot {
	return view.Snapshot{Paused: true, Replicas: 1}
}

// layer is a widget layer drawn once at w x h, and the commands it sent.
func layer(t *testing.T, s view.Snapshot, w, h int) (*Layer, *[]string, *ebiten.Image) {
	t.Helper()
	var sent []string
	l := New(func(c string) { sent = append(sent, c) })
	img := ebiten.NewImage(w, h)
	l.Draw(img, view.Fit(w, h), s)
	return l, &sent, img
}

// settle runs ebitenui's deferred events (clicks, submits).
func settle(l *Layer, s view.Snapshot) { l.Update(s) }

func TestButtonsSendTheirCommands(t *testing.T) {
	s := sandbox()
	l, sent, _ := layer(t, s, 1920, 1080)
	want := view.Buttons(s)
	if len(l.transport) != len(want) {
		t.Fatalf("%d transport buttons, want %d", len(l.transport), len(want))
	}
	knobs := view.SandboxButtons(s)
	if len(l.knobs) != len(knobs) {
		t.Fatalf("%d sandbox buttons, want %d", len(l.knobs), len(knobs))
	}
	for i, b := range l.transport {
		if got := b.w.Text().Label; got != want[i].Label {
			t.Errorf("transport button %d says %q, want %q", i, got, want[i].Label)
		}
		b.w.Click()
	}
	for _, b := range l.knobs {
		b.w.Click()
	}
	settle(l, s)
	var cmds []string
	for _, b := range want {
		cmds = append(cmds, b.Cmd)
	}
	for _, b := range knobs {
		cmds = append(cmds, b.Cmd)
	}
	if !slices.Equal(*sent, cmds) {
		t.Errorf("clicks sent %q, want %q", *sent, cmds)
	}

	// Playing: the play button says pause, in the same widget.
	first := l.transport[1].w
	s.Paused = false
	settle(l, s)
	if l.transport[1].w != first || l.transport[1].w.Text().Label != "pause" {
		t.Errorf("while playing the second button says %q (same widget: %v)", l.transport[1].w.Text().Label, l.transport[1].w == first)
	}
	// A knob away from its default is a new, tinted button; a lesson
	// has no sandbox buttons.
	s.UI.Knobs = []string{"apf-off"}
	settle(l, s)
	if !l.knobs[7].b.On || l.knobs[6].b.On {
		t.Errorf("knob states %v %v, want APF off on", l.knobs[6].b.On, l.knobs[7].b.On)
	}
	s.Lesson = &view.LessonView{Steps: 3}
	settle(l, s)
	if len(l.knobs) != 0 {
		t.Errorf("a lesson shows %d sandbox buttons", len(l.knobs))
	}
}

// TestDialogsTakeTheClicks: while a dialog is open the stage's buttons
// are disabled and the dialog shows.
func TestDialogsTakeTheClicks(t *testing.T) {
	s := sandbox()
	l, sent, _ := layer(t, s, 1280, 720)
	for _, open := range []func(*view.Snapshot){
		func(s *view.Snapshot) { s.UI.ToggleOverlay("help") },
		func(s *view.Snapshot) {
			s.UI.Why, s.UI.WhyTitle = []string{"PUT /a\tetcd wrote it", "watch event"}, "watch event"
		},
		func(s *view.Snapshot) { s.UI.Picker, s.UI.Lessons = true, []string{" 1  revisions", " 2  gone-410"} },
	} {
		d := s
		open(&d)
		settle(l, d)
		for _, b := range append(l.transport, l.knobs...) {
			if !b.w.GetWidget().Disabled {
				t.Fatalf("%+v: button %q still takes clicks", d.UI, b.b.Label)
			}
		}
		shown := 0
		for _, w := range []widget.HasWidget{l.overlays[slices.Index(view.OverlayVerbs(), "help")].backdrop, l.why.backdrop, l.picker.backdrop} {
			if w.GetWidget().IsVisible() {
				shown++
			}
		}
		if shown != 1 {
			t.Errorf("%+v: %d dialogs shown, want 1", d.UI, shown)
		}
	}
	if len(l.why.rows) != 3 || l.why.rows[1].text != "because: etcd wrote it" {
		t.Errorf("why rows %+v", l.why.rows)
	}
	// The picker shows the session's selection without sending a pick.
	d := s
	d.UI.Picker, d.UI.Lessons, d.UI.PickerAt = true, []string{" 1  revisions", " 2  gone-410"}, 1
	settle(l, d)
	settle(l, d)
	if l.picker.list.SelectedEntry() != 1 {
		t.Errorf("the picker's list selects %v, want row 1", l.picker.list.SelectedEntry())
	}
	if len(*sent) != 0 {
		t.Errorf("opening the dialogs sent %q", *sent)
	}
}

// TestConsoleHistory: a submitted line is sent and remembered; ↑ and ↓
// walk the history; a paste of one line is typed, of several is sent as
// a script; a backquote never
// becomes text.
func TestConsoleHistory(t *testing.T) {
	s := sandbox()
	l, sent, _ := layer(t, s, 1920, 1080)
	l.SetConsole(true)
	for _, line := range []string{"etcdctl put /a 1", "  ", "etcdctl get /a"} {
		l.console.in.SetText(line)
		l.console.in.Submit()
		settle(l, s)
	}
	if !slices.Equal(*sent, []string{"etcdctl put /a 1", "etcdctl get /a"}) {
		t.Fatalf("the console sent %q", *sent)
	}
	c := l.console
	for _, st := range []struct {
		dir  int
		want string
	}{{-1, "etcdctl get /a"}, {-1, "etcdctl put /a 1"}, {-1, "etcdctl put /a 1"}, {+1, "etcdctl get /a"}, {+1, ""}, {+1, ""}} {
		c.recall(st.dir)
		if got := c.text(); got != st.want {
			t.Errorf("after %+d the line is %q, want %q", st.dir, got, st.want)
		}
	}
	l.Paste("kubectl get pods")
	l.console.in.Insert("`")
	if got := l.ConsoleText(); got != "kubectl get pods" {
		t.Errorf("after a paste and a backquote the line is %q", got)
	}
	// Several lines are a script: sent whole, after what was typed.
	*sent = nil
	l.console.in.SetText("etcdctl ")
	l.Paste("txn <<EOF\r\nmod(\"a\") = \"0\"\r\n\r\nput a 1\r\n\r\n\r\nEOF\r\n")
	settle(l, s)
	if want := "etcdctl txn <<EOF\nmod(\"a\") = \"0\"\n\nput a 1\n\n\nEOF"; len(*sent) != 1 || (*sent)[0] != want || l.ConsoleText() != "" {
		t.Errorf("a pasted script sent %q, left %q", *sent, l.ConsoleText())
	}
	l.SetConsole(false)
	if l.ConsoleOpen() || l.console.box.GetWidget().IsVisible() {
		t.Error("the console is still shown after closing")
	}
}

// TestButtonsDrawInThePalette reads the pixels of a transport button's
// plate in both themes: the theme's PanelHi, at the button's place.
func TestButtonsDrawInThePalette(t *testing.T) {
	for _, th := range []view.Theme{view.Dark, view.Projector} {
		s := sandbox()
		s.UI.Theme = th
		_, _, img := layer(t, s, 1280, 720)
		b := view.Buttons(s)[0]
		fr := view.Fit(1280, 720)
		x, y := int(fr.X(b.X+6)), int(fr.Y(b.Y+b.H/2))
		got := color.RGBAModel.Convert(img.At(x, y)).(color.RGBA)
		if got != th.PanelHi {
			t.Errorf("%s theme: button plate at (%d,%d) is %v, want PanelHi %v", th.Name, x, y, got, th.PanelHi)
		}
	}
}

// TestPickerSurvivesARebuild: the projector theme (P) or a new window size
// rebuilds the widgets while the picker is open; the rebuilt list shows the
// session's selection and sends no pick (it used to open the first lesson).
func TestPickerSurvivesARebuild(t *testing.T) {
	s := sandbox()
	s.UI.Picker, s.UI.Lessons = true, []string{" 1  revisions", " 2  gone-410", " 3  compaction"}
	l, sent, img := layer(t, s, 1280, 720)
	settle(l, s)
	settle(l, s)
	for i, rebuild := range []func(){
		func() { s.UI.Theme = view.Projector },
		func() { s.UI.Theme = view.Dark },
		func() { img = ebiten.NewImage(1920, 1080) },
	} {
		rebuild()
		l.Draw(img, view.Fit(img.Bounds().Dx(), img.Bounds().Dy()), s)
		settle(l, s)
		settle(l, s)
		l.Draw(img, view.Fit(img.Bounds().Dx(), img.Bounds().Dy()), s)
		settle(l, s)
		if len(*sent) != 0 {
			t.Fatalf("rebuild %d with the picker open sent %q", i, *sent)
		}
	}
}

// TestSceneButtonsSendTheirCommands: an open question's choices and the
// start screen's ways in are widgets at the regions the scene draws them
// in (view.ChoiceRegion, view.StartButtons), in either theme; a click
// sends the pick or opens the lesson; a dialog over them (the picker on
// the start screen) takes their clicks; a revealed answer has none.
func TestSceneButtonsSendTheirCommands(t *testing.T) {
	q := view.Snapshot{Replicas: 1, Lesson: &view.LessonView{Steps: 4, Question: "Which RV?", Choices: []string{"a", "b", "c"}, Right: -1, Picked: -1}}
	for _, th := range []view.Theme{view.Dark, view.Projector} {
		s := q
		s.UI.Theme = th
		l, sent, _ := layer(t, s, 1280, 720)
		if len(l.choices) != 3 {
			t.Fatalf("%s: %d choice widgets, want 3", th.Name, len(l.choices))
		}
		for i, b := range l.choices {
			if r := view.ChoiceRegion(th, s.Lesson, i); b.b.Region != r {
				t.Errorf("%s: choice %d's widget at %+v, drawn at %+v", th.Name, i, b.b.Region, r)
			}
			b.w.Click()
		}
		settle(l, s)
		if want := []string{"pick 1", "pick 2", "pick 3"}; !slices.Equal(*sent, want) {
			t.Errorf("%s: clicks on the choices sent %q, want %q", th.Name, *sent, want)
		}
		answered := s
		answered.Lesson = &view.LessonView{Steps: 4, Question: "Which RV?", Choices: []string{"a", "b", "c"}, Right: 1, Picked: 0}
		settle(l, answered)
		if len(l.choices) != 0 {
			t.Errorf("%s: %d choice widgets after the answer", th.Name, len(l.choices))
		}
	}
	s := view.Snapshot{Replicas: 1}
	s.UI.Start, s.UI.Path = true, []view.PathStop{{ID: "revisions", Title: "Revisions, not overwrites", Minutes: 8}, {ID: "compaction", Title: "Compaction", Minutes: 9}}
	l, sent, _ := layer(t, s, 1920, 1080)
	want := view.StartButtons(s.UI)
	if len(l.start) != len(want) || len(l.transport) != 0 {
		t.Fatalf("start screen: %d start widgets (want %d) and %d transport buttons", len(l.start), len(want), len(l.transport))
	}
	var cmds []string
	for i, b := range l.start {
		b.w.Click()
		cmds = append(cmds, want[i].Cmd)
	}
	settle(l, s)
	if !slices.Equal(*sent, cmds) {
		t.Errorf("clicks on the start screen sent %q, want %q", *sent, cmds)
	}
	s.UI.Picker = true
	settle(l, s)
	for _, b := range l.start {
		if !b.w.GetWidget().Disabled {
			t.Errorf("the picker is open and %q still takes clicks", b.b.Label)
		}
	}
}

// TestWhyDialogAtTheFramesType: the why? dialog's lines are at least the
// theme's frame type (27 px in the projector) and, however long a link,
// each fits the dialog's widest line.
func TestWhyDialogAtTheFramesType(t *testing.T) {
	long := strings.Repeat("PUT /registry/pods/default/web-0 rv=1234 ", 6)
	u := view.Chrome{Why: []string{long + "\t" + strings.Repeat("the cache's window moved past the watch's RV ", 5), "watch event"}}
	for _, th := range []view.Theme{view.Dark, view.Projector} {
		for _, r := range whyRows(th, u) {
			if r.size < th.Bar.Text {
				t.Errorf("%s: %q at %.0f px", th.Name, r.text, r.size)
			}
			if w := view.Measure(r.font, r.size, r.text) + r.dx + 96; w > 1760 {
				t.Errorf("%s: %q is %.0f wide, over the dialog's 1760", th.Name, r.text, w)
			}
			if strings.HasSuffix(r.text, "…") {
				t.Errorf("%s: %q is cut", th.Name, r.text)
			}
		}
	}
	// A short chain is whole; a long one keeps its newest links and says
	// how many earlier ones it left out.
	short := view.Chrome{Why: []string{"PUT /registry/pods/default/web-0\tetcd wrote it", "watch event"}}
	if rs := whyRows(view.Projector, short); len(rs) != 3 || rs[0].text != "PUT /registry/pods/default/web-0" || rs[1].text != "because: etcd wrote it" {
		t.Errorf("a short chain: %+v", rs)
	}
	var chain []string
	for i := range 12 {
		chain = append(chain, long+strconv.Itoa(i)+"\t"+long)
	}
	rs := whyRows(view.Projector, view.Chrome{Why: chain})
	if len(rs) > whyRowsMax+1 || !strings.HasSuffix(rs[0].text, "earlier links not shown") {
		t.Errorf("a long chain: %d rows, first %q", len(rs), rs[0].text)
	}
}

// TestConsoleAtTheFramesType: the console's line is typed at the frame's
// type, larger in the projector, where the keys' hint is left out and the
// input takes the bar's width; the dark theme keeps its hint.
func TestConsoleAtTheFramesType(t *testing.T) {
	for _, th := range []view.Theme{view.Dark, view.Projector} {
		s := sandbox()
		s.UI.Theme = th
		l, _, _ := layer(t, s, 1280, 720)
		want := 3 // the prompt, the input, the hint
		if !th.Detail {
			want = 2
		}
		if n := len(l.console.box.Children()); n != want {
			t.Errorf("%s: the console's bar holds %d widgets, want %d", th.Name, n, want)
		}
		in := l.console.in.GetWidget().LayoutData.(view.Region)
		if th.Detail != (in.X+in.W < consoleBar.X+consoleBar.W-200) {
			t.Errorf("%s: the input ends at %.0f of the bar's %.0f", th.Name, in.X+in.W, consoleBar.X+consoleBar.W)
		}
	}
}

// TestLegendClosesOnAClick: the legend (an overlay the scene paints) has
// a widget, a clear button over the whole canvas, shown only while the
// legend shows: its click sends "close", the question's choices under it
// take none, and a dialog over it (the help) takes the click instead.
func TestLegendClosesOnAClick(t *testing.T) {
	s := view.Snapshot{Replicas: 1, Lesson: &view.LessonView{Steps: 4, Question: "Which RV?", Choices: []string{"a", "b"}, Right: -1, Picked: -1}}
	l, sent, img := layer(t, s, 1920, 1080)
	i := slices.Index(view.OverlayVerbs(), "legend")
	c := l.closers[i]
	if c == nil || c.GetWidget().IsVisible() {
		t.Fatal("the legend is closed and its closer shows (or there is none)")
	}
	s.UI.ToggleOverlay("legend")
	settle(l, s)
	if !c.GetWidget().IsVisible() || c.GetWidget().Disabled {
		t.Fatal("the legend shows and its closer does not take clicks")
	}
	if r := c.GetWidget().Rect; r.Dx() != img.Bounds().Dx() || r.Dy() != img.Bounds().Dy() {
		t.Errorf("the closer covers %v of the %v canvas", r, img.Bounds())
	}
	for _, b := range l.choices {
		if !b.w.GetWidget().Disabled {
			t.Errorf("the legend shows and choice %q takes clicks", b.b.Label)
		}
	}
	c.Click()
	settle(l, s)
	if !slices.Equal(*sent, []string{"close"}) {
		t.Errorf("a click on the legend sent %q, want close", *sent)
	}
	s.UI.ToggleOverlay("help")
	settle(l, s)
	if !c.GetWidget().Disabled {
		t.Error("the help is open over the legend and the legend's closer takes its click")
	}
}
