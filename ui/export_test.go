package ui

import (
	"bytes"
	"fmt"
	"image"
	"image/color"
	"image/gif"
	"image/png"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/hajimehoshi/ebiten/v2"

	"watchscope/ui/live"
	"watchscope/ui/view"
	"watchscope/ui/widgets"
)

// sandboxWithWrites is an etcd-only sandbox that put a key at each time.
func sandboxWithWrites(t *testing.T, end time.Duration, at ...time.Duration) *live.Session {
	t.Helper()
	sim, err := live.NewWorld(1)
	if err != nil {
		t.Fatal(err)
	}
	s := live.New(sim, live.Options{})
	tick := func(until time.Duration) {
		for s.Snapshot().Now < until {
			s.Tick(time.Second / 60)
		}
	}
	for i, w := range at {
		tick(w)
		s.Send(fmt.Sprintf("etcdctl put /export/k%d v%d", i, i))
		s.Tick(0)
	}
	tick(end)
	return s
}

// exportGIF runs a whole GIF export of a range.
func exportGIF(t *testing.T, s *live.Session, rg live.Range) []byte {
	t.Helper()
	rec, err := s.Export().Record(rg)
	if err != nil {
		t.Fatal(err)
	}
	x := NewGIFExport(rec)
	for !x.Work(5 * time.Millisecond) {
	}
	if x.Err() != nil {
		t.Fatal(x.Err())
	}
	return x.Bytes()
}

// gifComments reads the comment extensions of a GIF, in order.
func gifComments(t *testing.T, b []byte) []string {
	t.Helper()
	i := 13 + colorTableLen(b[10])
	var out []string
	skip := func() string { // sub-blocks up to the terminator
		var s strings.Builder
		for b[i] != 0 {
			s.Write(b[i+1 : i+1+int(b[i])])
			i += 1 + int(b[i])
		}
		i++
		return s.String()
	}
	for i < len(b) && b[i] != 0x3B {
		switch b[i] {
		case 0x21:
			label := b[i+1]
			i += 2
			if s := skip(); label == 0xFE {
				out = append(out, s)
			}
		case 0x2C:
			i += 10 + colorTableLen(b[i+9]) + 1 // descriptor, local table, LZW code size
			skip()
		default:
			t.Fatalf("byte %#x at %d is no GIF block", b[i], i)
		}
	}
	return out
}

// A GIF of a range: (to-from)*fps frames of the chosen size, looping,
// each frame's comment naming its moment; the frames change where the
// world changed; the same range exported twice is the same file.
func TestGIFExport(t *testing.T) {
	s := sandboxWithWrites(t, 5*time.Second, 1*time.Second, 2500*time.Millisecond)
	rg := live.Range{From: 2, To: 3.5, FPS: 10, Width: 640}
	b := exportGIF(t, s, rg)
	g, err := gif.DecodeAll(bytes.NewReader(b))
	if err != nil {
		t.Fatal(err)
	}
	if len(g.Image) != 15 || g.Config.Width != 640 || g.Config.Height != 360 || g.LoopCount != 0 {
		t.Fatalf("%d frames of %dx%d (loop %d), want 15 of 640x360 looping", len(g.Image), g.Config.Width, g.Config.Height, g.LoopCount)
	}
	caps := gifComments(t, b)
	if len(caps) != 15 || !strings.Contains(caps[0], "t=2.000s rev=2") || !strings.Contains(caps[14], "t=3.400s rev=3") {
		t.Fatalf("comments %q", caps)
	}
	for i, d := range g.Delay {
		if d != 10 {
			t.Errorf("frame %d delay %d cs, want 10", i, d)
		}
	}
	if b2 := exportGIF(t, s, rg); !bytes.Equal(b, b2) {
		t.Errorf("the same range exported twice differs (%d and %d bytes)", len(b), len(b2))
	}
	if b[0] != 'G' || len(b) > 2<<20 {
		t.Errorf("%d bytes", len(b))
	}
	t.Logf("15 frames 640x360: %d bytes", len(b))
}

// Exported frames look like the stage: the first frame, composited, has
// the background in the corner and more than the background elsewhere.
// They are the stage without its controls (ui/export.go): where the
// transport buttons sit, the frame shows the background, while the widget
// layer drawn on the same frame puts a button there.
func TestGIFFrameIsTheStage(t *testing.T) {
	s := sandboxWithWrites(t, 3*time.Second, time.Second)
	b := exportGIF(t, s, live.Range{From: 1, To: 1.5, FPS: 10, Width: 960})
	g, err := gif.DecodeAll(bytes.NewReader(b))
	if err != nil {
		t.Fatal(err)
	}
	f := g.Image[0]
	if !near(f.At(1, 1), view.Dark.Background) {
		t.Errorf("corner %v, want the background", f.At(1, 1))
	}
	colours := map[color.Color]bool{}
	for y := 0; y < f.Rect.Dy(); y += 3 {
		for x := 0; x < f.Rect.Dx(); x += 3 {
			colours[f.At(x, y)] = true
		}
	}
	if len(colours) < 8 {
		t.Errorf("the first frame has %d colours: blank?", len(colours))
	}
	fr := view.Fit(960, 540)
	over := ebiten.NewImage(960, 540)
	over.Fill(view.Dark.Background)
	widgets.New(func(string) {}).Draw(over, fr, s.Snapshot())
	for _, btn := range view.Buttons(s.Snapshot()) {
		x, y := int(fr.X(btn.X+btn.W/2)), int(fr.Y(btn.Y+5)) // inside the plate, above the label
		if !near(f.At(x, y), view.Dark.Background) {
			t.Errorf("the GIF shows something at the %q button: %v", btn.Label, f.At(x, y))
		}
		if near(over.At(x, y), view.Dark.Background) {
			t.Errorf("the widget layer draws no %q button at (%d, %d): the test sees no control", btn.Label, x, y)
		}
	}
	if dir := os.Getenv("WS_SHOTS"); dir != "" { // to look at them
		var out bytes.Buffer
		if err := png.Encode(&out, f); err != nil {
			t.Fatal(err)
		}
		os.WriteFile(filepath.Join(dir, "export-frame0.png"), out.Bytes(), 0o644)
		os.WriteFile(filepath.Join(dir, "export.gif"), b, 0o644)
	}
}

// The panel's preview is taken while the GIF is encoded: a thumbnail a
// frame (up to thumb.MaxFrames) in the GIF's palette, fitted in the box,
// looping as long as the GIF; the corner is the background, as in the
// GIF's first frame. Without KeepPreview, or cancelled, there is none.
func TestGIFPreview(t *testing.T) {
	s := sandboxWithWrites(t, 5*time.Second, 1*time.Second, 2500*time.Millisecond)
	x := NewGIFExport(mustRecord(t, s, live.Range{From: 2, To: 3.5, FPS: 30, Width: 640}))
	x.KeepPreview(widgets.PreviewW, widgets.PreviewH)
	for !x.Work(5 * time.Millisecond) {
		if x.Preview() != nil {
			t.Fatal("a preview before the GIF is finished")
		}
	}
	g, err := gif.DecodeAll(bytes.NewReader(x.Bytes()))
	if err != nil {
		t.Fatal(err)
	}
	pv := x.Preview()
	if pv == nil || pv.Kind != "GIF" || pv.Count != 45 || len(pv.Frames) != 45 || pv.W != 640 || pv.H != 360 {
		t.Fatalf("preview %+v; want 45 frames of a 640x360 GIF", pv)
	}
	var gifLoop, loop time.Duration
	for i, d := range g.Delay {
		gifLoop += time.Duration(d) * 10 * time.Millisecond
		loop += pv.Delays[i]
	}
	if loop != gifLoop || loop != 1500*time.Millisecond {
		t.Errorf("the preview loops in %v, the GIF in %v; want 1.5s both", loop, gifLoop)
	}
	first, ok := pv.Frames[0].(*image.Paletted)
	if !ok || first.Bounds() != image.Rect(0, 0, widgets.PreviewW, widgets.PreviewH) {
		t.Fatalf("thumbnail %T %v; want a paletted %dx%d", pv.Frames[0], pv.Frames[0].Bounds(), widgets.PreviewW, widgets.PreviewH)
	}
	gifPal := g.Image[0].Palette // padded to a power of two
	if len(first.Palette) > len(gifPal) || !slices.Equal(first.Palette, gifPal[:len(first.Palette)]) || !near(first.At(1, 1), view.Dark.Background) {
		t.Errorf("thumbnail palette of %d colours, not the GIF's; corner %v", len(first.Palette), first.At(1, 1))
	}

	x = NewGIFExport(mustRecord(t, s, live.Range{From: 2, To: 3.5, FPS: 10, Width: 640}))
	x.KeepPreview(widgets.PreviewW, widgets.PreviewH)
	x.Work(0)
	x.Cancel()
	if x.Preview() != nil {
		t.Error("a cancelled GIF has a preview")
	}
	x = NewGIFExport(mustRecord(t, s, live.Range{From: 2, To: 2.5}))
	for !x.Work(time.Second) {
	}
	if x.Bytes() == nil || x.Preview() != nil {
		t.Errorf("a GIF without KeepPreview: %d bytes, preview %v", len(x.Bytes()), x.Preview())
	}
}

func mustRecord(t *testing.T, s *live.Session, rg live.Range) *live.Recording {
	t.Helper()
	rec, err := s.Export().Record(rg)
	if err != nil {
		t.Fatal(err)
	}
	return rec
}

// Every theme colour maps to itself; a blend maps to a near colour.
func TestQuantizer(t *testing.T) {
	pal := basePalette(view.Dark)
	if len(pal) > 256 || len(pal) < 200 {
		t.Fatalf("%d colours", len(pal))
	}
	q := newQuantizer(pal)
	grounds, inks := themeColors(view.Dark)
	for _, c := range append(grounds, inks...) {
		dst := []byte{0}
		q.index([]byte{c.R, c.G, c.B, 0xFF}, dst)
		if pal[dst[0]] != c {
			t.Errorf("%v maps to %v", c, pal[dst[0]])
		}
	}
	for _, c := range []color.RGBA{view.Mix(view.Dark.Background, view.Dark.Ink, 0.33), view.Mix(view.Dark.Panel, view.Orange, 0.6)} {
		if _, d := q.nearest(rgbKey([]byte{c.R, c.G, c.B})); d > 3*12*12 {
			t.Errorf("%v is %d away from the palette", c, d)
		}
	}
	// A frame's own common colours far from the base join the palette.
	pix := bytes.Repeat([]byte{0x80, 0x00, 0xFF, 0xFF}, 100)
	fp := framePalette(view.Dark, pix)
	if got := fp[len(fp)-1]; got != (color.RGBA{0x80, 0x00, 0xFF, 0xFF}) {
		t.Errorf("the frame's colour was not added: last entry %v", got)
	}
}

func TestChanged(t *testing.T) {
	a := image.NewPaletted(image.Rect(0, 0, 10, 8), color.Palette{color.Black, color.White})
	b := image.NewPaletted(a.Rect, a.Palette)
	if r := changed(a, b); r != image.Rect(0, 0, 1, 1) {
		t.Errorf("no change: %v", r)
	}
	b.SetColorIndex(3, 2, 1)
	b.SetColorIndex(7, 5, 1)
	if r := changed(a, b); r != image.Rect(3, 2, 8, 6) {
		t.Errorf("changed %v, want (3,2)-(8,6)", r)
	}
}

// A lesson's GIF holds each step 2 s: the comments count the steps, and
// the frames of one step differ from those of the next.
func TestLessonGIF(t *testing.T) {
	s, err := live.Open(live.Link{Lesson: "revisions", Step: 2})
	if err != nil {
		t.Fatal(err)
	}
	b := exportGIF(t, s, live.Range{From: 1, To: 2, FPS: 2, Width: 640})
	g, err := gif.DecodeAll(bytes.NewReader(b))
	if err != nil {
		t.Fatal(err)
	}
	caps := gifComments(t, b)
	if len(g.Image) != 8 || len(caps) != 8 {
		t.Fatalf("%d frames, %d comments; want 8", len(g.Image), len(caps))
	}
	for i, c := range caps {
		if want := fmt.Sprintf("lesson revisions step %d/", 1+i/4); !strings.Contains(c, want) {
			t.Errorf("frame %d: %q, want %q", i, c, want)
		}
	}
	if r := g.Image[4].Rect; r.Dx()*r.Dy() < 640*360/20 {
		t.Errorf("the next step changed only %v of the frame", r)
	}
	if dir := os.Getenv("WS_SHOTS"); dir != "" {
		os.WriteFile(filepath.Join(dir, "export-lesson.gif"), b, 0o644)
	}
}
