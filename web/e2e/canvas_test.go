//go:build e2e

package e2e

import (
	"fmt"
	"testing"
	"time"

	"github.com/chromedp/chromedp"

	"watchscope/internal/budget"
)

// TestCanvasBackingCap: the stage never draws on more than a 1920x1080
// display's worth of pixels (ui.MaxBackingPixels; issue 19: Chromium here
// draws WebGL on the CPU, and drawing a 3840x2160 stage made a frame take
// seconds): above it, its screen image keeps the window's aspect and
// Ebiten scales it onto the canvas; below it the stage renders every
// device pixel (1920x1080 and 1280x720 stay sharp). Each size's picture
// is kept in both themes (E2E_SHOTS=DIR).
func TestCanvasBackingCap(t *testing.T) {
	ctx, cons, _ := stage(t, 1280, 720, "/?lesson=gone-410&step=5")
	dir := shotsDir(t)
	for _, c := range []struct{ w, h, bw, bh int64 }{
		{1280, 720, 1280, 720},
		{1920, 1080, 1920, 1080},
		{3840, 2160, 1920, 1080},
		{2560, 1080, 2217, 935},
	} {
		do(t, ctx, chromedp.EmulateViewport(c.w, c.h))
		want := fmt.Sprintf(`(() => { const s = JSON.parse(window.watchscope.stats()).screen; return s[0] === %d && s[1] === %d; })()`, c.bw, c.bh)
		waitFor(t, ctx, want, 60*time.Second)
		for _, theme := range []string{"dark", "projector"} {
			send(t, ctx, "theme "+theme)
			time.Sleep(1500 * time.Millisecond) // a frame in the new theme, at software GL's pace
			screenshot(t, ctx, dir, fmt.Sprintf("canvas-%dx%d-%s.png", c.w, c.h, theme))
		}
		pace := budget.Pace()
		start := time.Now()
		getState(t, ctx)
		if d := time.Since(start); d > stateAnswerPaces*pace {
			t.Errorf("%dx%d: state() took %v, over %d paces of this machine (%v)", c.w, c.h, d.Round(time.Millisecond), stateAnswerPaces, (stateAnswerPaces * pace).Round(time.Millisecond))
		}
	}
	if f := cons.failures(); len(f) > 0 {
		t.Errorf("console errors: %v", f)
	}
}
