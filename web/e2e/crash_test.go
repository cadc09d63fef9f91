//go:build e2e

package e2e

import (
	"context"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"

	"watchscope/web"
)

// stoppedScreen is what the crash screen (web/loader.js) shows.
type stoppedScreen struct {
	Title, Why, Link string
	Buttons          []string
	Focus            string
}

func readStopped(t *testing.T, ctx context.Context) stoppedScreen {
	t.Helper()
	waitFor(t, ctx, `document.getElementById('stopped') !== null`, 60*time.Second)
	var s stoppedScreen
	decode(t, run(t, ctx, chromedp.Evaluate[string](`JSON.stringify((() => { const el = document.getElementById('stopped');
		return { Title: el.querySelector('h2').textContent, Why: el.querySelector('.why').textContent,
			Link: el.querySelector('.link').value, Buttons: [...el.querySelectorAll('button')].map(b => b.textContent),
			Focus: document.activeElement ? document.activeElement.textContent : '' }; })())`)), &s)
	if len(s.Buttons) == 0 || !strings.HasPrefix(s.Buttons[0], "Reload") || s.Focus != s.Buttons[0] {
		t.Errorf("crash screen buttons %q, focus on %q: want Reload first and focused", s.Buttons, s.Focus)
	}
	return s
}

// TestCrashKeepsTheMoment crashes the running app as real faults would (a
// panic in the stage's update; running out of wasm memory) after a
// trainer's setup, through the #test-hooks hook, and checks the screen
// says what happened and links to the moment: reloading it brings back
// the same world, trace hash and all.
func TestCrashKeepsTheMoment(t *testing.T) {
	for _, c := range []struct{ kind, why string }{
		{"panic", "The app hit a bug and stopped: panic: crash test: a panic in the stage's update"},
		{"oom", "The app ran out of memory."},
	} {
		t.Run(c.kind, func(t *testing.T) {
			ctx, _, base := stage(t, 1280, 720, "/?demo=off&nodes=0&theme=projector#test-hooks")
			for _, cmd := range []string{"etcdctl put /trainer/setup ready", "sim advance 3s", "kubectl create namespace class", "pause"} {
				send(t, ctx, cmd)
			}
			waitFor(t, ctx, `JSON.parse(window.watchscope.state()).paused && JSON.parse(window.watchscope.state()).log.length >= 3 &&
				window.watchscope.moment === JSON.parse(window.watchscope.state()).share.query`, 30*time.Second)
			st := getState(t, ctx)
			moment := run(t, ctx, chromedp.Evaluate[string](`window.watchscope.moment`))
			hash := run(t, ctx, chromedp.Evaluate[string](`JSON.parse(window.watchscope.state()).share.hash`))
			if !run(t, ctx, chromedp.Evaluate[bool](`window.watchscope.crashTest(`+"'"+c.kind+"'"+`)`)) {
				t.Fatal("crashTest refused")
			}
			s := readStopped(t, ctx)
			screenshot(t, ctx, shotsDir(t), "crash-"+c.kind+"-1280.png")
			if s.Title != "WatchScope stopped" || s.Why != c.why {
				t.Errorf("crash screen %q / %q, want WatchScope stopped / %q", s.Title, s.Why, c.why)
			}
			if want := base + "/" + moment; s.Link != want {
				t.Fatalf("crash screen links to %q, want the moment %q", s.Link, want)
			}
			do(t, ctx, chromedp.Click(`#stopped .reload`))
			reloaded(t, ctx, 120*time.Second)
			again := getState(t, ctx)
			got := run(t, ctx, chromedp.Evaluate[string](`JSON.parse(window.watchscope.state()).share.hash`))
			if got != hash || again.Revision != st.Revision {
				t.Errorf("reloaded at trace %s rev %d, want the moment's %s rev %d", got, again.Revision, hash, st.Revision)
			}
		})
	}
}

// reloaded waits for the page that a navigation brings to draw.
func reloaded(t *testing.T, ctx context.Context, timeout time.Duration) {
	t.Helper()
	for start := time.Now(); time.Since(start) < timeout; time.Sleep(200 * time.Millisecond) {
		ok, err := chromedp.Run(ctx, chromedp.Evaluate[bool](`!document.getElementById('stopped') && !!window.watchscope &&
			window.watchscope.ready === true && !!JSON.parse(window.watchscope.state()).share && !JSON.parse(window.watchscope.state()).busy`))
		if err == nil && ok {
			return
		}
	}
	t.Fatalf("the reloaded page did not draw within %v", timeout)
}

// TestFailedLoadShowsTheLink serves the site without app.wasm (404) and
// with a corrupt one: the page says it could not start and why, and keeps
// the deep link it was opened with.
func TestFailedLoadShowsTheLink(t *testing.T) {
	site := buildSite(t)
	for _, c := range []struct{ name, wasm, why string }{
		{"missing", "", "app.wasm: HTTP 404"},
		{"corrupt", "this is not WebAssembly", "WebAssembly"},
	} {
		t.Run(c.name, func(t *testing.T) {
			dir := t.TempDir()
			entries, err := os.ReadDir(site)
			if err != nil {
				t.Fatal(err)
			}
			for _, e := range entries {
				if !strings.HasPrefix(e.Name(), "app.wasm") {
					if err := os.Symlink(filepath.Join(site, e.Name()), filepath.Join(dir, e.Name())); err != nil {
						t.Fatal(err)
					}
				}
			}
			if c.wasm != "" {
				if err := os.WriteFile(filepath.Join(dir, "app.wasm"), []byte(c.wasm), 0o644); err != nil {
					t.Fatal(err)
				}
			}
			srv := httptest.NewServer(web.Handler(dir))
			defer srv.Close()
			ctx := browser(t)
			do(t, ctx, chromedp.EmulateViewport(1920, 1080))
			url := srv.URL + "/?lesson=gone-410&step=2&theme=projector"
			do(t, ctx, chromedp.Navigate(url))
			s := readStopped(t, ctx)
			screenshot(t, ctx, shotsDir(t), "load-"+c.name+"-1920.png")
			if s.Title != "WatchScope could not start" || !strings.HasPrefix(s.Why, c.why) || s.Link != url {
				t.Errorf("screen %q / %q / %q, want WatchScope could not start / %s... / %s", s.Title, s.Why, s.Link, c.why, url)
			}
		})
	}
}
