package ui

import (
	"fmt"
	"net/url"
	"os"
	"path/filepath"
	"strconv"
	"strings"
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
		"sandbox":          "nodes=20",
		"etcd":             "nodes=0",
		"revisions":        "lesson=revisions&step=2",
		"projector":        "nodes=20&theme=projector",
		"bad":              "lesson=nope&speed=fast",
		"storm":            "nodes=1000",
		"why":              "nodes=20",
		"help":             "lesson=gone-410&step=2",
		"picker":           "nodes=20",
		"question":         "lesson=revisions&step=1",
		"reduced":          "nodes=20&motion=reduced",
		"start":            "",
		"resume":           "",
		"resume-projector": "",
		"legend":           "lesson=gone-410&step=5",
		// the overlays at the projector's type (issue 26 point 3)
		"help-projector":   "lesson=gone-410&step=2",
		"picker-projector": "nodes=20",
		"legend-projector": "lesson=gone-410&step=5",
		"start-projector":  "",
		// The console open after etcdctl's client warning and a server error.
		"console-warning":           "nodes=0",
		"console-warning-projector": "nodes=0",
		// a controller's workqueue in the informer's box (issue 17)
		"workqueue":                "lesson=informers&step=3",
		"workqueue-projector":      "lesson=informers&step=3",
		"workqueue-deep":           "lesson=slow-consumers&step=6",
		"workqueue-deep-projector": "lesson=slow-consumers&step=6",
		// a real cluster's recording (issue 27)
		"recording":           "nodes=20",
		"recording-projector": "nodes=20",
		// ... scrubbed to 30 s and to between the restart's 410 and the relist
		"recording-at":           "nodes=20",
		"recording-at-projector": "nodes=20",
	}
	// cmds run after 15 s of a link's world, then 3 s more play.
	cmds := map[string][]string{
		"storm":                     {"sim restart apiserver-0"},
		"sandbox":                   {"sim compact-now", "sim disconnect node-3 30s"},
		"why":                       {"sim compact-now", "why"},
		"help":                      {"help"},
		"picker":                    {"picker"},
		"question":                  {"next"},
		"reduced":                   {"sim load pods 200 30s"},
		"legend":                    {"legend"},
		"help-projector":            {"help"},
		"picker-projector":          {"picker"},
		"legend-projector":          {"legend"},
		"console-warning":           compactedRead,
		"console-warning-projector": compactedRead,
		"resume-projector":          {`progress {"compaction":{"step":2,"steps":8}}`},
		"resume":                    {`progress {"revisions":{"step":8,"steps":8,"done":true},"compaction":{"step":2,"steps":8}}`},
	}
	if rec, err := os.ReadFile("../recording/testdata/kube-1.36.5.wsrec"); err == nil {
		open := []string{"cat > kube-1.36.5.wsrec <<'EOF'\n" + string(rec) + "EOF", "recording kube-1.36.5.wsrec"}
		cmds["recording"], cmds["recording-projector"] = open, open
		cmds["recording-at"] = append(open, "recordingAt 30")
		cmds["recording-at-projector"] = append(open[:2:2], "recordingAt 72.5")
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
		if strings.HasSuffix(name, "-projector") {
			s.Chrome().Theme = view.Projector
		}
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
		if strings.HasPrefix(name, "console-") || strings.HasPrefix(name, "recording") || strings.HasSuffix(name, "-projector") {
			s.Chrome().Console = strings.HasPrefix(name, "console-")
			img := ebiten.NewImage(1280, 720)
			newRenderer().draw(img, s.Scene(), view.Fit(1280, 720))
			writePNG(t, filepath.Join(dir, name+"-1280x720.png"), img)
		}
		img := ebiten.NewImage(1920, 1080)
		newRenderer().draw(img, s.Scene(), view.Fit(1920, 1080))
		writePNG(t, filepath.Join(dir, name+".png"), img)
	}
}

// compactedRead fails a read below a compaction: etcdctl's client warning
// on stderr, then the error.
var compactedRead = []string{"etcdctl put a 1", "etcdctl put a 2", "etcdctl compaction 3", "etcdctl get a --rev 2"}

// TestLessonShots is `make shots`: every lesson's first, middle and last
// step as PNGs in WS_LESSON_SHOTS (a folder), at 1920x1080 in the dark
// theme and 1280x720 in the projector theme, drawn by the stage's own
// renderer. WS_LESSON_SHOTS_ID limits it to lessons whose id contains it;
// WS_LESSON_SHOTS_STEPS=3,6 takes those steps instead (ones past a
// lesson's end are left out); WS_LESSON_SHOTS_ALL=1 draws all four
// variants (both sizes in both themes).
func TestLessonShots(t *testing.T) {
	dir := os.Getenv("WS_LESSON_SHOTS")
	if dir == "" {
		t.Skip("set WS_LESSON_SHOTS=DIR (make shots) to write every lesson's screenshots")
	}
	all, err := lessons.All()
	if err != nil {
		t.Fatal(err)
	}
	variants := []struct {
		w, h  int
		theme view.Theme
	}{{1920, 1080, view.Dark}, {1280, 720, view.Projector}}
	if os.Getenv("WS_LESSON_SHOTS_ALL") != "" {
		variants = append(variants, variants[0], variants[1])
		variants[2].theme, variants[3].theme = view.Projector, view.Dark
	}
	r := newRenderer()
	n := 0
	for _, l := range all {
		if id := os.Getenv("WS_LESSON_SHOTS_ID"); id != "" && !strings.Contains(l.ID, id) {
			continue
		}
		last := len(l.Steps)
		s, err := live.Open(live.Link{Lesson: l.ID})
		if err != nil {
			t.Fatal(err)
		}
		for _, step := range shotSteps(last) {
			// the state a deep link to the step opens: the steps before it played
			for st := s.State(); st.Step < step || st.Pending; st = s.State() {
				s.Send("next")
				s.Tick(time.Second / 60)
			}
			s.Send("skip") // the step's slow motion to its end: what the deep link shows
			for range 30 { // let the step's animation settle
				s.Tick(time.Second / 60)
			}
			for _, v := range variants {
				s.Chrome().Theme = v.theme
				img := ebiten.NewImage(v.w, v.h)
				r.draw(img, s.Scene(), view.Fit(v.w, v.h))
				name := filepath.Join(dir, fmt.Sprintf("%s-%02d-%dx%d-%s.png", l.ID, step, v.w, v.h, v.theme.Name))
				writePNG(t, name, img)
				img.Deallocate()
				n++
			}
		}
	}
	t.Logf("%d screenshots in %s", n, dir)
}

// shotSteps are the steps TestLessonShots draws of a lesson of last
// steps: the first, middle and last, or WS_LESSON_SHOTS_STEPS's.
func shotSteps(last int) []int {
	env := os.Getenv("WS_LESSON_SHOTS_STEPS")
	if env == "" {
		return uniq(1, (last+1)/2, last)
	}
	var out []int
	for _, f := range strings.Split(env, ",") {
		if n, err := strconv.Atoi(strings.TrimSpace(f)); err == nil && n >= 1 && n <= last {
			out = append(out, n)
		}
	}
	return out
}

// uniq drops repeats (a one-step lesson's first, middle and last step).
func uniq(xs ...int) []int {
	var out []int
	for _, x := range xs {
		if len(out) == 0 || out[len(out)-1] != x {
			out = append(out, x)
		}
	}
	return out
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
