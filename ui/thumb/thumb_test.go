package thumb

import (
	"image"
	"image/color"
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

// frame is a w x h black picture with pixel (i%w, 0) white, as RGBA
// bytes, the alpha below 255 (as pixels read back from a screen may be).
func frame(w, h, i int) []byte {
	pix := make([]byte, 4*w*h)
	for p := 3; p < len(pix); p += 4 {
		pix[p] = 0x80
	}
	copy(pix[4*(i%w):], []byte{255, 255, 255, 255})
	return pix
}

// sample hands n frames of w x h to a sampler, frame i shown for
// delays[i%len] hundredths of a second, and returns its preview.
func sample(w, h, n, boxW, boxH int, delays ...int) *Thumb {
	s := NewSampler(w, h, n, boxW, boxH)
	for i := range n {
		s.Add(frame(w, h, i), time.Duration(delays[i%len(delays)])*10*time.Millisecond)
	}
	return s.Thumb()
}

func TestGIFFramesAndDelays(t *testing.T) {
	th := sample(64, 36, 12, 32, 32, 10, 20)
	if th.Count != 12 || len(th.Frames) != 12 || th.W != 64 || th.H != 36 {
		t.Fatalf("count %d, frames %d, %dx%d; want 12, 12, 64x36", th.Count, len(th.Frames), th.W, th.H)
	}
	if w := th.Words(); w != "GIF, 12 frames, 64×36" {
		t.Errorf("words %q", w)
	}
	for i, f := range th.Frames {
		if f.Bounds() != image.Rect(0, 0, 32, 18) {
			t.Fatalf("frame %d is %v; want 32x18", i, f.Bounds())
		}
		want := []time.Duration{100 * time.Millisecond, 200 * time.Millisecond}[i%2]
		if th.Delays[i] != want {
			t.Errorf("frame %d delay %v; want %v", i, th.Delays[i], want)
		}
	}
	// Frame 5 lit source pixel (5, 0): thumbnail pixel (2, 0), a quarter
	// of its 2x2 box white; frame 0 is all black there. Every pixel is
	// opaque.
	if got := rgbaAt(th.Frames[5], 2, 0); got.R < 60 || got.R > 70 || got.A != 255 {
		t.Errorf("frame 5 pixel (2,0) %v; want a quarter white (64), opaque", got)
	}
	if got := rgbaAt(th.Frames[0], 2, 0); got.R != 0 || got.A != 255 {
		t.Errorf("frame 0 pixel (2,0) %v; want opaque black", got)
	}
}

// A GIF longer than MaxFrames keeps MaxFrames, evenly spaced, and the
// loop lasts as long as the GIF's.
func TestGIFBounded(t *testing.T) {
	const n = 600
	th := sample(200, 100, n, 40, 40, 3, 4) // 30 fps: 30 ms, 40 ms, ...
	if th.Count != n || len(th.Frames) != MaxFrames || len(th.Delays) != MaxFrames {
		t.Fatalf("count %d, kept %d frames and %d delays; want %d, %d", th.Count, len(th.Frames), len(th.Delays), n, MaxFrames)
	}
	var total time.Duration
	for i, d := range th.Delays {
		total += d
		if d != 350*time.Millisecond { // ten frames: five of 30 ms, five of 40
			t.Errorf("kept frame %d lasts %v; want 350ms", i, d)
		}
	}
	if total != n/2*70*time.Millisecond {
		t.Errorf("loop %v; want %v", total, n/2*70*time.Millisecond)
	}
	if b := th.Frames[0].Bounds(); b.Dx() != 40 || b.Dy() != 20 {
		t.Errorf("frame size %v; want 40x20", b)
	}
	// Kept frame k is source frame 10k: its lit pixel is at x = 10k % 200.
	if x := 10 * 7 % 200 / 5; rgbaAt(th.Frames[7], x, 0).R == 0 {
		t.Errorf("kept frame 7 is dark at (%d, 0): not source frame 70", x)
	}
}

// Shares are as even as whole frames allow: n frames over k kept ones
// give each kept frame n/k or n/k+1 of them, and frames beyond the
// announced count are left out.
func TestGIFShares(t *testing.T) {
	for _, n := range []int{1, 59, 60, 61, 119, 121, 599} {
		th := sample(8, 8, n, 8, 8, 1)
		if want := min(n, MaxFrames); len(th.Frames) != want {
			t.Errorf("%d frames: kept %d, want %d", n, len(th.Frames), want)
		}
		lo, hi := n/len(th.Frames), (n+len(th.Frames)-1)/len(th.Frames)
		for i, d := range th.Delays {
			if f := int(d / (10 * time.Millisecond)); f < lo || f > hi {
				t.Errorf("%d frames: kept frame %d stands for %d, want %d to %d", n, i, f, lo, hi)
			}
		}
	}
	s := NewSampler(8, 8, 2, 8, 8)
	for range 3 {
		s.Add(frame(8, 8, 0), time.Second)
	}
	if th := s.Thumb(); len(th.Frames) != 2 || th.Delays[1] != time.Second {
		t.Errorf("a third frame of two changed the preview: %d frames, delays %v", len(th.Frames), th.Delays)
	}
}

func TestStill(t *testing.T) {
	img := image.NewRGBA(image.Rect(0, 0, 100, 50))
	for x := range 50 {
		for y := range 50 {
			img.Set(x, y, color.White)
		}
	}
	th := Still(img, 40, 40)
	if th.Count != 1 || len(th.Frames) != 1 || th.Frames[0].Bounds() != image.Rect(0, 0, 40, 20) {
		t.Fatalf("got %d frames of %v; want one of 40x20", len(th.Frames), th.Frames[0].Bounds())
	}
	if w := th.Words(); w != "PNG, 100×50" {
		t.Errorf("words %q", w)
	}
	if l, r := rgbaAt(th.Frames[0], 5, 5), rgbaAt(th.Frames[0], 35, 5); l.R != 255 || r.R != 0 || r.A != 255 {
		t.Errorf("left %v right %v; want white and opaque black", l, r)
	}
}

func rgbaAt(img image.Image, x, y int) color.RGBA {
	return color.RGBAModel.Convert(img.At(x, y)).(color.RGBA)
}

// With Quantize set, the kept thumbnails are paletted, each its own
// (the RGBA handed to Quantize is reused), with the same delays.
func TestGIFQuantized(t *testing.T) {
	pal := color.Palette{color.Black, color.White}
	s := NewSampler(64, 36, 120, 32, 32)
	s.Quantize = func(img *image.RGBA) *image.Paletted {
		p := image.NewPaletted(img.Rect, pal)
		for i := range p.Pix {
			if img.Pix[4*i] >= 32 {
				p.Pix[i] = 1
			}
		}
		return p
	}
	for i := range 120 {
		s.Add(frame(64, 36, i), 100*time.Millisecond)
	}
	th := s.Thumb()
	if len(th.Frames) != MaxFrames || th.Delays[0] != 200*time.Millisecond {
		t.Fatalf("kept %d frames, the first for %v; want %d, 200ms", len(th.Frames), th.Delays[0], MaxFrames)
	}
	for k, f := range th.Frames {
		p, ok := f.(*image.Paletted)
		if !ok || p.Bounds() != image.Rect(0, 0, 32, 18) {
			t.Fatalf("kept frame %d is %T %v; want a 32x18 paletted image", k, f, f.Bounds())
		}
		// Kept frame k is source frame 2k, lit at x = 2k % 64: a quarter
		// of thumbnail pixel ((2k % 64) / 2, 0), nowhere else on that row.
		for x := range 32 {
			if lit, want := p.Pix[x] == 1, x == 2*k%64/2; lit != want {
				t.Fatalf("kept frame %d pixel (%d, 0) lit %v; want %v", k, x, lit, want)
			}
		}
	}
}
