package view

import (
	"strings"
	"testing"

	"watchscope/lessons"
)

// TestProjectorTransportInTheTopBar: the projector theme puts its few,
// large buttons in the top bar (the diagram's) or under the counters (the
// etcd stage's), where no text of the frame lies under them and each label
// fits its button at the frame's type; it draws no time strip, and a click
// where the strip was is no seek.
func TestProjectorTransportInTheTopBar(t *testing.T) {
	long := &LessonView{Title: strings.Repeat("A very long lesson title ", 4), Step: 3, Steps: 9, StepTitle: "t", Narration: "n"}
	for _, c := range []struct {
		name string
		s    Snapshot
	}{
		{"sandbox", fullSnap()},
		{"lesson", func() Snapshot { s := fullSnap(); s.Lesson = long; return s }()},
		{"lesson replayed", func() Snapshot {
			s := fullSnap()
			s.Lesson, s.Playback = long, &PlaybackView{Pace: 0.05, Slow: true, Counter: "412 requests · 410 responses"}
			return s
		}()},
		{"etcd stage", func() Snapshot { s := fullSnap(); s.Replicas, s.Lesson = 0, long; return s }()},
		{"etcd stage replayed", func() Snapshot {
			s := fullSnap()
			s.Replicas, s.Lesson, s.Playback = 0, long, &PlaybackView{Pace: 0.05, Counter: "3 events"}
			return s
		}()},
	} {
		s := c.s
		s.UI.Theme = Projector
		bs := Buttons(s)
		if len(bs) < 3 || len(bs) > 4 {
			t.Errorf("%s: %d buttons, want 3 or 4 (back, [play,] next, help)", c.name, len(bs))
		}
		bar := Region{0, 0, DesignW, TopBarH}
		if !full(s) {
			bar = Region{0, 112, DesignW, 168 - 112}
		}
		sc := settledStage(s)
		boxes := TextBoxes(&sc)
		for i, b := range bs {
			if !bar.Contains(b.X, b.Y) || !bar.Contains(b.X+b.W-1, b.Y+b.H-1) {
				t.Errorf("%s: button %q at %+v is not in the top bar %+v", c.name, b.Label, b.Region, bar)
			}
			if w := Measure(ProseBold, Projector.Bar.Text, b.Label); w > b.W-16 {
				t.Errorf("%s: button %q is %.0f wide for a %.0f-wide button", c.name, b.Label, w, b.W)
			}
			if i > 0 && bs[i-1].X+bs[i-1].W > b.X {
				t.Errorf("%s: buttons %q and %q overlap", c.name, bs[i-1].Label, b.Label)
			}
			for _, x := range boxes {
				if x.X < b.X+b.W && b.X < x.X+x.W && x.Y < b.Y+b.H && b.Y < x.Y+x.H {
					t.Errorf("%s: button %q at %+v covers %q", c.name, b.Label, b.Region, x.Text)
				}
			}
		}
		for _, x := range sc.Texts {
			if x.Y >= TimelineTop && x.Y < TimelineBot && x.X >= ScrubLeft-40 {
				t.Errorf("%s: %q drawn on the time strip's row", c.name, x.S)
			}
		}
		if got := Hit(s, (ScrubLeft+ScrubRight)/2, ScrubY); got != "" {
			t.Errorf("%s: a click where the strip was sends %q", c.name, got)
		}
	}
}

// TestProjectorQuestionFitsThePanel: at the projector's type a question's
// lines and its choices' plates stay inside the lesson panel, one under
// the other, each choice's button its plate.
func TestProjectorQuestionFitsThePanel(t *testing.T) {
	s := fullSnap()
	s.UI.Theme = Projector
	s.Lesson = &LessonView{Steps: 4, StepTitle: "t", Narration: "n", Right: -1, Picked: -1,
		Question: "A question long enough to wrap over two lines at the projector's type: what does it ask?",
		Choices: []string{
			"a choice long enough to need two lines at this type: the informer relists because its resourceVersion fell out of the window",
			"short", "a middling choice with a few words in it"}}
	a := layoutAsk(Projector, s.Lesson)
	prev := a.qTop + float64(len(a.q))*a.qPitch
	for i := range s.Lesson.Choices {
		r := ChoiceRegion(Projector, s.Lesson, i)
		if r.Y < prev || r.Y+r.H > panelBot(Projector) {
			t.Errorf("choice %d at %+v: above %.0f or below the panel's bottom %.0f", i, r, prev, panelBot(Projector))
		}
		if b := ChoiceButtons(s)[i]; b.Region != r {
			t.Errorf("choice %d's button at %+v, its plate at %+v", i, b.Region, r)
		}
		prev = r.Y + r.H
	}
	if n := len(a.chLines[0]); n != 2 {
		t.Errorf("the long choice is drawn on %d lines, want 2", n)
	}
	// The most a question can ask: a question of three lines and
	// MaxChoices choices of two still end inside the panel (the choices,
	// then the question, give lines), in both themes.
	long := strings.Repeat("a question that goes on and on about the watch cache ", 4)
	var many []string
	for range MaxChoices {
		many = append(many, strings.Repeat("a choice that needs two lines at the projector's type ", 2))
	}
	for _, th := range []Theme{Dark, Projector} {
		l := &LessonView{Steps: 4, Right: -1, Picked: -1, Question: long, Choices: many}
		for i := range many {
			if r := ChoiceRegion(th, l, i); r.Y+r.H > panelBot(th) {
				t.Errorf("%s: choice %d of %d ends at %.0f, below the panel's bottom %.0f", th.Name, i+1, len(many), r.Y+r.H, panelBot(th))
			}
		}
	}
}

// TestStartButtonsOnTheScreen: with a path of up to 7 rows of chips (27
// lessons today; a chip keeps room for its title's two lines), every
// start button, the sandbox's under the chips included, is on the canvas
// and clear of the others.
func TestStartButtonsOnTheScreen(t *testing.T) {
	for _, n := range []int{1, 8, 27, 28} {
		var u Chrome
		for i := range n {
			u.Path = append(u.Path, PathStop{ID: "l" + itoa(i), Title: "Lesson " + itoa(i), Minutes: 5})
		}
		bs := StartButtons(u)
		if h := bs[1].H; h < 8+24+LineHeight(18) {
			t.Errorf("%d lessons: chips %.0f high, too low for a title on two lines", n, h)
		}
		for i, b := range bs {
			if b.X < 0 || b.Y < 0 || b.X+b.W > DesignW || b.Y+b.H > DesignH-8 {
				t.Errorf("%d lessons: button %q at %+v leaves the canvas", n, b.Label, b.Region)
			}
			for _, c := range bs[:i] {
				if overlaps(b.Region, c.Region) {
					t.Errorf("%d lessons: %q and %q overlap", n, c.Label, b.Label)
				}
			}
		}
	}
}

// TestSandboxPanelInBothThemes: the sandbox's buttons stay inside the
// lesson panel and clear of each other, each label fitting its button at
// the theme's type (a row wraps at the panel's edge; the projector
// leaves the console's lines out); the dark theme keeps its two rows.
func TestSandboxPanelInBothThemes(t *testing.T) {
	for _, th := range []Theme{Dark, Projector} {
		s := fullSnap()
		s.UI.Theme = th
		s.Log = []LogLine{{Cmd: "sim compact-now", Out: "compacted at 100"}}
		bs := SandboxButtons(s)
		rows := map[float64]bool{}
		for i, b := range bs {
			rows[b.Y] = true
			if b.X < NarrLeft || b.X+b.W > StageEnd-24 || b.Y < PanelTop || b.Y+b.H > panelBot(th)-8 {
				t.Errorf("%s: %q at %+v leaves the panel", th.Name, b.Label, b.Region)
			}
			if w := Measure(Prose, th.TextSize(SandboxButtonText(th)), b.Label); w > b.W-16 {
				t.Errorf("%s: %q is %.0f wide on a %.0f-wide button", th.Name, b.Label, w, b.W)
			}
			for _, c := range bs[:i] {
				if overlaps(b.Region, c.Region) {
					t.Errorf("%s: %q and %q overlap", th.Name, c.Label, b.Label)
				}
			}
		}
		if len(rows) < 2 || th.Detail && len(rows) != 2 {
			t.Errorf("%s: %d rows of buttons", th.Name, len(rows))
		}
		sc := settledStage(s)
		for _, x := range sc.Texts {
			if x.Y >= PanelTop && x.Size < th.Bar.Text-0.01 {
				t.Errorf("%s: %q at %.0f px in the panel", th.Name, x.S, x.Size)
			}
			for _, b := range bs {
				if b.Contains(x.X+1, x.Y+1) {
					t.Errorf("%s: %q drawn under the button %q", th.Name, x.S, b.Label)
				}
			}
		}
	}
}

// TestStartScreenInBothThemes: the start screen with today's path (every
// lesson's real title), fresh and with a lesson to resume, draws no text
// over another and every text inside its button, every chip's title
// whole; in the projector theme nothing under the frame's 27 px.
func TestStartScreenInBothThemes(t *testing.T) {
	all, err := lessons.All()
	if err != nil {
		t.Fatal(err)
	}
	var path []PathStop
	for _, l := range all {
		path = append(path, PathStop{ID: l.ID, Title: l.Title, Minutes: l.Minutes})
	}
	for _, th := range []Theme{Dark, Projector} {
		for _, resume := range []*ResumeStop{nil, {ID: path[1].ID, Title: path[1].Title, Where: "step 2 of 8"}} {
			s := fullSnap()
			s.UI.Theme, s.UI.Start, s.UI.Path, s.UI.Resume = th, true, path, resume
			sc := settledStage(s)
			boxes := TextBoxes(&sc)
			for i, a := range boxes {
				for _, b := range boxes[:i] {
					if a.X+1 < b.X+b.W && b.X+1 < a.X+a.W && a.Y+1 < b.Y+b.H && b.Y+1 < a.Y+a.H {
						t.Errorf("%s (resume %v): %q overlaps %q", th.Name, resume != nil, a.Text, b.Text)
					}
				}
			}
			for i, b := range StartButtons(s.UI)[1:] {
				var title []string // the chip's words, its number and minutes left out
				for _, x := range boxes {
					if i < len(path) && b.Contains(x.X+1, x.Y+1) && x.Text != itoa(i+1) && !strings.HasSuffix(x.Text, " min") {
						title = append(title, x.Text)
					}
				}
				if i < len(path) && strings.Join(title, " ") != path[i].Title {
					t.Errorf("%s: the chip of %q says %q", th.Name, path[i].Title, strings.Join(title, " "))
				}
				for _, x := range boxes {
					if b.Contains(x.X+1, x.Y+1) && (x.X+x.W > b.X+b.W+1 || x.Y+x.H > b.Y+b.H+1) {
						t.Errorf("%s: %q leaves its button %q", th.Name, x.Text, b.Label)
					}
				}
			}
			if !th.Detail {
				for l := &sc; l != nil; l = l.Over {
					for _, x := range l.Texts {
						if x.Size < th.Bar.Text-0.01 {
							t.Errorf("%s: %q at %.0f px", th.Name, x.S, x.Size)
						}
					}
				}
			}
		}
	}
}
