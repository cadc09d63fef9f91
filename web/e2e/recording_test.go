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
