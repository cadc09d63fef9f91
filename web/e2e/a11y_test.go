//go:build e2e

package e2e

import (
	"fmt"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
	"github.com/chromedp/chromedp/kb"

	"watchscope/lessons"
)

// toolbar are the a11y layer's buttons in their tab order (web/a11y.js).
var toolbar = []string{"ws-back", "ws-next", "ws-play", "ws-lessons", "ws-why", "ws-legend-open", "ws-help", "ws-theme", "ws-motion", "ws-console"}

// TestA11yAnnounces410 plays the gone-410 lesson from the keyboard alone
// and listens to the DOM layer: Tab reaches the skip link and every
// toolbar button in order, Enter on Next moves the lesson, the mirror
// says "step k of n", and the assertive region announces the 410.
func TestA11yAnnounces410(t *testing.T) {
	gone, err := lessons.ByID("gone-410")
	if err != nil {
		t.Fatal(err)
	}
	ofN := " of " + strconv.Itoa(len(gone.Steps)) // the lesson's own count of steps
	ctx, cons, _ := stage(t, 1920, 1080, "/?lesson=gone-410")
	waitFor(t, ctx, `document.querySelector("canvas[role=img]") !== null &&
		document.querySelector("canvas").getAttribute("aria-label").includes("step 0`+ofN+`")`, 30*time.Second)

	active := func() string {
		return run(t, ctx, chromedp.Evaluate[string](`document.activeElement ? (document.activeElement.id || document.activeElement.className || document.activeElement.tagName) : ""`))
	}
	do(t, ctx, chromedp.KeyEvent(kb.Tab))
	if a := active(); a != "ws-skip" {
		t.Fatalf("the first Tab focuses %q, want the skip link", a)
	}
	for _, id := range toolbar {
		do(t, ctx, chromedp.KeyEvent(kb.Tab))
		if a := active(); a != id {
			t.Fatalf("Tab reached %q, want %q", a, id)
		}
		if id == "ws-next" {
			settle(t, ctx)
			screenshot(t, ctx, shotsDir(t), "a11y-toolbar.png")
		}
	}
	visible := run(t, ctx, chromedp.Evaluate[bool](`document.getElementById("ws-toolbar").getBoundingClientRect().top >= 0`))
	if !visible {
		t.Error("the focused toolbar is off screen")
	}
	// Back to Next with Shift+Tab, then Enter until the 410.
	for range toolbar[2:] {
		do(t, ctx, chromedp.KeyEvent(kb.Tab, chromedp.KeyModifiers(chromedp.ModifierShift)))
	}
	if a := active(); a != "ws-next" {
		t.Fatalf("Shift+Tab back to %q, want ws-next", a)
	}
	for i := 0; i < 16; i++ {
		before := getLesson(t, ctx)
		do(t, ctx, chromedp.KeyEvent(kb.Enter))
		waitFor(t, ctx, fmt.Sprintf(`(() => { const s = JSON.parse(window.watchscope.state());
			return s.step !== %d || !!s.pending !== %v; })()`, before.Step, before.Pending), 30*time.Second)
		if active() != "ws-next" {
			t.Fatalf("Enter moved the focus to %q", active())
		}
		if run(t, ctx, chromedp.Evaluate[bool](`document.getElementById("ws-alerts").textContent.includes("410")`)) {
			break
		}
		waitFor(t, ctx, `(() => { const s = JSON.parse(window.watchscope.state());
			return document.getElementById("ws-stepof").textContent === "step " + s.feed.lesson.step + "`+ofN+`"; })()`, 5*time.Second)
	}
	waitFor(t, ctx, `document.getElementById("ws-alerts").textContent.includes("410 Gone")`, 5*time.Second)
	alert := run(t, ctx, chromedp.Evaluate[string](`document.getElementById("ws-alerts").textContent`))
	live := run(t, ctx, chromedp.Evaluate[string](`document.getElementById("ws-alerts").getAttribute("aria-live")`))
	log := run(t, ctx, chromedp.Evaluate[string](`document.getElementById("ws-feed").textContent`))
	t.Logf("alert: %s", alert)
	if live != "assertive" || !strings.Contains(alert, "resourceVersion") {
		t.Errorf("alert region (aria-live=%q) says %q", live, alert)
	}
	if !strings.Contains(log, "step 1"+ofN) || !strings.Contains(log, "PREDICT") {
		t.Errorf("the polite log lacks the steps and the question: %q", log)
	}

	// The question's choices are buttons after the toolbar: Tab to the
	// first, Enter picks it, and the mirror shows while it has the focus.
	send(t, ctx, "lesson gone-410")
	send(t, ctx, "goto 1")
	send(t, ctx, "next")
	waitFor(t, ctx, `(() => { const s = JSON.parse(window.watchscope.state()); const b = document.getElementById("ws-choice-1");
		return s.step === 1 && s.pending && b !== null && !b.disabled; })()`, 30*time.Second)
	do(t, ctx, chromedp.Focus(chromedp.ID("ws-console")), chromedp.KeyEvent(kb.Tab))
	if a := active(); a != "ws-choice-1" {
		t.Fatalf("Tab after the toolbar reached %q, want the first choice", a)
	}
	do(t, ctx, chromedp.KeyEvent(kb.Enter))
	waitFor(t, ctx, `JSON.parse(window.watchscope.state()).feed.lesson.picked === 1`, 10*time.Second)
	waitFor(t, ctx, `document.getElementById("ws-choice-1").getAttribute("aria-pressed") === "true" &&
		document.activeElement.id === "ws-choice-1"`, 5*time.Second)
	box := run(t, ctx, chromedp.Evaluate[float64](`document.getElementById("ws-lesson").getBoundingClientRect().height`))
	if box < 100 {
		t.Errorf("the focused lesson mirror is %.0f px high: not shown", box)
	}
	screenshot(t, ctx, shotsDir(t), "a11y-question.png")
	if f := cons.failures(); len(f) > 0 {
		t.Fatalf("console errors:\n%v", f)
	}
}

// TestA11yPickerRows opens the lesson picker from the keyboard alone: the
// toolbar's Lessons puts a button per lesson in the DOM, in the stage's
// order, with the focus on the first; Tab and Enter open the third; the
// list goes and the focus is back on Lessons.
func TestA11yPickerRows(t *testing.T) {
	ctx, cons, _ := stage(t, 1920, 1080, "/?lesson=revisions")
	waitFor(t, ctx, `document.querySelector("canvas[role=img]") !== null`, 30*time.Second)
	active := func() string {
		return run(t, ctx, chromedp.Evaluate[string](`document.activeElement ? document.activeElement.id : ""`))
	}
	do(t, ctx, chromedp.Focus(chromedp.ID("ws-lessons")), chromedp.KeyEvent(kb.Enter))
	waitFor(t, ctx, `document.activeElement && document.activeElement.id === "ws-pick-1"`, 10*time.Second)
	var rows []struct {
		ID    string `json:"id"`
		Title string `json:"title"`
	}
	decode(t, run(t, ctx, chromedp.Evaluate[string](`JSON.stringify(JSON.parse(window.watchscope.state()).picker.rows)`)), &rows)
	ids := run(t, ctx, chromedp.Evaluate[[]string](`[...document.querySelectorAll("#ws-picker ol button")].map(b => b.dataset.id)`))
	if len(rows) < 3 || len(ids) != len(rows) {
		t.Fatalf("%d picker buttons in the DOM for %d rows in state()", len(ids), len(rows))
	}
	for i, r := range rows {
		if ids[i] != r.ID {
			t.Fatalf("button %d is %q, state() row %d is %q", i+1, ids[i], i+1, r.ID)
		}
	}
	box := run(t, ctx, chromedp.Evaluate[float64](`document.getElementById("ws-picker").getBoundingClientRect().height`))
	if box < 200 {
		t.Errorf("the focused picker is %.0f px high: not shown", box)
	}
	settle(t, ctx)
	screenshot(t, ctx, shotsDir(t), "a11y-picker.png")
	do(t, ctx, chromedp.KeyEvent(kb.Tab), chromedp.KeyEvent(kb.Tab))
	if a := active(); a != "ws-pick-3" {
		t.Fatalf("two Tabs from the first row reached %q, want ws-pick-3", a)
	}
	do(t, ctx, chromedp.KeyEvent(kb.Enter))
	waitFor(t, ctx, fmt.Sprintf(`(() => { const s = JSON.parse(window.watchscope.state());
		return s.lesson === %q && !s.picker; })()`, rows[2].ID), 30*time.Second)
	waitFor(t, ctx, `document.querySelectorAll("#ws-picker button").length === 0 &&
		document.activeElement && document.activeElement.id === "ws-lessons"`, 5*time.Second)
	if f := cons.failures(); len(f) > 0 {
		t.Fatalf("console errors:\n%v", f)
	}
}

// TestA11yStartAndLegend: a first visit's start screen is in the
// accessibility layer (its sentence, "Start: Revisions", every lesson of
// the path with its minutes, the sandbox), and its first button opens the
// first lesson from the keyboard; the toolbar's Legend opens the legend
// in words (every timeline marker the stage explains), takes the focus to
// its Close, and Close gives it back.
func TestA11yStartAndLegend(t *testing.T) {
	ctx, cons, _ := stage(t, 1280, 720, "/")
	waitFor(t, ctx, `document.querySelectorAll("#ws-start button").length > 2`, 30*time.Second)
	var st struct {
		StartScreen struct {
			About   string `json:"about"`
			Buttons []struct{ Label, Cmd string }
		} `json:"startScreen"`
	}
	decode(t, run(t, ctx, chromedp.Evaluate[string](`window.watchscope.state()`)), &st)
	all, err := lessons.All()
	if err != nil {
		t.Fatal(err)
	}
	dom := run(t, ctx, chromedp.Evaluate[[]string](`[...document.querySelectorAll("#ws-start button")].map(b => b.textContent)`))
	text := run(t, ctx, chromedp.Evaluate[string](`document.getElementById("ws-start").textContent`))
	if len(dom) != len(st.StartScreen.Buttons) || len(dom) < len(all) || !strings.HasPrefix(dom[0], "Start: Revisions") {
		t.Fatalf("the start screen's buttons in the DOM: %q", dom)
	}
	if !strings.Contains(text, st.StartScreen.About) || st.StartScreen.About == "" {
		t.Errorf("the start screen's sentence %q is not in the DOM: %q", st.StartScreen.About, text)
	}
	for _, l := range all {
		if l.ID != "sandbox" && !strings.Contains(text, fmt.Sprintf("%s (%d min)", l.Title, l.Minutes)) {
			t.Errorf("the start screen in the DOM lacks %q with its minutes", l.Title)
		}
	}
	if !strings.Contains(dom[len(dom)-1], "sandbox") {
		t.Errorf("the last start button is %q, want the sandbox", dom[len(dom)-1])
	}
	run(t, ctx, chromedp.Evaluate[chromedp.Void](`document.getElementById("ws-start-0").focus()`))
	do(t, ctx, chromedp.KeyEvent(kb.Enter))
	waitFor(t, ctx, `JSON.parse(window.watchscope.state()).lesson === "revisions"`, 30*time.Second)
	waitFor(t, ctx, `document.querySelectorAll("#ws-start button").length === 0`, 5*time.Second)

	run(t, ctx, chromedp.Evaluate[chromedp.Void](`document.getElementById("ws-legend-open").focus()`))
	do(t, ctx, chromedp.KeyEvent(kb.Enter))
	waitFor(t, ctx, `document.activeElement && document.activeElement.id === "ws-legend-close"`, 10*time.Second)
	legend := run(t, ctx, chromedp.Evaluate[string](`document.getElementById("ws-legend").textContent`))
	for _, w := range []string{"410 Gone", "etcd compaction", "an OOM kill", "ADDED", "BOOKMARK", "a watch cache's ring"} {
		if !strings.Contains(legend, w) {
			t.Errorf("the legend in the DOM lacks %q: %s", w, legend)
		}
	}
	if role := run(t, ctx, chromedp.Evaluate[string](`document.getElementById("ws-legend").getAttribute("role")`)); role != "dialog" {
		t.Errorf("the legend's role is %q, want dialog", role)
	}
	settle(t, ctx)
	screenshot(t, ctx, shotsDir(t), "a11y-legend.png")
	do(t, ctx, chromedp.KeyEvent(kb.Enter)) // Close
	waitFor(t, ctx, `JSON.parse(window.watchscope.state()).legend === undefined`, 10*time.Second)
	waitFor(t, ctx, `document.activeElement && document.activeElement.id === "ws-legend-open"`, 10*time.Second)
	if f := cons.failures(); len(f) > 0 {
		t.Fatalf("console errors:\n%v", f)
	}
}
