//go:build e2e

package e2e

import (
	"context"
	"encoding/json"
	"fmt"
	"net/http"
	"net/http/httptest"
	"os"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
	"github.com/chromedp/chromedp/kb"

	"watchscope/web"
)

// fixture is a recording of a real kube-apiserver v1.36.5 (make
// conformance-live's TestRecordAgainstRealAPIServer made it).
const fixture = "../../recording/testdata/kube-1.36.5.wsrec"

// recordingState is state().recording.
type recordingState struct {
	Name        string
	Server      string
	AwaySeconds float64
	Resources   []struct {
		Name                       string
		Events, Bookmarks, Relists int
		Gone                       int
		GoneMessage                string
		Capacity                   int
		WindowRV                   []uint64
		WindowSeconds              float64
		AwayRV                     uint64
		AwayGone                   bool
		Answer                     string
	}
}

// TestRecordingPage opens the fixture by ?recording=URL (served beside the
// page) and by a drop: state() reports the "your cluster" page's
// resources, their event counts, the cache window per resource and the
// answer for a watcher away 90 s (it left before the API server's restart,
// at rv 72, older than the restarted cache's 73: a 410).
func TestRecordingPage(t *testing.T) {
	data, err := os.ReadFile(fixture)
	if err != nil {
		t.Fatal(err)
	}
	mux := http.NewServeMux()
	mux.Handle("/", web.Handler(buildSite(t)))
	mux.HandleFunc("/recordings/kube.wsrec", func(w http.ResponseWriter, r *http.Request) { w.Write(data) })
	srv := httptest.NewServer(mux)
	t.Cleanup(srv.Close)
	ctx := browser(t)
	do(t, ctx, chromedp.EmulateViewport(1280, 720))
	open(t, ctx, srv.URL+"/?demo=off&nodes=1&recording=/recordings/kube.wsrec")
	check(t, ctx, "kube.wsrec")
	scrub(t, ctx)

	send(t, ctx, "close")
	waitFor(t, ctx, `!JSON.parse(window.watchscope.state()).recording`, 10*time.Second)
	text, _ := json.Marshal(string(data))
	run(t, ctx, chromedp.Evaluate[bool](fmt.Sprintf(`(() => {
	  const dt = new DataTransfer();
	  dt.items.add(new File([%s], "ours.wsrec"));
	  document.dispatchEvent(new DragEvent("drop", {dataTransfer: dt, bubbles: true, cancelable: true}));
	  return true;
	})()`, text)))
	check(t, ctx, "ours.wsrec")
}

// scrub moves the page's time cursor: recordingAt puts it between the
// restart's 410 and the relist (2 events of pods so far, the 410 in, no
// relist, the restarted cache's window the one revision 73), ← steps it
// back 6 s (a twentieth of 2 m) before the restart, End puts it back at
// the end.
func scrub(t *testing.T, ctx context.Context) {
	t.Helper()
	at := func(ms int) {
		t.Helper()
		waitFor(t, ctx, fmt.Sprintf(`JSON.parse(window.watchscope.state()).recording.atMs === %d`, ms), 30*time.Second)
	}
	pods := func() string {
		return run(t, ctx, chromedp.Evaluate[string](`(() => { const r = JSON.parse(window.watchscope.state()).recording.resources[0];
		  return [r.events, r.bookmarks, r.relists, r.gone, r.windowRV, r.awayRV, r.awayGone].join(" "); })()`))
	}
	send(t, ctx, "recordingAt 72.5")
	at(72500)
	if got := pods(); got != "2 1 0 1 73,73 66 true" {
		t.Errorf("pods at 72.5 s: %q", got)
	}
	do(t, ctx, chromedp.MouseClickXY(640, 400)) // focus the canvas
	do(t, ctx, chromedp.KeyEvent(kb.ArrowLeft))
	at(66500)
	if got := pods(); got != "2 1 0 0 66,72 66 false" {
		t.Errorf("pods at 66.5 s: %q", got)
	}
	do(t, ctx, chromedp.KeyEvent(kb.End))
	at(120005)
}

func check(t *testing.T, ctx context.Context, name string) {
	t.Helper()
	waitFor(t, ctx, fmt.Sprintf(`(JSON.parse(window.watchscope.state()).recording || {}).name === %q`, name), 30*time.Second)
	raw := run(t, ctx, chromedp.Evaluate[string](`JSON.stringify(JSON.parse(window.watchscope.state()).recording)`))
	var rec recordingState
	if err := json.Unmarshal([]byte(raw), &rec); err != nil {
		t.Fatal(err)
	}
	if rec.Server != "v1.36.5" || rec.AwaySeconds != 90 || len(rec.Resources) != 2 {
		t.Fatalf("recording %s", raw)
	}
	for i, want := range []struct {
		name   string
		events int
		away   uint64
	}{{"pods", 4, 72}, {"configmaps", 7, 71}} {
		r := rec.Resources[i]
		if r.Name != want.name || r.Events != want.events || r.Bookmarks != 1 || r.Relists != 1 || r.Gone != 1 ||
			r.GoneMessage != "too old resource version: 72 (73)" || r.Capacity != 100 || len(r.WindowRV) != 2 || r.WindowRV[0] != 73 ||
			r.WindowSeconds <= 0 || r.AwayRV != want.away || !r.AwayGone || !strings.Contains(r.Answer, "it gets a 410") {
			t.Errorf("%s: %+v", want.name, r)
		}
	}
}

// TestLiveRecordingPage: /?live shows what serve --live streams (here the
// fixture's lines, fed to web.Feed by hand as the recorder's Sink does),
// and the page grows as lines arrive.
func TestLiveRecordingPage(t *testing.T) {
	data, err := os.ReadFile(fixture)
	if err != nil {
		t.Fatal(err)
	}
	lines := strings.SplitAfter(strings.TrimSuffix(string(data), "\n"), "\n")
	cut := 0
	for i, l := range lines {
		if strings.Contains(l, `"kind":"bookmark"`) { // before the minute's bookmarks and the restart
			cut = i
			break
		}
	}
	feed := web.NewFeed()
	for _, l := range lines[:cut] {
		feed.Add([]byte(l))
	}
	srv := httptest.NewServer(web.LiveHandler(buildSite(t), feed))
	t.Cleanup(srv.Close)
	ctx := browser(t)
	do(t, ctx, chromedp.EmulateViewport(1280, 720))
	open(t, ctx, srv.URL+"/?demo=off&nodes=1&live")
	events := func() string {
		return run(t, ctx, chromedp.Evaluate[string](`(() => { const r = JSON.parse(window.watchscope.state()).recording;
		  return r && r.live ? r.resources.map((x) => x.name + " " + x.events + " " + x.gone).join(", ") : ""; })()`))
	}
	// The page reads the feed in chunks, once a second: wait for the whole
	// of each part, not for its first line.
	waitEvents(t, events, "pods 2 0, configmaps 4 0", "before the restart")
	for _, l := range lines[cut:] {
		feed.Add([]byte(l))
	}
	waitEvents(t, events, "pods 4 1, configmaps 7 1", "after the restart")
}

// waitEvents waits up to 30 s for the live view's counts to read want.
func waitEvents(t *testing.T, events func() string, want, when string) {
	t.Helper()
	got := ""
	for deadline := time.Now().Add(30 * time.Second); time.Now().Before(deadline); time.Sleep(200 * time.Millisecond) {
		if got = events(); got == want {
			return
		}
	}
	t.Errorf("%s: the live view counts %q, want %q", when, got, want)
}
