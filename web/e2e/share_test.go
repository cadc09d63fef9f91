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

// moment is what a shared link must reproduce, read from watchscope.state().
type moment struct {
	TimeMs   int64  `json:"timeMs"`
	Revision int64  `json:"revision"`
	Paused   bool   `json:"paused"`
	Mode     string `json:"mode"`
	Lesson   string `json:"lesson"`
	Step     int    `json:"step"`
	Pending  bool   `json:"pending"`
	Message  string `json:"message"`
	Share    struct {
		Query    string `json:"query"`
		Hash     string `json:"hash"`
		TimeMs   int64  `json:"timeMs"`
		Commands int    `json:"commands"`
	} `json:"share"`
}

func getMoment(t *testing.T, ctx context.Context) moment {
	t.Helper()
	var m moment
	decode(t, run(t, ctx, chromedp.Evaluate[string](`window.watchscope.state()`)), &m)
	return m
}

// reopenInNewTab opens the moment's link in a fresh tab of the same
// browser and returns the tab and the moment it restored.
func reopenInNewTab(t *testing.T, ctx context.Context, base string, m moment) (context.Context, moment) {
	t.Helper()
	tab, cancel := chromedp.NewContext(ctx)
	t.Cleanup(cancel)
	cons := watchConsole(tab)
	open(t, tab, base+"/"+m.Share.Query)
	got := getMoment(t, tab)
	if f := cons.failures(); len(f) > 0 {
		t.Fatalf("console errors in the restored tab:\n%v", f)
	}
	return tab, got
}

// sameMoment requires the restored tab to show the original moment.
func sameMoment(t *testing.T, want, got moment) {
	t.Helper()
	if got.Share.Hash != want.Share.Hash || got.TimeMs != want.TimeMs || got.Revision != want.Revision {
		t.Errorf("restored t=%dms rev=%d hash %.16s; the link was made at t=%dms rev=%d hash %.16s\nlink %s",
			got.TimeMs, got.Revision, got.Share.Hash, want.TimeMs, want.Revision, want.Share.Hash, want.Share.Query)
	}
	if got.Message != "" {
		t.Errorf("restored page says %q", got.Message)
	}
	if got.Share.Query != want.Share.Query {
		t.Errorf("the restored moment's own link differs:\n got %s\nwant %s", got.Share.Query, want.Share.Query)
	}
}

// copyLink clicks the share panel's "Copy link" on the stage (a real
// click at the button's place, which watchscope.panel() gives: the
// clipboard wants a user gesture) and reads the clipboard back.
func copyLink(t *testing.T, ctx context.Context, origin string) string {
	t.Helper()
	grantClipboard(t, ctx, origin)
	clickPanelButton(t, ctx, "Copy link")
	waitFor(t, ctx, `(() => { const p = JSON.parse(watchscope.panel()); return p && p.status !== ""; })()`, 5*time.Second)
	if note := run(t, ctx, chromedp.Evaluate[string](`JSON.parse(watchscope.panel()).status`)); note != "Copied to the clipboard" {
		t.Fatalf("after Copy link the panel says %q", note)
	}
	return run(t, ctx, chromedp.Evaluate[string](`navigator.clipboard.readText()`, chromedp.EvalAwaitPromise))
}

// sharePanelShown: the share panel is open on the stage with its QR code.
const sharePanelShown = `(() => { const p = watchscope.panel && JSON.parse(watchscope.panel());
	return !!p && p.name === "share" && p.extra.modules > 0 && p.cell > 0; })()`

// runCommandsAtSeveralTimes sends commands with virtual time passing
// between them (and a rewind in the middle), then pauses.
func runCommandsAtSeveralTimes(t *testing.T, ctx context.Context, cmds []string) moment {
	t.Helper()
	for _, cmd := range cmds {
		before := getMoment(t, ctx).TimeMs
		send(t, ctx, cmd)
		waitFor(t, ctx, fmt.Sprintf(`JSON.parse(watchscope.state()).timeMs > %d`, before+400), 30*time.Second)
	}
	send(t, ctx, "pause")
	waitFor(t, ctx, `JSON.parse(watchscope.state()).paused`, 10*time.Second)
	return getMoment(t, ctx)
}

// TestShareLinkRestoresSandbox: commands run at several virtual times in
// an etcd-only world, then the paused moment's link opens in a fresh tab
// on the same virtual time and the same trace hash. The share panel (S)
// shows that link and its QR code.
func TestShareLinkRestoresSandbox(t *testing.T) {
	srv := httptest.NewServer(web.Handler(buildSite(t)))
	defer srv.Close()
	ctx := browser(t)
	cons := watchConsole(ctx)
	open(t, ctx, srv.URL+"/?nodes=0&demo=off")
	want := runCommandsAtSeveralTimes(t, ctx, []string{
		"etcdctl put /registry/pods/a 1", "etcdctl put /registry/pods/b 2", "etcdctl del /registry/pods/a",
		"seek 1s", "etcdctl put /registry/pods/c 3", "etcdctl compact 2",
	})
	if want.Share.Commands < 3 || !strings.Contains(want.Share.Query, "cmds=") {
		t.Fatalf("share %+v: want the command log in the link", want.Share)
	}
	t.Logf("link: %s", want.Share.Query)
	// The share panel (drawn on the stage): the same link, and a QR code
	// the audience can scan, each module a whole number of pixels.
	do(t, ctx, chromedp.KeyEvent("s"))
	waitFor(t, ctx, sharePanelShown, 10*time.Second)
	shown := run(t, ctx, chromedp.Evaluate[string](`JSON.parse(watchscope.panel()).extra.link`))
	if !strings.HasSuffix(shown, want.Share.Query) || !strings.HasPrefix(shown, srv.URL+"/") {
		t.Errorf("panel shows %q, want %s/%s", shown, srv.URL, want.Share.Query)
	}
	qr := run(t, ctx, chromedp.Evaluate[[]int](`(() => { const p = JSON.parse(watchscope.panel()); return [p.extra.modules, p.cell]; })()`))
	if qr[0] < 21 || qr[1] < 2 {
		t.Errorf("QR code of %d modules at %d px a module, want at least 21 modules and 2 px", qr[0], qr[1])
	}
	waitFor(t, ctx, `!!document.querySelector('#ws-panel .ws-link')`, 5*time.Second) // the layer reads panel() ten times a second
	if mirrored := run(t, ctx, chromedp.Evaluate[string](`document.querySelector('#ws-panel .ws-link').value`)); mirrored != shown {
		t.Errorf("the accessibility layer's link is %q, want %q", mirrored, shown)
	}
	screenshot(t, ctx, shotsDir(t), "share-panel.png")
	if copied := copyLink(t, ctx, srv.URL); copied != shown {
		t.Errorf("Copy link put %q on the clipboard, want %q", copied, shown)
	}
	do(t, ctx, chromedp.KeyEvent("s"))
	waitFor(t, ctx, `watchscope.panel() === null`, 5*time.Second)
	_, got := reopenInNewTab(t, ctx, srv.URL, want)
	sameMoment(t, want, got)
	if !got.Paused {
		t.Error("the restored moment is not paused")
	}

	if f := cons.failures(); len(f) > 0 {
		t.Fatalf("console errors:\n%v", f)
	}
}

// TestShareLinkRestoresClusterAndLesson: a small cluster's moment, and a
// lesson link at a step with its question showing and an answer picked,
// each restore the same trace hash in a fresh tab.
func TestShareLinkRestoresClusterAndLesson(t *testing.T) {
	srv := httptest.NewServer(web.Handler(buildSite(t)))
	defer srv.Close()
	ctx := browser(t)
	open(t, ctx, srv.URL+"/?nodes=3")
	want := runCommandsAtSeveralTimes(t, ctx, []string{
		"kubectl create namespace team-a", "sim set watch-cache-sizes pods#1000", "etcdctl put /registry/x 1",
	})
	_, got := reopenInNewTab(t, ctx, srv.URL, want)
	sameMoment(t, want, got)

	open(t, ctx, srv.URL+"/?lesson=gone-410&nodes=0")
	for i := 0; i < 20; i++ {
		if m := getMoment(t, ctx); m.Pending && m.Step >= 2 {
			break
		}
		before := getMoment(t, ctx).Share.Query
		send(t, ctx, "next")
		waitFor(t, ctx, fmt.Sprintf(`JSON.parse(watchscope.state()).share.query !== %q`, before), 30*time.Second)
	}
	send(t, ctx, "pick 2")
	waitFor(t, ctx, `JSON.parse(watchscope.state()).share.query.includes("pick=2")`, 10*time.Second)
	lesson := getMoment(t, ctx)
	if !lesson.Pending || lesson.Step < 2 {
		t.Fatalf("no question showing after step 2: %+v", lesson)
	}
	tab, back := reopenInNewTab(t, ctx, srv.URL, lesson)
	if back.Mode != "lesson" || back.Lesson != "gone-410" || back.Step != lesson.Step || !back.Pending {
		t.Errorf("restored %s %s step %d pending %v, want lesson gone-410 step %d pending", back.Mode, back.Lesson, back.Step, back.Pending, lesson.Step)
	}
	sameMoment(t, lesson, back)
	do(t, tab, chromedp.KeyEvent("s"))
	waitFor(t, tab, sharePanelShown, 10*time.Second)
	time.Sleep(300 * time.Millisecond) // drawn
	screenshot(t, tab, shotsDir(t), "share-panel-lesson.png")
}
