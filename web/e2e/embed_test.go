//go:build e2e

package e2e

import (
	"context"
	"encoding/json"
	"fmt"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"

	"watchscope/lessons"
	"watchscope/web"
)

// hostMsg is one message the stage posted to the example host page.
type hostMsg struct {
	Type    string          `json:"type"`
	To      string          `json:"to"`
	OK      bool            `json:"ok"`
	Error   string          `json:"error"`
	Lesson  string          `json:"lesson"`
	Step    int             `json:"step"`
	Steps   int             `json:"steps"`
	Pending bool            `json:"pending"`
	Choice  int             `json:"choice"`
	Correct int             `json:"correct"`
	Right   bool            `json:"right"`
	Passed  int             `json:"passed"`
	Failed  int             `json:"failed"`
	State   json.RawMessage `json:"state"`
}

func hostLog(t *testing.T, ctx context.Context) []hostMsg {
	t.Helper()
	var out []hostMsg
	decode(t, run(t, ctx, chromedp.Evaluate[string](`JSON.stringify(window.hostLog)`)), &out)
	return out
}

// waitHost waits for the count-th message (0-based) of type typ and returns it.
func waitHost(t *testing.T, ctx context.Context, typ string, count int) hostMsg {
	t.Helper()
	waitFor(t, ctx, fmt.Sprintf(`window.hostLog.filter(m => m.type === %q).length > %d`, typ, count), 60*time.Second)
	var got []hostMsg
	for _, m := range hostLog(t, ctx) {
		if m.Type == typ {
			got = append(got, m)
		}
	}
	return got[count]
}

func countHost(t *testing.T, ctx context.Context, typ string) int {
	return run(t, ctx, chromedp.Evaluate[int](fmt.Sprintf(`window.hostLog.filter(m => m.type === %q).length`, typ)))
}

// stageState reads the framed stage's own state() (same origin).
func stageState(t *testing.T, ctx context.Context) lessonState {
	t.Helper()
	var s lessonState
	decode(t, run(t, ctx, chromedp.Evaluate[string](`document.getElementById("stage").contentWindow.watchscope.state()`)), &s)
	return s
}

// TestEmbedHostPage drives the stage inside web/host.html the way a course
// page does: the host's buttons post requests into the iframe, and the
// stage's events (ready, step, prediction, finished) reach the host with
// the lesson's real answers and verdicts.
func TestEmbedHostPage(t *testing.T) {
	l, err := lessons.ByID("gone-410")
	if err != nil {
		t.Fatal(err)
	}
	srv := httptest.NewServer(web.Handler(buildSite(t)))
	defer srv.Close()
	ctx := browser(t)
	cons := watchConsole(ctx)
	do(t, ctx, chromedp.EmulateViewport(1600, 900), chromedp.Navigate(srv.URL+"/host.html"))
	if r := waitHost(t, ctx, "ready", 0); r.Lesson != "gone-410" || r.Steps != len(l.Steps) || r.Step != 0 {
		t.Fatalf("ready %+v, want gone-410 at step 0 of %d", r, len(l.Steps))
	}

	// Next (a button) and a step event with the stage's own position.
	do(t, ctx, chromedp.Click(chromedp.CSS(`button[data-send="next"]`)))
	if st := waitHost(t, ctx, "step", 0); st.Step != 1 || st.Lesson != "gone-410" {
		t.Fatalf("after Next: step event %+v, want step 1", st)
	}
	if r := waitHost(t, ctx, "reply", 0); r.To != "send" || !r.OK {
		t.Errorf("reply to send: %+v", r)
	}

	// Answer every question: the first one right, the others wrong, each
	// seen as a prediction event with the lesson's own right answer.
	asked := 0
	for i := 0; i < 4*len(l.Steps) && !stageState(t, ctx).Done; i++ {
		s := stageState(t, ctx)
		if s.Pending {
			ask := l.Steps[s.Step].Ask
			pick := (ask.Right + min(asked, 1)) % len(ask.Choices)
			do(t, ctx, chromedp.Click(chromedp.CSS(fmt.Sprintf(`button[data-send="pick %d"]`, pick+1))))
			waitFor(t, ctx, fmt.Sprintf(`document.getElementById("stage").contentWindow.watchscope.state().includes('"picked":%d')`, pick+1), 30*time.Second)
			do(t, ctx, chromedp.Click(chromedp.CSS(`button[data-send="next"]`)))
			p := waitHost(t, ctx, "prediction", asked)
			if p.Choice != pick+1 || p.Correct != ask.Right+1 || p.Right != (pick == ask.Right) || p.Step != s.Step+1 {
				t.Errorf("prediction %+v after picking %d (right is %d)", p, pick+1, ask.Right+1)
			}
			asked++
			continue
		}
		n := countHost(t, ctx, "step")
		do(t, ctx, chromedp.Click(chromedp.CSS(`button[data-send="next"]`)))
		waitHost(t, ctx, "step", n)
	}
	if asked < 2 {
		t.Fatalf("answered %d questions; gone-410 asks more", asked)
	}
	f := waitHost(t, ctx, "finished", 0)
	if f.Lesson != "gone-410" || f.Failed != 0 || f.Passed != l.CheckCount() {
		t.Errorf("finished %+v, want all %d checks passed", f, l.CheckCount())
	}
	screenshot(t, ctx, shotsDir(t), "embed-host.png")

	// Requests by message: state, another lesson, a future version.
	do(t, ctx, chromedp.Click(chromedp.CSS(`#get-state`)))
	waitFor(t, ctx, `window.hostLog.some(m => m.type === "reply" && m.to === "state")`, 30*time.Second)
	for _, m := range hostLog(t, ctx) {
		if m.To == "state" && (!m.OK || !strings.Contains(string(m.State), `"lesson":"gone-410"`)) {
			t.Errorf("state reply %+v", m)
		}
	}
	do(t, ctx, chromedp.SetValue(chromedp.CSS(`#lesson-id`), "revisions"), chromedp.Click(chromedp.CSS(`#open-lesson`)))
	waitFor(t, ctx, `window.hostLog.some(m => m.type === "step" && m.lesson === "revisions" && m.step === 0)`, 30*time.Second)
	run(t, ctx, chromedp.Evaluate[bool](`document.getElementById("stage").contentWindow.postMessage({watchscope: 2, type: "state", ref: "v2"}, location.origin) || true`))
	waitFor(t, ctx, `window.hostLog.some(m => m.type === "reply" && m.ref === "v2")`, 30*time.Second)
	for _, m := range hostLog(t, ctx) {
		if m.Type == "reply" && m.To == "state" && !m.OK && !strings.Contains(m.Error, "speaks 1") {
			t.Errorf("version 2 refused with %q; want it to name version 1", m.Error)
		}
	}
	// A frame opened on a late step (the longest replay) is ready once it
	// is there: its first frames come while the steps replay.
	tmw, err := lessons.ByID("too-many-watchers")
	if err != nil {
		t.Fatal(err)
	}
	readies := countHost(t, ctx, "ready")
	run(t, ctx, chromedp.Evaluate[bool](fmt.Sprintf(`(document.getElementById("stage").src = "index.html?lesson=too-many-watchers&step=%d"), true`, len(tmw.Steps))))
	if r := waitHost(t, ctx, "ready", readies); r.Lesson != "too-many-watchers" || r.Step != len(tmw.Steps) {
		t.Errorf("a frame opened at step %d was ready at %+v", len(tmw.Steps), r)
	}
	if f := cons.failures(); len(f) > 0 {
		t.Fatalf("console errors:\n%v", f)
	}
}

// TestEmbedReadmeSnippet runs the README's minimal host snippet against
// the built app, so the documentation cannot drift from the API. The
// page's CSP forbids inline scripts, so the snippet's script is served as
// a file beside its HTML.
func TestEmbedReadmeSnippet(t *testing.T) {
	readme, err := os.ReadFile("../../README.md")
	if err != nil {
		t.Fatal(err)
	}
	_, rest, ok := strings.Cut(string(readme), "<!-- embed snippet -->\n```html\n")
	snippet, _, ok2 := strings.Cut(rest, "```")
	head, tail, ok3 := strings.Cut(snippet, "<script>")
	script, after, ok4 := strings.Cut(tail, "</script>")
	if !ok || !ok2 || !ok3 || !ok4 {
		t.Fatal("README.md has no <!-- embed snippet --> html block with a <script>")
	}
	dir := buildSite(t)
	page := "<!DOCTYPE html>\n<link rel=\"icon\" href=\"favicon.svg\">\n" + head + `<script src="readme-snippet.js"></script>` + after
	if err := os.WriteFile(filepath.Join(dir, "readme-snippet.html"), []byte(page), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(dir, "readme-snippet.js"), []byte(script), 0o644); err != nil {
		t.Fatal(err)
	}
	srv := httptest.NewServer(web.Handler(dir))
	defer srv.Close()
	ctx := browser(t)
	cons := watchConsole(ctx)
	do(t, ctx, chromedp.Navigate(srv.URL+"/readme-snippet.html"))
	deadline := time.Now().Add(90 * time.Second)
	gone, err := lessons.ByID("gone-410")
	if err != nil {
		t.Fatal(err)
	}
	for !cons.saw("gone-410: step 1 of " + strconv.Itoa(len(gone.Steps))) {
		if time.Now().After(deadline) {
			t.Fatalf("the README snippet never logged step 1; console: %v", cons.failures())
		}
		time.Sleep(100 * time.Millisecond)
	}
	if f := cons.failures(); len(f) > 0 {
		t.Fatalf("console errors:\n%v", f)
	}
}

// saw reports whether the page logged a message containing text.
func (c *consoleLog) saw(text string) bool {
	c.mu.Lock()
	defer c.mu.Unlock()
	for _, m := range c.msgs {
		if strings.Contains(m.String(), text) {
			return true
		}
	}
	return false
}
