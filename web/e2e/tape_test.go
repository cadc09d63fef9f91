//go:build e2e

package e2e

import (
	"context"
	"fmt"
	"net/http/httptest"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"

	"watchscope/web"
)

const (
	web0  = "/registry/pods/default/web-0"
	web1  = "/registry/pods/default/web-1"
	web2  = "/registry/pods/default/web-2"
	cfg   = "/registry/configmaps/default/app-config"
	lease = "/registry/leases/kube-node-lease/node-1"
)

// history is a short life of a namespace: pods created, updated, deleted
// and re-created, a node lease renewed, a configmap edited, and one
// compaction in the middle. etcd starts at revision 1, so the puts and
// deletes take revisions 2..22.
var history = []string{
	"etcdctl put " + web0 + " Pending", "etcdctl put " + lease + " renew",
	"etcdctl put " + web1 + " Pending", "etcdctl put " + cfg + " replicas=3",
	"etcdctl put " + web0 + " Running", "etcdctl put " + lease + " renew",
	"etcdctl put " + web2 + " Pending", "etcdctl del " + web1,
	"etcdctl put " + web1 + " Pending", "etcdctl put " + lease + " renew",
	"etcdctl put " + web2 + " Running", "etcdctl put " + cfg + " replicas=2",
	"etcdctl del " + web2, "etcdctl put " + lease + " renew",
	"put " + web1 + " Running", // without the etcdctl prefix: the console accepts both
	"etcdctl compact 12",
	"etcdctl del " + web0, "etcdctl put " + lease + " renew",
	"etcdctl put " + web2 + " Pending", "etcdctl put " + web0 + " Pending",
	"etcdctl put " + lease + " renew", "etcdctl put " + web1 + " Ready",
	"etcdctl get " + web0 + " --rev 4",
}

const wantRev, wantCompact = 22, 12

// TestTapeInBrowser builds the app, serves it with web.Handler, loads it
// in headless Chromium, drives it through window.watchscope and takes the
// review screenshots.
func TestTapeInBrowser(t *testing.T) {
	dir := buildSite(t)
	srv := httptest.NewServer(web.Handler(dir)) // listens on 127.0.0.1
	defer srv.Close()
	ctx := browser(t)

	do(t, ctx, chromedp.Navigate("about:blank"))
	if !run(t, ctx, chromedp.Evaluate[bool](`!!document.createElement('canvas').getContext('webgl2')`)) {
		t.Fatal("no WebGL2 in headless Chromium: check the SwiftShader flags")
	}
	cons := watchConsole(ctx)
	do(t, ctx, chromedp.EmulateViewport(1920, 1080))
	start := time.Now()
	do(t, ctx, chromedp.Navigate(srv.URL+"/?demo=off&nodes=0"))
	waitFor(t, ctx, `window.watchscope && window.watchscope.ready === true`, 120*time.Second)
	readyAt := run(t, ctx, chromedp.Evaluate[float64](`window.watchscope.readyAt`))
	t.Logf("first frame %.0f ms after navigation start (wall %v); Go main at %.0f ms, world ready at %.0f ms",
		readyAt, time.Since(start).Round(time.Millisecond),
		run(t, ctx, chromedp.Evaluate[float64](`window.watchscope.mainAt`)),
		run(t, ctx, chromedp.Evaluate[float64](`window.watchscope.openedAt`)))
	waitFor(t, ctx, `document.getElementById('loading') === null`, 10*time.Second)

	s0 := getState(t, ctx)
	if s0.Revision != 1 || s0.CompactRevision != 0 {
		t.Fatalf("fresh world at revision %d, compacted %d; want 1 and 0", s0.Revision, s0.CompactRevision)
	}
	for _, cmd := range history {
		send(t, ctx, cmd)
		time.Sleep(150 * time.Millisecond) // a live pace, so the tape slides
	}
	waitFor(t, ctx, lastCommandDone(), 30*time.Second)
	s := getState(t, ctx)
	checkState(t, s)
	if f := cons.failures(); len(f) > 0 {
		t.Fatalf("console errors:\n%v", f)
	}

	shots := shotsDir(t)
	settle(t, ctx)
	screenshot(t, ctx, shots, "tape-1920.png")
	do(t, ctx, chromedp.EmulateViewport(1280, 720))
	settle(t, ctx)
	screenshot(t, ctx, shots, "tape-1280.png")
	logStats(t, ctx)
	checkPause(t, ctx)

	// devicePixelRatio 2 (a laptop's Retina screen): the canvas must be
	// 2560x1440 physical pixels and the text drawn at that resolution.
	// Ebiten reads the ratio once, so this needs a fresh page.
	do(t, ctx, chromedp.EmulateViewport(1280, 720, chromedp.EmulateScale(2)), chromedp.Reload())
	waitFor(t, ctx, `window.watchscope && window.watchscope.ready === true`, 120*time.Second)
	for _, cmd := range history {
		send(t, ctx, cmd)
	}
	waitFor(t, ctx, lastCommandDone(), 30*time.Second)
	w := run(t, ctx, chromedp.Evaluate[int](`document.querySelector('canvas').width`))
	if w != 2560 {
		t.Errorf("canvas is %d physical pixels wide at devicePixelRatio 2, want 2560 (no upscaling)", w)
	}
	settle(t, ctx)
	screenshot(t, ctx, shots, "tape-1280@2x.png")
	if f := cons.failures(); len(f) > 0 {
		t.Fatalf("console errors:\n%v", f)
	}
}

// lastCommandDone is a page condition that holds once the console has
// answered the last command of history. Waiting on the revision alone is a
// race: revision 22 is reached one command before the final get.
func lastCommandDone() string {
	last := history[len(history)-1]
	return fmt.Sprintf(`(() => { const l = JSON.parse(window.watchscope.state()).log;
		return l.length > 0 && l[l.length-1].cmd === %q; })()`, last)
}

func checkState(t *testing.T, s state) {
	t.Helper()
	if s.Revision != wantRev || s.CompactRevision != wantCompact {
		t.Errorf("revision %d compacted %d, want %d and %d", s.Revision, s.CompactRevision, wantRev, wantCompact)
	}
	if s.Keys != 5 {
		t.Errorf("%d live keys, want 5", s.Keys)
	}
	last := s.Events[len(s.Events)-1]
	if last.Rev != wantRev || last.Type != "MODIFIED" || last.Key != web1 {
		t.Errorf("newest event %+v, want MODIFIED %s at %d", last, web1, wantRev)
	}
	// As etcdctl prints it: the client library's warning line on stderr,
	// then the error.
	failed := s.Log[len(s.Log)-1]
	warn, errLine, _ := strings.Cut(strings.TrimSuffix(failed.Out, "\n"), "\n")
	if !failed.Error || !strings.HasPrefix(warn, `{"level":"warn",`) || !strings.Contains(warn, `"msg":"retrying of unary invoker failed"`) ||
		errLine != "Error: etcdserver: mvcc: required revision has been compacted" {
		t.Errorf("reading below the compaction: %+v, want etcd-client's warning, then etcd's compacted error", failed)
	}
	if s.TimeMs <= 0 {
		t.Errorf("simulated time %dms: the clock does not run", s.TimeMs)
	}
}

// checkPause presses Space on the canvas: the clock must stop (simulated
// time frozen) and start again on the second press.
func checkPause(t *testing.T, ctx context.Context) {
	t.Helper()
	do(t, ctx, chromedp.MouseClickXY(640, 360), chromedp.KeyEvent(" "))
	waitFor(t, ctx, `JSON.parse(window.watchscope.state()).paused`, 30*time.Second)
	frozen := getState(t, ctx).TimeMs
	time.Sleep(500 * time.Millisecond)
	if now := getState(t, ctx).TimeMs; now != frozen {
		t.Errorf("paused, yet simulated time moved from %dms to %dms", frozen, now)
	}
	do(t, ctx, chromedp.KeyEvent(" "))
	waitFor(t, ctx, fmt.Sprintf(`(() => { const s = JSON.parse(window.watchscope.state());
		return !s.paused && s.timeMs > %d; })()`, frozen), 10*time.Second)
}

// settle waits until no animation runs and a few more frames were drawn
// (a resize needs a frame or two to reach the screen).
func settle(t *testing.T, ctx context.Context) {
	t.Helper()
	waitFor(t, ctx, `JSON.parse(window.watchscope.state()).settled`, 60*time.Second)
	waitFor(t, ctx, `(() => { const s = JSON.parse(window.watchscope.state());
		window.__settleTick = window.__settleTick || s.tick; return s.tick >= window.__settleTick + 3; })()`, 60*time.Second)
	run(t, ctx, chromedp.Evaluate[chromedp.Void](`delete window.__settleTick`))
	time.Sleep(300 * time.Millisecond)
}

func logStats(t *testing.T, ctx context.Context) {
	t.Helper()
	t.Logf("stats: %s", run(t, ctx, chromedp.Evaluate[string](`window.watchscope.stats()`)))
}
