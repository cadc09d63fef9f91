//go:build e2e

// Package e2e loads the real browser app in headless Chromium and drives
// it through window.watchscope, as a trainer's page or a lesson would.
//
//	go test -tags e2e ./web/e2e                     (needs /usr/bin/chromium)
//	E2E_SHOTS=/tmp/shots go test -tags e2e ./web/e2e -v
//
// Chromium renders Ebiten's WebGL2 with SwiftShader (software): headless
// hosts have no GPU, and Chrome no longer falls back to SwiftShader by
// itself. Never pass --disable-gpu: it turns WebGL off.
package e2e

import (
	"context"
	"encoding/json"
	"fmt"
	"net/http/httptest"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/chromedp/chromedp"

	"watchscope/web"
)

const chromium = "/usr/bin/chromium"

// state mirrors the JSON of watchscope.state().
type state struct {
	Tick            int64 `json:"tick"`
	TimeMs          int64 `json:"timeMs"`
	Revision        int64 `json:"revision"`
	CompactRevision int64 `json:"compactRevision"`
	Keys            int   `json:"keys"`
	Paused          bool  `json:"paused"`
	Events          []struct {
		Rev  int64  `json:"rev"`
		Type string `json:"type"`
		Key  string `json:"key"`
	} `json:"events"`
	Log []struct {
		Cmd   string `json:"cmd"`
		Out   string `json:"out"`
		Error bool   `json:"error"`
	} `json:"log"`
}

// The app is built once for the whole package (web/build.sh into a
// temporary folder) and removed when the tests end.
var (
	siteOnce sync.Once
	siteDir  string
	siteErr  error
)

func TestMain(m *testing.M) {
	code := m.Run()
	if siteDir != "" {
		os.RemoveAll(siteDir)
	}
	os.Exit(code)
}

// stage serves the built app, opens a fresh browser at w x h and loads
// path ("/?lesson=gone-410") until the app has drawn; it returns the
// browser, its console log and the server's URL (both end with the test).
func stage(t *testing.T, w, h int64, path string) (context.Context, *consoleLog, string) {
	t.Helper()
	srv := httptest.NewServer(web.Handler(buildSite(t)))
	t.Cleanup(srv.Close)
	ctx := browser(t)
	cons := watchConsole(ctx)
	do(t, ctx, chromedp.EmulateViewport(w, h))
	open(t, ctx, srv.URL+path)
	return ctx, cons, srv.URL
}

// buildSite returns the folder of the built app.
func buildSite(t *testing.T) string {
	t.Helper()
	if dir := os.Getenv("WS_E2E_SITE"); dir != "" {
		return dir // a site built before (web/build.sh DIR): quicker runs while working on one test
	}
	siteOnce.Do(func() {
		siteDir, siteErr = os.MkdirTemp("", "watchscope-e2e-")
		if siteErr != nil {
			return
		}
		script, err := filepath.Abs("../build.sh")
		if err != nil {
			siteErr = err
			return
		}
		cmd := exec.Command(script, siteDir) // as make wasm builds it: TestPageBudgets measures it
		start := time.Now()
		if out, err := cmd.CombinedOutput(); err != nil {
			siteErr = fmt.Errorf("web/build.sh: %v\n%s", err, out)
			return
		}
		fmt.Printf("built the app in %v\n", time.Since(start).Round(time.Millisecond))
	})
	if siteErr != nil {
		t.Fatal(siteErr)
	}
	return siteDir
}

// browser starts headless Chromium and returns its context; it ends
// with the test.
func browser(t *testing.T) context.Context {
	t.Helper()
	ctx, cancel := launch(t)
	t.Cleanup(cancel)
	return ctx
}

// launch starts headless Chromium with a fresh profile (nothing cached)
// and returns its context and the function that ends it, for a test
// that starts several browsers one after another (TestPageBudgets).
func launch(t *testing.T) (context.Context, func()) {
	t.Helper()
	if _, err := os.Stat(chromium); err != nil {
		// make e2e (and so make test) sets WS_E2E_BROWSER=required: there
		// a missing browser fails the suite, never passes it untested.
		if os.Getenv("WS_E2E_BROWSER") == "required" {
			t.Fatalf("no %s, and make e2e runs the browser tests (apt-get install chromium)", chromium)
		}
		t.Skipf("no %s (apt-get install chromium)", chromium)
	}
	profile, err := os.MkdirTemp("", "watchscope-chromium-")
	if err != nil {
		t.Fatal(err)
	}
	opts := append(chromedp.DefaultExecAllocatorOptions[:],
		chromedp.ExecPath(chromium),
		chromedp.Flag("use-angle", "swiftshader"),
		chromedp.Flag("enable-unsafe-swiftshader", true),
		chromedp.Flag("ignore-gpu-blocklist", true),
		chromedp.Flag("disable-component-update", true),
		chromedp.Flag("disable-quic", true),
		chromedp.Flag("hide-scrollbars", true),
		chromedp.WindowSize(1920, 1080),
		chromedp.UserDataDir(profile),
	)
	actx, cancelAlloc := chromedp.NewExecAllocator(context.Background(), opts...)
	ctx, cancel := chromedp.NewContext(actx)
	return ctx, func() { cancel(); cancelAlloc(); os.RemoveAll(profile) }
}

// consoleLog collects everything the page writes to the console.
type consoleLog struct {
	mu   sync.Mutex
	msgs []chromedp.ConsoleMessage
}

func watchConsole(ctx context.Context) *consoleLog {
	c := &consoleLog{}
	msgs := chromedp.Console(ctx)
	go func() {
		for m, err := range msgs {
			if err != nil {
				return
			}
			c.mu.Lock()
			c.msgs = append(c.msgs, m)
			c.mu.Unlock()
		}
	}()
	return c
}

// failures are the errors and exceptions seen so far.
func (c *consoleLog) failures() []string {
	c.mu.Lock()
	defer c.mu.Unlock()
	var out []string
	for _, m := range c.msgs {
		if m.Type == chromedp.ConsoleError || m.IsException() || strings.Contains(m.Text, "panic:") {
			out = append(out, m.String())
		}
	}
	return out
}

func run[T any](t *testing.T, ctx context.Context, a chromedp.Action[T]) T {
	t.Helper()
	v, err := chromedp.Run(ctx, a)
	if err != nil {
		t.Fatal(err)
	}
	return v
}

func do(t *testing.T, ctx context.Context, steps ...chromedp.Action[chromedp.Void]) {
	t.Helper()
	if err := chromedp.Do(ctx, steps...); err != nil {
		t.Fatal(err)
	}
}

func getState(t *testing.T, ctx context.Context) state {
	t.Helper()
	raw := run(t, ctx, chromedp.Evaluate[string](`window.watchscope.state()`))
	var s state
	if err := json.Unmarshal([]byte(raw), &s); err != nil {
		t.Fatalf("state() is not JSON: %v\n%s", err, raw)
	}
	return s
}

// send queues one console command through the page API.
func send(t *testing.T, ctx context.Context, cmd string) {
	t.Helper()
	js, _ := json.Marshal(cmd)
	if !run(t, ctx, chromedp.Evaluate[bool](fmt.Sprintf(`window.watchscope.send(%s)`, js))) {
		t.Fatalf("send(%s) refused", js)
	}
}

// waitFor polls the page until the JavaScript predicate holds.
func waitFor(t *testing.T, ctx context.Context, pred string, timeout time.Duration) {
	t.Helper()
	if _, err := chromedp.Run(ctx, chromedp.Poll[chromedp.Void](pred,
		chromedp.WithPollingInterval(50*time.Millisecond), chromedp.WithPollingTimeout(timeout))); err != nil {
		t.Fatalf("waiting for %s: %v", pred, err)
	}
}

func shotsDir(t *testing.T) string {
	if d := os.Getenv("E2E_SHOTS"); d != "" {
		if err := os.MkdirAll(d, 0o755); err != nil {
			t.Fatal(err)
		}
		return d
	}
	return t.TempDir()
}

func screenshot(t *testing.T, ctx context.Context, dir, name string) {
	t.Helper()
	png := run(t, ctx, chromedp.CaptureScreenshot())
	p := filepath.Join(dir, name)
	if err := os.WriteFile(p, png, 0o644); err != nil {
		t.Fatal(err)
	}
	t.Logf("screenshot %s (%d bytes)", p, len(png))
}
