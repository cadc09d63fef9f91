package ui

import (
	"image/color"
	"testing"
	"time"

	"github.com/hajimehoshi/ebiten/v2"

	"watchscope/ui/internal/ebitentest"
	"watchscope/ui/live"
	"watchscope/ui/view"
)

// These tests draw with Ebiten: they need a display (xvfb-run -a go
// test ./ui/...) and run inside the game loop.
func TestMain(m *testing.M) { ebitentest.Main(m) }

// demoSession is a session after 40 s of the demo script.
func demoSession(t testing.TB) *live.Session {
	sim, err := live.NewWorld(1)
	if err != nil {
		t.Fatal(err)
	}
	s := live.New(sim, live.Options{Demo: true})
	for range 40 * 60 {
		s.Tick(time.Second / 60)
	}
	return s
}

// TestDrawPaintsTheScene checks pixels where the scene says something is:
// the background in a corner, and the colour of the newest revision's
// mark at its centre, at 1x and at 2/3 scale.
func TestDrawPaintsTheScene(t *testing.T) {
	sess := demoSession(t)
	sc := sess.Scene()
	var newest view.Mark
	for _, m := range sc.Marks {
		if m.Y == view.TapeTop+66 && m.X > newest.X {
			newest = m
		}
	}
	for _, size := range [][2]int{{1920, 1080}, {1280, 720}} {
		img := ebiten.NewImage(size[0], size[1])
		fr := view.Fit(size[0], size[1])
		newRenderer().draw(img, sc, fr)
		if got := img.At(2, 2); !near(got, view.Dark.Background) {
			t.Errorf("%v: corner %v, want the background %v", size, got, view.Dark.Background)
		}
		x, y := int(fr.X(newest.X)), int(fr.Y(newest.Y))
		if got := img.At(x, y); !near(got, newest.Color) {
			t.Errorf("%v: newest mark centre (%d,%d) is %v, want %v", size, x, y, got, newest.Color)
		}
	}
}

func near(c color.Color, want color.RGBA) bool {
	r, g, b, _ := c.RGBA()
	d := func(x uint32, y uint8) bool { return int(x>>8)-int(y) < 6 && int(y)-int(x>>8) < 6 }
	return d(r, want.R) && d(g, want.G) && d(b, want.B)
}

// BenchmarkDraw is the Go time of one full frame at 1920x1080: layout plus
// issuing every draw call (the GPU work is flushed by the pixel read).
func BenchmarkDraw(b *testing.B) {
	sess := demoSession(b)
	img := ebiten.NewImage(1920, 1080)
	r := newRenderer()
	fr := view.Fit(1920, 1080)
	r.draw(img, sess.Scene(), fr) // warm the glyph and sprite caches
	b.ResetTimer()
	for b.Loop() {
		r.draw(img, sess.Scene(), fr)
	}
	b.StopTimer()
	_ = img.At(0, 0)
}

// TestOneTickPerFrame: Ebiten's catch-up updates (several before one
// Draw when frames are slow) tick the session once, with the real time of
// all of them, and a loop that never draws still ticks every 100 ms.
func TestOneTickPerFrame(t *testing.T) {
	sess := demoSession(t)
	g := New(sess)
	img := ebiten.NewImage(320, 240)
	ticks, anim := sess.Ticks(), sess.AnimNow()
	for frame := range 3 {
		for range 4 {
			if err := g.Update(); err != nil {
				t.Fatal(err)
			}
		}
		if got := sess.Ticks() - ticks; got != int64(frame+1) {
			t.Fatalf("frame %d: %d ticks so far, want %d", frame, got, frame+1)
		}
		g.Draw(img)
	}
	if err := g.Update(); err != nil { // the 4th frame's tick carries frame 3's catch-up time
		t.Fatal(err)
	}
	if got, want := sess.AnimNow()-anim, 13*(time.Second/60); got != want {
		t.Errorf("animation clock moved %v over 13 updates, want %v", got, want)
	}
	if g.FrameUpdate <= 0 {
		t.Errorf("FrameUpdate %v: a drawn frame's updates took no time", g.FrameUpdate)
	}
	g.Draw(img)
	ticks = sess.Ticks()
	for range 13 { // no Draw: ticks at updates 1, 7 and 13, 100 ms each after the first
		g.Update()
	}
	if got := sess.Ticks() - ticks; got != 3 {
		t.Errorf("13 updates without a draw ticked %d times, want 3", got)
	}
}
