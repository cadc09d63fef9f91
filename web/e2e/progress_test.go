//go:build e2e

package e2e

import (
	"context"
	"fmt"
	"strconv"
	"strings"
	"testing"
	"time"

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
