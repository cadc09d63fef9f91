package thumb

import (
	"bytes"
	"image"
	"image/color"
	"image/gif"
	"image/png"
	"testing"
	"time"
)

func TestFit(t *testing.T) {
	for _, c := range []struct{ w, h, bw, bh, ww, wh int }{
		{1920, 1080, 448, 252, 448, 252}, // 16:9 into 16:9
		{3840, 2160, 448, 252, 448, 252},
		{1080, 1920, 448, 252, 142, 252}, // tall: the height fills the box
		{1000, 100, 448, 252, 448, 45},   // wide
		{320, 180, 448, 252, 320, 180},   // small: never enlarged
		{5000, 1, 448, 252, 448, 1},      // never thinner than a pixel
		{0, 10, 448, 252, 1, 1},
	} {
		w, h := Fit(c.w, c.h, c.bw, c.bh)
		if w != c.ww || h != c.wh {
			t.Errorf("Fit(%d, %d in %dx%d) = %dx%d; want %dx%d", c.w, c.h, c.bw, c.bh, w, h, c.ww, c.wh)
		}
	}
}

// testGIF is a w x h GIF of n frames: frame i a white square at x = i on
// black, drawn as a sub-rectangle over the first frame, delays[i%len].
func testGIF(t *testing.T, w, h, n int, delays ...int) []byte {
	pal := color.Palette{color.Black, color.White}
	g := &gif.GIF{}
	for i := range n {
		r := image.Rect(0, 0, w, h)
		if i > 0 {
			r = image.Rect(0, 0, min(w, i+2), min(h, 2))
		}
		p := image.NewPaletted(r, pal)
		if i > 0 {
			p.SetColorIndex(i%w, 0, 1)
		}
		g.Image = append(g.Image, p)
		g.Delay = append(g.Delay, delays[i%len(delays)])
	}
	var b bytes.Buffer
	if err := gif.EncodeAll(&b, g); err != nil {
		t.Fatal(err)
	}
	return b.Bytes()
}

func TestGIFFramesAndDelays(t *testing.T) {
	th, err := Decode(testGIF(t, 64, 36, 12, 10, 20), "GIF", 32, 32)
	if err != nil {
		t.Fatal(err)
	}
	if th.Count != 12 || len(th.Frames) != 12 || th.W != 64 || th.H != 36 {
		t.Fatalf("count %d, frames %d, %dx%d; want 12, 12, 64x36", th.Count, len(th.Frames), th.W, th.H)
	}
	if w := th.Words(); w != "GIF, 12 frames, 64×36" {
		t.Errorf("words %q", w)
	}
	for i, f := range th.Frames {
		if f.Rect.Dx() != 32 || f.Rect.Dy() != 18 {
			t.Fatalf("frame %d is %v; want 32x18", i, f.Rect)
		}
		want := []time.Duration{100 * time.Millisecond, 200 * time.Millisecond}[i%2]
		if th.Delays[i] != want {
			t.Errorf("frame %d delay %v; want %v", i, th.Delays[i], want)
		}
	}
	// Frame 5 lit source pixel (5, 0): thumbnail pixel (2, 0), a quarter
	// of its 2x2 box white; frame 0 is all black there.
	if got := th.Frames[5].RGBAAt(2, 0).R; got < 60 || got > 70 {
		t.Errorf("frame 5 pixel (2,0) red %d; want a quarter white (64)", got)
	}
	if got := th.Frames[0].RGBAAt(2, 0).R; got != 0 {
		t.Errorf("frame 0 pixel (2,0) red %d; want black", got)
	}
}

// A GIF longer than MaxFrames keeps MaxFrames, and the loop lasts as long.
func TestGIFBounded(t *testing.T) {
	const n = 600
	th, err := Decode(testGIF(t, 200, 100, n, 10), "GIF", 40, 40)
	if err != nil {
		t.Fatal(err)
	}
	if th.Count != n || len(th.Frames) != MaxFrames {
		t.Fatalf("count %d, kept %d; want %d, %d", th.Count, len(th.Frames), n, MaxFrames)
	}
	var total time.Duration
	for _, d := range th.Delays {
		total += d
	}
	if total != n*100*time.Millisecond {
		t.Errorf("loop %v; want %v", total, n*100*time.Millisecond)
	}
	if b := th.Frames[0].Rect; b.Dx() != 40 || b.Dy() != 20 {
		t.Errorf("frame size %v; want 40x20", b)
	}
}

func TestPNG(t *testing.T) {
	img := image.NewRGBA(image.Rect(0, 0, 100, 50))
	for x := range 50 {
		for y := range 50 {
			img.Set(x, y, color.White)
		}
	}
	var b bytes.Buffer
	if err := png.Encode(&b, img); err != nil {
		t.Fatal(err)
	}
	th, err := Decode(b.Bytes(), "PNG", 40, 40)
	if err != nil {
		t.Fatal(err)
	}
	if th.Count != 1 || len(th.Frames) != 1 || th.Frames[0].Rect.Dx() != 40 || th.Frames[0].Rect.Dy() != 20 {
		t.Fatalf("got %d frames of %v; want one of 40x20", len(th.Frames), th.Frames[0].Rect)
	}
	if w := th.Words(); w != "PNG, 100×50" {
		t.Errorf("words %q", w)
	}
	if l, r := th.Frames[0].RGBAAt(5, 5).R, th.Frames[0].RGBAAt(35, 5).R; l != 255 || r != 0 {
		t.Errorf("left %d right %d; want 255 and 0", l, r)
	}
}

func TestBadFiles(t *testing.T) {
	good := testGIF(t, 8, 8, 3, 10)
	for _, c := range []struct {
		name string
		b    []byte
		kind string
	}{
		{"empty", nil, "GIF"},
		{"not a GIF", []byte("PNG89a......."), "GIF"},
		{"cut", good[:len(good)-5], "GIF"},
		{"no trailer", good[:len(good)-1], "GIF"},
		{"bad PNG", []byte("\x89PNG"), "PNG"},
		{"kind", good, "JPEG"},
	} {
		if _, err := Decode(c.b, c.kind, 10, 10); err == nil {
			t.Errorf("%s: no error", c.name)
		}
	}
}

// FuzzDecode: no input makes the decoder panic or keep too many frames.
func FuzzDecode(f *testing.F) {
	f.Add(testGIF(&testing.T{}, 8, 6, 3, 10))
	f.Fuzz(func(t *testing.T, b []byte) {
		if len(b) >= 10 && int(b[6])|int(b[7])<<8 > 2000 || len(b) >= 10 && int(b[8])|int(b[9])<<8 > 2000 {
			return // a canvas too large for a fuzz run
		}
		th, err := Decode(b, "GIF", 16, 16)
		if err == nil && (len(th.Frames) > MaxFrames || len(th.Frames) != len(th.Delays)) {
			t.Fatalf("%d frames, %d delays", len(th.Frames), len(th.Delays))
		}
	})
}
