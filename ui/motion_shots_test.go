package ui

import (
	"fmt"
	"image"
	"image/png"
	"net/url"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/hajimehoshi/ebiten/v2"

	"watchscope/ui/live"
	"watchscope/ui/view"
)

// TestMotionShots renders lesson steps mid-motion (a step pressed, then
// WS_MOTION_AT of screen time, default 700 ms) into WS_SHOTS, in both
// themes at 1920x1080 and 1280x720: the quick loop for looking at the
// slow motion and its packets. WS_MOTION names the steps as
// "lesson:step,lesson:step" (default a few that move).
func TestMotionShots(t *testing.T) {
	dir := os.Getenv("WS_SHOTS")
	if dir == "" {
		t.Skip("set WS_SHOTS=DIR to write the slow motion's screenshots")
	}
	steps := "gone-410:2,gone-410:5,fan-out:4,revisions:2,restart-storm:3"
	if v := os.Getenv("WS_MOTION"); v != "" {
		steps = v
	}
	at := 700 * time.Millisecond
	if v := os.Getenv("WS_MOTION_AT"); v != "" {
		d, err := time.ParseDuration(v)
		if err != nil {
			t.Fatal(err)
		}
		at = d
	}
	for _, spec := range strings.Split(steps, ",") {
		id, n, _ := strings.Cut(spec, ":")
		for _, th := range []view.Theme{view.Dark, view.Projector} {
			s := midMotion(t, id, n, at)
			s.Chrome().Theme = th
			for _, size := range [][2]int{{1920, 1080}, {1280, 720}} {
				img := ebiten.NewImage(size[0], size[1])
				newRenderer().draw(img, s.Scene(), view.Fit(size[0], size[1]))
				writePNG(t, filepath.Join(dir, fmt.Sprintf("motion-%s-%s-%s-%d.png", id, n, th.Name, size[0])), img)
			}
		}
	}
}

// midMotion opens lesson id one step before step n, plays step n and
// lets at of screen time pass.
func midMotion(t *testing.T, id, n string, at time.Duration) *live.Session {
	t.Helper()
	var step int
	fmt.Sscan(n, &step)
	v, _ := url.ParseQuery(fmt.Sprintf("lesson=%s&step=%d", id, step-1))
	s, err := live.Open(live.ParseLink(v))
	if err != nil {
		t.Fatal(err)
	}
	s.Tick(time.Second / 60)
	for i := 0; i < 3 && s.State().Step < step; i++ {
		s.Send("next")
		s.Tick(time.Second / 60)
	}
	for d := time.Duration(0); d < at; d += time.Second / 60 {
		s.Tick(time.Second / 60)
		s.Scene() // a frame drawn every tick, as on the page: the stage's motion memory sees each
	}
	return s
}

// writePNG saves img at path.
func writePNG(t *testing.T, path string, img image.Image) {
	t.Helper()
	f, err := os.Create(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	if err := png.Encode(f, img); err != nil {
		t.Fatal(err)
	}
}
