package ui

import (
	"fmt"
	"image/png"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/hajimehoshi/ebiten/v2"

	"watchscope/lessons"
	"watchscope/ui/live"
	"watchscope/ui/view"
)

// TestLessonShots is `make shots`: every lesson's first, middle and last
// step as PNGs in WS_LESSON_SHOTS (a folder), at 1920x1080 in the dark
// theme and 1280x720 in the projector theme, drawn by the stage's own
// renderer. WS_LESSON_SHOTS_ID limits it to lessons whose id contains it.
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
		name      string
		w, h      int
		projector bool
	}{{"1920x1080-dark", 1920, 1080, false}, {"1280x720-projector", 1280, 720, true}}
	defer view.SetTheme(false)
	n := 0
	for _, l := range all {
		if id := os.Getenv("WS_LESSON_SHOTS_ID"); id != "" && !strings.Contains(l.ID, id) {
			continue
		}
		last := len(l.Steps)
		for _, step := range uniq(1, (last+1)/2, last) {
			s, err := live.Open(live.Link{Lesson: l.ID, Step: step})
			if err != nil {
				t.Fatal(err)
			}
			for range 90 { // let the step's animation settle
				s.Tick(time.Second / 60)
			}
			for _, v := range variants {
				view.SetTheme(v.projector)
				img := ebiten.NewImage(v.w, v.h)
				newRenderer().draw(img, s.Scene(), view.Fit(v.w, v.h))
				name := filepath.Join(dir, fmt.Sprintf("%s-%02d-%s.png", l.ID, step, v.name))
				f, err := os.Create(name)
				if err != nil {
					t.Fatal(err)
				}
				if err := png.Encode(f, img); err != nil {
					t.Fatal(err)
				}
				f.Close()
				n++
			}
		}
	}
	t.Logf("%d screenshots in %s", n, dir)
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
