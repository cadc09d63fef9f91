//go:build e2e

package e2e

import (
	"context"
	"fmt"
	"net"
	"net/http"
	"net/http/httptest"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/chromedp/cdproto/network"
	"github.com/chromedp/chromedp"

	"watchscope/internal/budget"
	"watchscope/web"
)

// The page's load budgets (issues 14 and 25), measured in the real browser
// from a fresh profile (nothing cached) on 127.0.0.1:
//
//	transfer     every byte the page fetched until its first frame, as
//	             the browser counts them (Resource Timing's transferSize:
//	             compressed bodies plus headers): at most web/dist.sh's
//	             BUDGET_BYTES (4.0 MB). Bytes do not depend on load: a hard
//	             assertion.
//	first frame  navigation start to the first frame drawn with the world
//	             running (watchscope.readyAt), as a ratio: the page's
//	             median over three loads at most firstFrameRatio times the
//	             median of the smallest Ebiten program's (testdata/baseline),
//	             built and served the same way and loaded in turn with the
//	             page in the same run. The absolute figure (1.0 s on a
//	             quiet two-core machine) is reported for `make bench`.
//
// The site is built as `make wasm` builds it (buildSite), brotli 11, and
// measured served by the tests' own server, by `go run . serve` as `make
// serve` serves it, and by the tests' server again with two CPU-bound
// processes running beside the browser (issue 25: the suite must pass on
// a busy machine).
const (
	// firstFrameRatio: the ratio measured 1.2-2.0 at a load average of
	// 9 (six engineers building beside the test), the busy-machine case
	// included. Both pages pay Ebiten's own start (its built-in shaders
	// are compiled in a package init: 0.8 s of the baseline's first
	// frame at that load); the page adds the compile of 24 MB of wasm to
	// the baseline's 12, its world and the stage's first layout and text.
	firstFrameRatio = 3.0
	// firstFrameQuiet is issue 25's figure for a quiet machine, reported.
	firstFrameQuiet = 1000 // ms
	// loads is how many times each of the page and the baseline is loaded.
	loads = 3
)

// The page's answers, in units of budget.Pace (a fixed CPU-bound loop,
// about 4 ms on a quiet two-core machine) timed just before: a busy
// machine lengthens both alike.
const (
	// stateAnswerPaces: state() answers between two frames, so this is
	// the longest frame the stage may draw: about 1 s on a quiet machine.
	stateAnswerPaces = 250
	// tickPaces: the game loop ticks at least this often (about 30 s).
	tickPaces = 7500
)

func TestPageBudgets(t *testing.T) {
	transfer := pageBudget(t)
	base := httptest.NewServer(web.Handler(baselineSite(t)))
	t.Cleanup(base.Close)
	page := httptest.NewServer(web.Handler(buildSite(t)))
	t.Cleanup(page.Close)
	const query = "/?demo=off&nodes=0"
	t.Run("test server", func(t *testing.T) {
		firstFrames(t, "test server", page.URL+query, base.URL+"/", transfer)
	})
	// The page as `make serve` serves it: the same build, served by
	// `go run . serve`. app.wasm must go out brotli-compressed (gzip is
	// ~4.9 MB, over the budget: what a fresh machine without brotli got).
	t.Run("make serve", func(t *testing.T) {
		firstFrames(t, "make serve", serveAsMakeDoes(t)+query, base.URL+"/", transfer)
	})
	t.Run("busy machine", func(t *testing.T) {
		busy(t, 2)
		firstFrames(t, "busy machine", page.URL+query, base.URL+"/", transfer)
	})
}

// firstFrames loads the baseline and the page in turn, loads times each,
// checks the page's transfer on its first load and the ratio of the
// medians of their first frames.
func firstFrames(t *testing.T, name, pageURL, baseURL string, transfer float64) {
	var pages, bases []time.Duration
	var split loadSplit
	for i := range loads {
		bases = append(bases, loadBaseline(t, baseURL))
		ready, s := loadPage(t, pageURL, transfer, i == 0)
		pages = append(pages, ready)
		if i == 0 || ready < budget.Median(pages) {
			split = s
		}
	}
	p, b := budget.Median(pages), budget.Median(bases)
	ratio := float64(p) / float64(b)
	t.Logf("first frames: page %v (median %v), baseline %v (median %v): ratio %.2f", ms(pages), p.Round(time.Millisecond), ms(bases), b.Round(time.Millisecond), ratio)
	t.Logf("the page's load: %s", split)
	budget.Report(t, "first frame ("+name+")", budget.Ms(p), firstFrameQuiet, "ms")
	t.Log(budget.Line("first frame / Ebiten baseline ("+name+")", ratio, firstFrameRatio, "x"))
	if ratio > firstFrameRatio {
		t.Errorf("first frame %v is %.2f times the smallest Ebiten page's %v, measured in this run; budget %.1f times", p.Round(time.Millisecond), ratio, b.Round(time.Millisecond), firstFrameRatio)
	}
}

// loadSplit is where the time to the page's first frame went, in ms after
// navigation start: app.wasm downloaded, compiled (web/loader.js's mark),
// Go's main started, the session opened (ui/page), the first frame drawn.
type loadSplit struct{ Fetched, Compiled, Main, Opened, Ready float64 }

func (s loadSplit) String() string {
	return fmt.Sprintf("app.wasm fetched at %.0f ms, compiled at %.0f, Go's main at %.0f, session open at %.0f (+%.0f), first frame at %.0f (+%.0f)",
		s.Fetched, s.Compiled, s.Main, s.Opened, s.Opened-s.Main, s.Ready, s.Ready-s.Opened)
}

// loadBaseline is the baseline page's first frame in a fresh browser.
func loadBaseline(t *testing.T, url string) time.Duration {
	ctx, done := launch(t)
	defer done()
	do(t, ctx, chromedp.EmulateViewport(1920, 1080), chromedp.Navigate(url))
	waitFor(t, ctx, `typeof window.baselineReadyAt === "number"`, 3*time.Minute)
	return msDuration(run(t, ctx, chromedp.Evaluate[float64](`window.baselineReadyAt`)))
}

// loadPage loads the page in a fresh browser and returns its first frame
// and the load's split; on the first load (check) it also checks the
// transfer, app.wasm's encoding and the console.
func loadPage(t *testing.T, url string, transfer float64, check bool) (time.Duration, loadSplit) {
	ctx, done := launch(t)
	defer done()
	cons := watchConsole(ctx)
	do(t, ctx, chromedp.EmulateViewport(1920, 1080))
	encoding := wasmEncoding(t, ctx)
	open(t, ctx, url)
	var m struct {
		Transfer, Decoded float64
		Files             []string
		Split             loadSplit
	}
	decode(t, run(t, ctx, chromedp.Evaluate[string](`JSON.stringify((() => {
		const es = [...performance.getEntriesByType("navigation"), ...performance.getEntriesByType("resource")];
		const wasm = es.find(e => e.name.endsWith("/app.wasm")), mark = performance.getEntriesByName("watchscope-compiled")[0];
		const ws = window.watchscope;
		return { Transfer: es.reduce((s, e) => s + e.transferSize, 0), Decoded: es.reduce((s, e) => s + e.decodedBodySize, 0),
			Files: es.map(e => e.name.replace(location.origin, "") + " " + e.transferSize),
			Split: { Fetched: wasm ? wasm.responseEnd : 0, Compiled: mark ? mark.startTime : 0, Main: ws.mainAt, Opened: ws.openedAt, Ready: ws.readyAt } };
	})())`)), &m)
	if check {
		t.Logf("transfer %.0f bytes = %.2f MB (%.2f MB decoded) in %d requests: %v", m.Transfer, m.Transfer/1e6, m.Decoded/1e6, len(m.Files), m.Files)
		t.Log(budget.Line("page transfer, compressed", m.Transfer, transfer, "B"))
		if m.Transfer > transfer {
			t.Errorf("the page transferred %.2f MB, over the %.2f MB budget", m.Transfer/1e6, transfer/1e6)
		}
		if m.Transfer < 1e5 {
			t.Errorf("the page transferred %.0f bytes: the browser did not count the downloads", m.Transfer)
		}
		if got := encoding(); got != "br" {
			t.Errorf("app.wasm went out with Content-Encoding %q, want br", got)
		}
	}
	if m.Split.Ready <= 0 || m.Split.Main <= 0 {
		t.Fatalf("the page reports no first frame or no start of Go's main: %+v", m.Split)
	}
	if f := cons.failures(); len(f) > 0 {
		t.Fatalf("console errors:\n%v", f)
	}
	return msDuration(m.Split.Ready), m.Split
}

// wasmEncoding listens for app.wasm's response and returns a function
// that tells its Content-Encoding (once the page has loaded).
func wasmEncoding(t *testing.T, ctx context.Context) func() string {
	if _, err := chromedp.Call(ctx, network.Enable, network.EnableParams{}); err != nil {
		t.Fatal(err)
	}
	var mu sync.Mutex
	encoding := "(app.wasm not fetched)"
	if err := chromedp.Listen(ctx, func(ev any) {
		if r, ok := ev.(*network.EventResponseReceived); ok && strings.HasSuffix(r.Response.URL, "/app.wasm") {
			mu.Lock()
			encoding = strings.Trim(fmt.Sprint(r.Response.Headers["Content-Encoding"], r.Response.Headers["content-encoding"]), "<nil>")
			mu.Unlock()
		}
	}); err != nil {
		t.Fatal(err)
	}
	return func() string {
		mu.Lock()
		defer mu.Unlock()
		return encoding
	}
}

// busy runs n CPU-bound processes (`yes >/dev/null`, as issue 25's
// acceptance has it) until the test ends.
func busy(t *testing.T, n int) {
	for range n {
		cmd := exec.Command("yes")
		if err := cmd.Start(); err != nil { // no Stdout: /dev/null
			t.Fatal(err)
		}
		t.Cleanup(func() { cmd.Process.Kill(); cmd.Wait() })
	}
}

// baselineSite builds testdata/baseline, the smallest Ebiten page, as
// web/build.sh builds app.wasm (same flags, brotli 11 when installed).
func baselineSite(t *testing.T) string {
	dir := t.TempDir()
	wasm := filepath.Join(dir, "baseline.wasm")
	build := exec.Command("go", "build", "-trimpath", "-ldflags=-s -w", "-o", wasm, "./testdata/baseline")
	build.Env = append(os.Environ(), "GOOS=js", "GOARCH=wasm")
	if out, err := build.CombinedOutput(); err != nil {
		t.Fatalf("building the baseline: %v\n%s", err, out)
	}
	goroot, err := exec.Command("go", "env", "GOROOT").Output()
	if err != nil {
		t.Fatal(err)
	}
	files := map[string]string{
		"wasm_exec.js": filepath.Join(strings.TrimSpace(string(goroot)), "lib", "wasm", "wasm_exec.js"),
		"index.html":   "testdata/baseline/index.html",
		"baseline.js":  "testdata/baseline/baseline.js",
	}
	for name, from := range files {
		b, err := os.ReadFile(from)
		if err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(filepath.Join(dir, name), b, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	if _, err := exec.LookPath("brotli"); err == nil {
		if out, err := exec.Command("brotli", "-f", "-q", "11", "-o", wasm+".br", wasm).CombinedOutput(); err != nil {
			t.Fatalf("brotli: %v\n%s", err, out)
		}
	}
	return dir
}

// pageBudget reads the transfer budget where it is defined, web/dist.sh.
func pageBudget(t *testing.T) float64 {
	b, err := os.ReadFile("../dist.sh")
	if err != nil {
		t.Fatal(err)
	}
	m := regexp.MustCompile(`BUDGET_BYTES:=(\d+)`).FindSubmatch(b)
	if m == nil {
		t.Fatal("web/dist.sh defines no BUDGET_BYTES:=N")
	}
	n, _ := strconv.ParseFloat(string(m[1]), 64)
	return n
}

// serveAsMakeDoes runs the command line's serve command on the built site
// (make serve: web/build.sh, then go run . serve -dir) and returns its URL.
func serveAsMakeDoes(t *testing.T) string {
	dir := buildSite(t)
	bin := filepath.Join(t.TempDir(), "watchscope")
	if out, err := exec.Command("go", "build", "-o", bin, "../..").CombinedOutput(); err != nil {
		t.Fatalf("go build: %v\n%s", err, out)
	}
	l, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	addr := l.Addr().String()
	l.Close()
	cmd := exec.Command(bin, "serve", "-dir", dir, "-addr", addr)
	cmd.Stderr = os.Stderr
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { cmd.Process.Kill(); cmd.Wait() })
	url := "http://" + addr
	waitUntil(t, "go run . serve to answer on "+addr, func() bool {
		r, err := http.Get(url + "/")
		if err == nil {
			r.Body.Close()
		}
		return err == nil
	})
	return url
}

// waitUntil polls ok every 100 ms; after a minute the test fails naming what.
func waitUntil(t *testing.T, what string, ok func() bool) {
	for i := 0; !ok(); i++ {
		if i == 600 {
			t.Fatalf("waited a minute for %s", what)
		}
		time.Sleep(100 * time.Millisecond)
	}
}

func msDuration(ms float64) time.Duration { return time.Duration(ms * float64(time.Millisecond)) }

// ms rounds each duration to the millisecond, for a log line.
func ms(ds []time.Duration) []time.Duration {
	out := make([]time.Duration, len(ds))
	for i, d := range ds {
		out[i] = d.Round(time.Millisecond)
	}
	return out
}
