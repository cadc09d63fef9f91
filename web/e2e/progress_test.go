//go:build e2e

package e2e

import (
	"context"
	"fmt"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/cdproto/page"
	"github.com/chromedp/chromedp"
	"github.com/chromedp/chromedp/kb"

	"watchscope/lessons"
)

// pickerRow is one row of state().picker.
type pickerRow struct {
	ID       string `json:"id"`
	Title    string `json:"title"`
	Progress string `json:"progress"`
}

// TestProgressKeptInTheBrowser: a learner finishes revisions (one
// question right, one wrong) and leaves compaction at step 2; after a
// reload the picker shows both, opening compaction resumes at step 2, and
// the picker's Delete key forgets it all (localStorage too).
func TestProgressKeptInTheBrowser(t *testing.T) {
	rev, _ := lessons.ByID("revisions")
	comp, _ := lessons.ByID("compaction")
	var asks []int
	for i, s := range rev.Steps {
		if s.Ask != nil {
			asks = append(asks, i+1)
		}
	}
	ctx, cons, base := stage(t, 1280, 720, "/?lesson=revisions")
	do(t, ctx, chromedp.MouseClickXY(640, 300))
	playTo(t, ctx, pageWin, rev, len(rev.Steps), map[int]bool{asks[0]: true})
	waitFor(t, ctx, `(JSON.parse(localStorage.getItem("watchscope.progress.v1") || "{}").revisions || {}).done === true`, 10*time.Second)
	open(t, ctx, base+"/?lesson=compaction")
	do(t, ctx, chromedp.MouseClickXY(640, 300))
	playTo(t, ctx, pageWin, comp, 2, map[int]bool{})
	waitFor(t, ctx, `(JSON.parse(localStorage.getItem("watchscope.progress.v1") || "{}").compaction || {}).step === 2`, 10*time.Second)

	// A new visit: the picker knows, once progress.js has handed the stage
	// this browser's record (it polls every 300 ms; the picker reads its
	// rows when it opens).
	open(t, ctx, base+"/?lesson=gone-410")
	waitFor(t, ctx, `(JSON.parse(window.watchscope.state()).progress || {}).lessons >= 2`, 10*time.Second)
	rows := openPicker(t, ctx)
	want := map[string]string{
		"revisions":  fmt.Sprintf("finished · 1 of %d right", len(asks)),
		"compaction": fmt.Sprintf("step 2 of %d", len(comp.Steps)),
		"etcd-watch": "not started",
	}
	at := map[string]int{}
	for i, r := range rows {
		at[r.ID] = i
		if w, ok := want[r.ID]; ok && r.Progress != w {
			t.Errorf("picker row %s: %q, want %q", r.ID, r.Progress, w)
		}
	}
	screenshot(t, ctx, shotsDir(t), "progress-picker-dark.png")
	label := run(t, ctx, chromedp.Evaluate[string](`(document.querySelector('#ws-picker button[data-id="revisions"]') || {}).textContent || ""`))
	if !strings.Contains(label, want["revisions"]) {
		t.Errorf("the accessibility layer's row reads %q; want it to say %q", label, want["revisions"])
	}
	send(t, ctx, "close")
	waitFor(t, ctx, `!JSON.parse(window.watchscope.state()).picker`, 10*time.Second)
	do(t, ctx, chromedp.KeyEvent("p")) // the projector theme
	openPicker(t, ctx)
	time.Sleep(300 * time.Millisecond)
	screenshot(t, ctx, shotsDir(t), "progress-picker-projector.png")

	// Resume: picking compaction opens it at step 2.
	send(t, ctx, "pickLesson "+strconv.Itoa(at["compaction"]))
	waitFor(t, ctx, `(() => { const s = JSON.parse(window.watchscope.state()); return s.lesson === "compaction"; })()`, 20*time.Second)
	if s := getLesson(t, ctx); s.Step != 2 {
		t.Errorf("picking compaction opened step %d, want 2 (where the learner left it)", s.Step)
	}

	// Forget: Delete in the picker.
	openPicker(t, ctx)
	do(t, ctx, chromedp.KeyEvent(kb.Delete))
	waitFor(t, ctx, `localStorage.getItem("watchscope.progress.v1") === null`, 10*time.Second)
	for _, r := range openPickerAgain(t, ctx) {
		if r.ID == "revisions" && r.Progress != "not started" {
			t.Errorf("after Delete: revisions %q, want not started", r.Progress)
		}
	}
	if f := cons.failures(); len(f) > 0 {
		t.Errorf("console errors:\n%v", f)
	}
}

// openPicker opens the lesson picker and returns its rows.
func openPicker(t *testing.T, ctx context.Context) []pickerRow {
	t.Helper()
	send(t, ctx, "picker")
	waitFor(t, ctx, `!!JSON.parse(window.watchscope.state()).picker`, 10*time.Second)
	var p struct {
		Rows []pickerRow `json:"rows"`
	}
	decode(t, run(t, ctx, chromedp.Evaluate[string](`JSON.stringify(JSON.parse(window.watchscope.state()).picker)`)), &p)
	return p.Rows
}

// openPickerAgain closes and reopens the picker (its rows are read when it opens).
func openPickerAgain(t *testing.T, ctx context.Context) []pickerRow {
	t.Helper()
	send(t, ctx, "close")
	waitFor(t, ctx, `!JSON.parse(window.watchscope.state()).picker`, 10*time.Second)
	return openPicker(t, ctx)
}

// holdProgress runs before the page's own scripts on every load: it wraps
// window.watchscope.send (when the page publishes it) so that the
// `progress` record web/progress.js hands the stage waits until the page
// sets window.releaseProgress = true. The stage then opens with no record,
// as on a slow first poll, and the record arrives when the test says.
const holdProgress = `(() => {
  let api;
  const held = [];
  Object.defineProperty(window, "watchscope", {
    configurable: true,
    get: () => api,
    set: (v) => {
      api = v;
      const send = v.send;
      v.send = (cmd) => {
        if (String(cmd).startsWith("progress ") && !window.releaseProgress) {
          held.push(cmd);
          return true;
        }
        return send(cmd);
      };
      setInterval(() => { if (window.releaseProgress) while (held.length) send(held.shift()); }, 50);
    },
  });
})()`

// TestPickerFollowsProgress: a picker opened before progress.js has
// handed the stage this browser's record shows "not started"; when the
// record arrives the open picker's rows (the stage's and the
// accessibility layer's) say where the learner stands, without reopening.
func TestPickerFollowsProgress(t *testing.T) {
	comp, _ := lessons.ByID("compaction")
	ctx, cons, base := stage(t, 1280, 720, "/?lesson=gone-410")
	rec := fmt.Sprintf(`{"compaction":{"step":2,"steps":%d,"done":false}}`, len(comp.Steps))
	run(t, ctx, chromedp.Evaluate[bool](fmt.Sprintf(`localStorage.setItem("watchscope.progress.v1", %q), true`, rec)))
	added, err := chromedp.Call(ctx, page.AddScriptToEvaluateOnNewDocument, page.AddScriptToEvaluateOnNewDocumentParams{Source: holdProgress})
	if err != nil {
		t.Fatal(err)
	}
	open(t, ctx, base+"/?lesson=gone-410")
	if _, err := chromedp.Call(ctx, page.RemoveScriptToEvaluateOnNewDocument, page.RemoveScriptToEvaluateOnNewDocumentParams{Identifier: added.Identifier}); err != nil {
		t.Fatal(err)
	}

	before := map[string]string{}
	for _, r := range openPicker(t, ctx) {
		before[r.ID] = r.Progress
	}
	if n := run(t, ctx, chromedp.Evaluate[int](`JSON.parse(window.watchscope.state()).progress.lessons`)); n != 0 {
		t.Fatalf("the stage had %d lessons' progress before the record was let through; the test opens the picker too late", n)
	}
	if before["compaction"] != "not started" {
		t.Errorf("before the record: compaction %q, want not started", before["compaction"])
	}

	run(t, ctx, chromedp.Evaluate[bool](`window.releaseProgress = true`))
	want := fmt.Sprintf("step 2 of %d", len(comp.Steps))
	waitFor(t, ctx, fmt.Sprintf(`(() => {
	  const p = JSON.parse(window.watchscope.state()).picker;
	  return !!p && p.rows.some((r) => r.id === "compaction" && r.progress === %q);
	})()`, want), 10*time.Second)
	waitFor(t, ctx, fmt.Sprintf(`((document.querySelector('#ws-picker button[data-id="compaction"]') || {}).textContent || "").includes(%q)`, want), 10*time.Second)
	screenshot(t, ctx, shotsDir(t), "progress-picker-late-record.png")
	if f := cons.failures(); len(f) > 0 {
		t.Errorf("console errors:\n%v", f)
	}
}
