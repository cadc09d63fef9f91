package ui

import (
	"net/url"
	"os"
	"path/filepath"
	"strconv"
	"testing"
	"time"

	"github.com/hajimehoshi/ebiten/v2"

	"watchscope/lessons"
	"watchscope/ui/live"
	"watchscope/ui/view"
)

// TestShots renders the stage for a few deep links into PNGs when
// WS_SHOTS names a folder, so a person can look at them (the e2e suite
// compares browser screenshots with goldens; this is the quick loop).
func TestShots(t *testing.T) {
	dir := os.Getenv("WS_SHOTS")
	if dir == "" {
		t.Skip("set WS_SHOTS=DIR to write the stage's screenshots")
	}
	links := map[string]string{
		"sandbox":   "nodes=20",
		"etcd":      "nodes=0",
		"revisions": "lesson=revisions&step=2",
		"projector": "nodes=20&theme=projector",
		"bad":       "lesson=nope&speed=fast",
		"storm":     "nodes=1000",
		"why":       "nodes=20",
		"help":      "lesson=gone-410&step=2",
		"picker":    "nodes=20",
		"question":  "lesson=revisions&step=1",
		"reduced":   "nodes=20&motion=reduced",
	}
	// cmds run after 15 s of a link's world, then 3 s more play.
	cmds := map[string][]string{
		"storm":    {"sim restart apiserver-0"},
		"sandbox":  {"sim compact-now", "sim disconnect node-3 30s"},
		"why":      {"sim compact-now", "why"},
		"help":     {"help"},
		"picker":   {"picker"},
		"question": {"next"},
		"reduced":  {"sim load pods 200 30s"},
	}
	if only := os.Getenv("WS_SHOTS_ONLY"); only != "" {
		links = map[string]string{only: links[only]}
	}
	if ls, err := lessons.All(); err == nil && os.Getenv("WS_SHOTS_LESSONS") != "" {
		links = map[string]string{}
		for _, l := range ls {
			if id := os.Getenv("WS_SHOTS_ID"); id != "" && id != l.ID {
				continue
			}
			step := os.Getenv("WS_SHOTS_LESSONS")
			if step == "key" {
				step = strconv.Itoa(keyStep(l))
			}
			links["lesson-"+l.ID] = "lesson=" + l.ID + "&step=" + step
		}
	}
	for name, q := range links {
		v, _ := url.ParseQuery(q)
		l := live.ParseLink(v)
		s, err := live.Open(l)
		if err != nil {
			t.Fatal(err)
		}
		view.SetTheme(l.Theme == "projector")
		for range 15 * 60 {
			s.Tick(time.Second / 60)
		}
		for _, c := range cmds[name] {
			s.Send(c)
		}
		for range 3 * 60 {
			s.Tick(time.Second / 60)
		}
		if name == "sandbox" {
			s.Chrome().HoverRV = s.Snapshot().Rev - 3
		}
		img := ebiten.NewImage(1920, 1080)
		newRenderer().draw(img, s.Scene(), view.Fit(1920, 1080))
		writePNG(t, filepath.Join(dir, name+".png"), img)
		view.SetTheme(false)
	}
}

// keyStep is the step a speaker would put on screen: the one pointing at
// the most parts of the stage (the e2e goldens use the same rule).
func keyStep(l *lessons.Lesson) int {
	best, n := len(l.Steps)/2+1, 0
	for i, st := range l.Steps {
		if len(st.Highlights) > n && st.Ask == nil {
			best, n = i+1, len(st.Highlights)
		}
	}
	return best
}
