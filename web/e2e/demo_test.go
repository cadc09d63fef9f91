//go:build e2e

package e2e

import (
	"net/http/httptest"
	"testing"
	"time"

	"github.com/chromedp/chromedp"

	"watchscope/web"
)

// TestDemoPlays loads the page as `make serve` shows it (the idle demo
// script on), fast-forwarded, and checks that the script writes, deletes
// and compacts without a single failed command.
func TestDemoPlays(t *testing.T) {
	srv := httptest.NewServer(web.Handler(buildSite(t)))
	defer srv.Close()
	ctx := browser(t)
	cons := watchConsole(ctx)
	do(t, ctx, chromedp.EmulateViewport(1920, 1080), chromedp.Navigate(srv.URL+"/?speed=6&nodes=0"))
	waitFor(t, ctx, `window.watchscope && window.watchscope.ready === true`, 120*time.Second)
	waitFor(t, ctx, `(() => { const s = JSON.parse(window.watchscope.state());
		return s.revision >= 25 && s.compactRevision > 0; })()`, 180*time.Second)
	s := getState(t, ctx)
	for _, l := range s.Log {
		if l.Error {
			t.Errorf("demo command %q failed: %s", l.Cmd, l.Out)
		}
	}
	// At 6x a revision arrives every ~170 ms, faster than a slide ends,
	// so the stage never settles: the shot shows it in motion.
	screenshot(t, ctx, shotsDir(t), "demo-1920.png")
	if f := cons.failures(); len(f) > 0 {
		t.Fatalf("console errors:\n%v", f)
	}
}
