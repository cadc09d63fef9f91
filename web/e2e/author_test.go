//go:build e2e

package e2e

import (
	"context"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"

	"watchscope/lessons"
)

// TestAuthorOpensLessonFile opens lesson files through the page's file
// input, as a trainer's file picker does. A broken file lists its
// problems in the stage's panel (watchscope.panel()), file.md:LINE: message exactly as the lessons
// parser (and `go run . lint`) words them, and the lesson playing keeps
// playing; a valid file opens and plays to its end with every check
// passing. A watched file (a stand-in for a FileSystemFileHandle)
// reloads on save, on the same step; a broken save shows its errors and
// changes nothing; the fixed save closes the panel.
func TestAuthorOpensLessonFile(t *testing.T) {
	good, err := os.ReadFile("../../ui/live/testdata/cues.md")
	if err != nil {
		t.Fatal(err)
	}
	broken := strings.Replace(strings.Replace(string(good), "```check", "```chek", 1), "put /b 1", "putt /b 1", 1)
	want := problems(t, "broken.md", broken)
	dir := t.TempDir()
	for name, text := range map[string]string{"broken.md": broken, "cues.md": string(good)} {
		if err := os.WriteFile(filepath.Join(dir, name), []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
	}

	ctx, cons, origin := stage(t, 1280, 720, "/?lesson=revisions&step=2")
	start := time.Now()

	// A broken file: its problems, line by line; the stage stays where it was.
	do(t, ctx, chromedp.SetUploadFiles(chromedp.CSS("#author-file"), []string{filepath.Join(dir, "broken.md")}))
	waitFor(t, ctx, problemsShown, 20*time.Second)
	got := run(t, ctx, chromedp.Evaluate[[]string](`JSON.parse(watchscope.panel()).extra.problems`))
	if strings.Join(got, "\n") != strings.Join(want, "\n") {
		t.Errorf("the panel lists\n%s\nthe parser says\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
	if note := panelText(t, ctx); !strings.Contains(note, "Live reload is off") {
		t.Errorf("a plain file: the panel does not say live reload is off: %q", note)
	}
	settle(t, ctx)
	screenshot(t, ctx, shotsDir(t), "author-errors.png")
	if s := getLesson(t, ctx); s.Lesson != "revisions" || s.Step != 2 {
		t.Errorf("a broken file moved the stage to %s step %d", s.Lesson, s.Step)
	}
	clickPanelButton(t, ctx, "Close")
	waitFor(t, ctx, `watchscope.panel() === null`, 10*time.Second)

	// A valid file opens at its intro and plays to the end, every check passing.
	do(t, ctx, chromedp.SetUploadFiles(chromedp.CSS("#author-file"), []string{filepath.Join(dir, "cues.md")}))
	waitFor(t, ctx, `(() => { const s = JSON.parse(window.watchscope.state());
		return s.lesson === "cue-test" && s.step === 0; })()`, 20*time.Second)
	waitFor(t, ctx, `!document.getElementById("author-toast").hidden`, 10*time.Second)
	settle(t, ctx)
	screenshot(t, ctx, shotsDir(t), "author-opened.png")
	for i := 0; i < 8; i++ {
		send(t, ctx, "next")
	}
	waitFor(t, ctx, `JSON.parse(window.watchscope.state()).done`, 20*time.Second)
	if s := getLesson(t, ctx); s.Failed != 0 || s.Passed != 3 {
		t.Errorf("the opened lesson: %d checks passed, %d failed; want 3 and 0", s.Passed, s.Failed)
	}

	// A file dropped on the page opens the same way.
	js, _ := json.Marshal(strings.Replace(string(good), "id: cue-test", "id: cue-dropped", 1))
	run(t, ctx, chromedp.Evaluate[chromedp.Void](fmt.Sprintf(`(() => { const dt = new DataTransfer();
		dt.items.add(new File([%s], "dropped.md", { type: "text/markdown" }));
		document.body.dispatchEvent(new DragEvent("drop", { dataTransfer: dt, bubbles: true, cancelable: true })); })()`, js)))
	waitFor(t, ctx, `JSON.parse(window.watchscope.state()).lesson === "cue-dropped"`, 20*time.Second)

	// O opens the stage's panel; "Paste the lesson's text" opens the clipboard's.
	grantClipboard(t, ctx, origin)
	pasted, _ := json.Marshal(strings.Replace(string(good), "id: cue-test", "id: cue-pasted", 1))
	run(t, ctx, chromedp.Evaluate[chromedp.Void](fmt.Sprintf(`navigator.clipboard.writeText(%s)`, pasted), awaitPromise))
	do(t, ctx, chromedp.KeyEvent("o"))
	waitFor(t, ctx, `(() => { const p = JSON.parse(watchscope.panel()); return !!p && p.name === "open"; })()`, 10*time.Second)
	settle(t, ctx)
	screenshot(t, ctx, shotsDir(t), "author-open.png")
	clickPanelButton(t, ctx, "Paste the lesson's text")
	waitFor(t, ctx, `JSON.parse(window.watchscope.state()).lesson === "cue-pasted" && watchscope.panel() === null`, 20*time.Second)

	liveReload(t, ctx, string(good), broken, want)
	t.Logf("author test took %v after the stage loaded", time.Since(start).Round(time.Millisecond))
	if f := cons.failures(); len(f) > 0 {
		t.Fatalf("console errors:\n%v", f)
	}
}

// liveReload drives the polling with a stand-in for a FileSystemFileHandle:
// an object with a name and getFile(), whose file the test "saves".
func liveReload(t *testing.T, ctx context.Context, good, broken string, want []string) {
	t.Helper()
	js, _ := json.Marshal(good)
	run(t, ctx, chromedp.Evaluate[chromedp.Void](fmt.Sprintf(`window.__lesson = { name: "cues.md", kind: "file",
		text: %s, lastModified: 1,
		getFile() { return Promise.resolve(new File([this.text], this.name, { lastModified: this.lastModified })); } };
		window.watchscopeAuthor.openHandle(window.__lesson)`, js)))
	waitFor(t, ctx, `(() => { const s = JSON.parse(window.watchscope.state());
		return s.lesson === "cue-test" && s.step === 0 && window.watchscopeAuthor.status().live; })()`, 20*time.Second)
	send(t, ctx, "next")
	send(t, ctx, "next")
	waitStep(t, ctx, 2, false)

	save := func(text string, stamp int) {
		js, _ := json.Marshal(text)
		run(t, ctx, chromedp.Evaluate[chromedp.Void](fmt.Sprintf(`window.__lesson.text = %s; window.__lesson.lastModified = %d`, js, stamp)))
	}
	edited := strings.Replace(good, "We write again and stop to talk.", "We write a second time, then stop.", 1)
	save(edited, 2)
	waitFor(t, ctx, `JSON.parse(window.watchscope.present()).narration === "We write a second time, then stop."`, 10*time.Second)
	waitStep(t, ctx, 2, false)

	save(broken, 3)
	waitFor(t, ctx, problemsShown, 10*time.Second)
	got := run(t, ctx, chromedp.Evaluate[[]string](`JSON.parse(watchscope.panel()).extra.problems`))
	if len(got) != len(want) || !strings.Contains(panelText(t, ctx), "keeps playing the previous one") {
		t.Errorf("a broken save: the panel lists %q", got)
	}
	if !strings.Contains(panelText(t, ctx), "Watching cues.md") {
		t.Errorf("a watched file: the panel does not say it is watched")
	}
	waitStep(t, ctx, 2, false)

	save(good, 4)
	waitFor(t, ctx, `watchscope.panel() === null &&
		JSON.parse(window.watchscope.present()).narration === "We write again and stop to talk."`, 10*time.Second)
	waitStep(t, ctx, 2, false)
}

// problemsShown: the stage's open-a-lesson panel lists a file's problems.
const problemsShown = `(() => { const p = JSON.parse(watchscope.panel()); return !!p && p.name === "open" && !!p.extra; })()`

// panelText is the open panel's lines, one a line.
func panelText(t *testing.T, ctx context.Context) string {
	t.Helper()
	return run(t, ctx, chromedp.Evaluate[string](`JSON.parse(watchscope.panel()).lines.join("\n")`))
}

// clickPanelButton clicks a button of the stage's open panel where it is
// drawn, as a mouse does.
func clickPanelButton(t *testing.T, ctx context.Context, label string) {
	t.Helper()
	xy := run(t, ctx, chromedp.Evaluate[[]float64](fmt.Sprintf(`(() => { const b = JSON.parse(watchscope.panel()).buttons.find((b) => b.label === %q);
		return [b.x + b.w / 2, b.y + b.h / 2]; })()`, label)))
	do(t, ctx, chromedp.MouseClickXY(xy[0], xy[1]))
}

// problems is what the lessons parser says about a file, line by line.
func problems(t *testing.T, name, src string) []string {
	t.Helper()
	_, err := lessons.Parse(name, []byte(src))
	pe, ok := err.(*lessons.ParseError)
	if !ok || len(pe.Problems) < 2 {
		t.Fatalf("the broken file is not broken twice: %v", err)
	}
	out := make([]string, len(pe.Problems))
	for i, p := range pe.Problems {
		out[i] = p.String()
	}
	return out
}
