//go:build e2e

package e2e

import (
	"context"
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
	"github.com/chromedp/chromedp/kb"

	"watchscope/lessons"
)

// TestPresenterNotesFollow opens the stage and, in a second tab of the
// same browser, the speaker's notes window. The notes window turns
// presenter mode on, follows every step the stage takes (title, notes,
// next cue and the cue it holds on, all compared with the lesson file),
// and its keys drive the stage: → moves it, R rewinds to the last cue.
func TestPresenterNotesFollow(t *testing.T) {
	l, err := lessons.ByID("gone-410")
	if err != nil {
		t.Fatal(err)
	}
	ctx, cons, base := stage(t, 1280, 720, "/?lesson=gone-410")
	start := time.Now()

	notes, cancel := chromedp.NewContext(ctx) // a second tab, same browser, same origin
	defer cancel()
	notesCons := watchConsole(notes)
	do(t, notes, chromedp.EmulateViewport(1280, 800), chromedp.Navigate(base+"/presenter.html"))
	waitFor(t, notes, `(() => { const s = window.watchscopeNotes && window.watchscopeNotes.state();
		return !!(s && s.present && s.present.on); })()`, 20*time.Second)
	if s := getLesson(t, ctx); s.Step != 0 {
		t.Fatalf("the stage moved before anyone pressed a key: step %d", s.Step)
	}

	// The stage moves, the notes follow: step 1 is a cue step with notes.
	send(t, ctx, "next")
	followed(t, notes, l, 1)

	// Keys in the notes window move the stage: step 2 asks first, then plays.
	notesKey(t, ctx, notes, kb.PageDown, 1, true)
	if q := text(t, notes, "#question"); !strings.Contains(q, l.Steps[1].Ask.Question) {
		t.Errorf("the notes window does not show step 2's question: %q", q)
	}
	notesKey(t, ctx, notes, kb.ArrowRight, 2, false)
	// Space, as the stage takes it: while a step plays in slow motion it
	// pauses the motion; once the step holds its end, it is the next beat.
	waitFor(t, ctx, `!JSON.parse(window.watchscope.state()).playback.playing`, 30*time.Second)
	notesKey(t, ctx, notes, " ", 3, false)
	followed(t, notes, l, 3)

	// R rewinds to the last cue: from step 4, back to step 3's cue.
	send(t, ctx, "next")
	waitStep(t, ctx, 4, false)
	notesKey(t, ctx, notes, "r", 3, false)
	followed(t, notes, l, 3)
	send(t, ctx, "back")
	waitStep(t, ctx, 2, false)
	do(t, ctx, chromedp.KeyEvent("r")) // the stage's own R
	waitStep(t, ctx, 1, false)
	followed(t, notes, l, 1) // step 1: notes and a cue
	screenshot(t, notes, shotsDir(t), "presenter-notes.png")
	settle(t, ctx)
	screenshot(t, ctx, shotsDir(t), "presenter-stage-hold.png")

	// The talk timer started when the stage left the intro; reset stops it at zero.
	if !run(t, notes, chromedp.Evaluate[bool](`window.watchscopeNotes.state().timer.running`)) {
		t.Errorf("the timer did not start with the first step")
	}
	do(t, notes, chromedp.Click(chromedp.CSS("#reset")))
	waitFor(t, notes, `document.getElementById("clock").textContent === "0:00" &&
		!window.watchscopeNotes.state().timer.running`, 10*time.Second)
	// N on the stage opens a notes window of its own, which says hello.
	do(t, ctx, chromedp.KeyEvent("n"))
	waitFor(t, ctx, `window.watchscopePresent.notesWindows() === 2`, 20*time.Second)
	t.Logf("presenter test took %v after the stage loaded", time.Since(start).Round(time.Millisecond))
	for _, c := range []*consoleLog{cons, notesCons} {
		if f := c.failures(); len(f) > 0 {
			t.Fatalf("console errors:\n%v", f)
		}
	}
}

// followed waits until the notes window shows played step n of l as the
// lesson file has it: title, notes, next cue, and the hold on a cue step.
func followed(t *testing.T, notes context.Context, l *lessons.Lesson, n int) {
	t.Helper()
	st := l.Steps[n-1]
	wantNotes := st.Notes
	if wantNotes == "" {
		wantNotes = "No speaker notes for this step."
	}
	nextCue := "—"
	for _, s := range l.Steps[n:] {
		if s.Cue != "" {
			nextCue = s.Cue
			break
		}
	}
	hold := ""
	if st.Cue != "" {
		hold = st.Cue
	}
	pred := fmt.Sprintf(`(() => { const g = (id) => document.getElementById(id);
		return g("title").textContent === %q && g("notes").textContent === %q &&
			g("nextcuelabel").textContent === %q && g("hold").hidden === %v &&
			g("holdlabel").textContent === %q && g("step").textContent.startsWith("Step %d of"); })()`,
		st.Title, wantNotes, nextCue, hold == "", hold, n)
	if _, err := chromedp.Run(notes, chromedp.Poll[chromedp.Void](pred,
		chromedp.WithPollingInterval(50*time.Millisecond), chromedp.WithPollingTimeout(20*time.Second))); err != nil {
		got := run(t, notes, chromedp.Evaluate[string](`JSON.stringify(window.watchscopeNotes.state())`))
		t.Fatalf("the notes window does not show step %d %q (next cue %q, hold %q): %v\nit has: %s", n, st.Title, nextCue, hold, err, got)
	}
}

// notesKey presses a key in the notes window and waits for the stage to
// stand at played steps n (pending: with the next step's question showing).
func notesKey(t *testing.T, ctx, notes context.Context, key string, n int, pending bool) {
	t.Helper()
	do(t, notes, chromedp.KeyEvent(key))
	waitStep(t, ctx, n, pending)
}

func waitStep(t *testing.T, ctx context.Context, n int, pending bool) {
	t.Helper()
	waitFor(t, ctx, fmt.Sprintf(`(() => { const s = JSON.parse(window.watchscope.state());
		return s.step === %d && !!s.pending === %v; })()`, n, pending), 20*time.Second)
}

func text(t *testing.T, ctx context.Context, sel string) string {
	t.Helper()
	return run(t, ctx, chromedp.Evaluate[string](fmt.Sprintf(`document.querySelector(%q).textContent`, sel)))
}
