package ui

import "testing"

// TestBackingSize: the screen image is the window's device pixels up to
// a 1920x1080 display's worth, then the largest of the window's aspect
// that fits (issue 19: a 3840x2160 window must not make software GL draw
// 8.3 million pixels a frame).
func TestBackingSize(t *testing.T) {
	for _, c := range []struct {
		w, h, scale float64
		bw, bh      float64
	}{
		{1280, 720, 1, 1280, 720},   // every device pixel
		{1920, 1080, 1, 1920, 1080}, // exactly the cap: still sharp
		{1280, 720, 1.5, 1920, 1080},
		{320, 240, 2, 640, 480},
		{3840, 2160, 1, 1920, 1080}, // 4K: half each way, the browser scales up
		{1920, 1080, 2, 1920, 1080},
		{2560, 1080, 1, 2217, 935}, // a wide window keeps its aspect
		{1000, 3000, 1, 831, 2494},
		{1366, 768, 1.25, 1708, 960},
	} {
		bw, bh := BackingSize(c.w, c.h, c.scale)
		if bw != c.bw || bh != c.bh {
			t.Errorf("%gx%g at %g: backing %gx%g, want %gx%g", c.w, c.h, c.scale, bw, bh, c.bw, c.bh)
		}
		if bw*bh > MaxBackingPixels {
			t.Errorf("%gx%g at %g: %g pixels, over the cap", c.w, c.h, c.scale, bw*bh)
		}
	}
}
