//go:build e2e

package e2e

import (
	"archive/zip"
	"bytes"
	"context"
	"encoding/json"
	"encoding/xml"
	"fmt"
	"io"
	"net/http/httptest"
	"net/url"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
	"github.com/chromedp/chromedp/kb"

	"watchscope/lessons"
	"watchscope/web"
)

// The course platform these tests play: lms.html frames a SCO and puts a
// SCORM 1.2 API object in its own window, as Moodle's or SCORM Cloud's
// player does. The API keeps a data model (seeded from the page's query:
// the mastery score the manifest gives, and what an earlier attempt
// saved), records every call with its arguments and result in
// window.lmsCalls, and with fail=set refuses every LMSSetValue with error
// 405 (incorrect data type). It is a file, not an inline script: the
// server's Content-Security-Policy allows scripts from the origin only.
const lmsHTML = `<!DOCTYPE html>
<html><head><meta charset="utf-8"><title>Test course platform</title>
<link rel="icon" href="data:,">
<script src="lms.js"></script></head>
<body style="margin:0"><iframe id="sco" style="border:0;width:100vw;height:100vh"></iframe>
<script src="lms-start.js"></script></body></html>
`

const lmsJS = `"use strict";
const q = new URLSearchParams(location.search);
const model = Object.assign({
  "cmi.core.lesson_status": "not attempted", "cmi.core.lesson_location": "", "cmi.suspend_data": "",
  "cmi.core.entry": "ab-initio", "cmi.student_data.mastery_score": q.get("mastery") || "",
}, JSON.parse(q.get("model") || "{}"));
window.lmsModel = model;
window.lmsCalls = [];
let lastError = "0";
const rec = (fn, args, result) => { window.lmsCalls.push([fn, ...args, result]); return result; };
window.API = {
  LMSInitialize: (a) => rec("LMSInitialize", [a], "true"),
  LMSFinish: (a) => rec("LMSFinish", [a], "true"),
  LMSGetValue: (k) => { lastError = k in model ? "0" : "401"; return rec("LMSGetValue", [k], k in model ? model[k] : ""); },
  LMSSetValue: (k, v) => {
    if (q.get("fail") === "set") { lastError = "405"; return rec("LMSSetValue", [k, v], "false"); }
    lastError = "0"; model[k] = String(v); return rec("LMSSetValue", [k, v], "true");
  },
  LMSCommit: (a) => rec("LMSCommit", [a], "true"),
  LMSGetLastError: () => lastError,
  LMSGetErrorString: (c) => ({ "0": "No error", "401": "Not implemented", "405": "Incorrect Data Type" })[c] || "",
  LMSGetDiagnostic: (c) => "",
};
`

const lmsStartJS = `document.getElementById("sco").src = new URLSearchParams(location.search).get("launch");`

// scormSite unpacks the package of the built app into a folder and adds
// the test platform's page beside it.
func scormSite(t *testing.T) (string, map[string]string) {
	t.Helper()
	scos, err := web.LessonSCOs()
	if err != nil {
		t.Fatal(err)
	}
	var zipped bytes.Buffer
	if err := web.WriteSCORM12(&zipped, buildSite(t), scos); err != nil {
		t.Fatal(err)
	}
	t.Logf("SCORM 1.2 package: %d lessons, %d bytes", len(scos), zipped.Len())
	dir := t.TempDir()
	zr, err := zip.NewReader(bytes.NewReader(zipped.Bytes()), int64(zipped.Len()))
	if err != nil {
		t.Fatal(err)
	}
	for _, f := range zr.File {
		rc, err := f.Open()
		if err != nil {
			t.Fatal(err)
		}
		body, err := io.ReadAll(rc)
		rc.Close()
		if err != nil {
			t.Fatal(err)
		}
		p := filepath.Join(dir, filepath.FromSlash(f.Name))
		os.MkdirAll(filepath.Dir(p), 0o755)
		if err := os.WriteFile(p, body, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	for name, body := range map[string]string{"lms.html": lmsHTML, "lms.js": lmsJS, "lms-start.js": lmsStartJS} {
		os.WriteFile(filepath.Join(dir, name), []byte(body), 0o644)
	}
	// The launch address of every SCO, read back from the manifest.
	var m struct {
		Resources []struct {
			ID   string `xml:"identifier,attr"`
			Href string `xml:"href,attr"`
		} `xml:"resources>resource"`
	}
	raw, _ := os.ReadFile(filepath.Join(dir, "imsmanifest.xml"))
	if err := xml.Unmarshal(raw, &m); err != nil {
		t.Fatal(err)
	}
	launch := map[string]string{}
	for _, r := range m.Resources {
		launch[strings.TrimPrefix(r.ID, "sco-")] = r.Href
	}
	return dir, launch
}

// lmsCall is one recorded call: function, arguments, result.
type lmsCall []string

func lmsCalls(t *testing.T, ctx context.Context) []lmsCall {
	t.Helper()
	var calls []lmsCall
	decode(t, run(t, ctx, chromedp.Evaluate[string](`JSON.stringify(window.lmsCalls)`)), &calls)
	return calls
}

// sets lists the values set for key, in order.
func sets(calls []lmsCall, key string) []string {
	var out []string
	for _, c := range calls {
		if c[0] == "LMSSetValue" && c[1] == key {
			out = append(out, c[2])
		}
	}
	return out
}

// The window the stage runs in: the page's own, or the platform's frame.
const (
	pageWin  = "window"
	frameWin = `document.getElementById("sco").contentWindow`
)

// inWin puts the stage's window into a JavaScript expression.
func inWin(win, expr string) string { return strings.ReplaceAll(expr, "${WIN}", win) }

// winState reads the stage's state() in win.
func winState(t *testing.T, ctx context.Context, win string) playState {
	t.Helper()
	var s playState
	decode(t, run(t, ctx, chromedp.Evaluate[string](inWin(win, `${WIN}.watchscope.state()`))), &s)
	return s
}

// openCourse loads the platform's page framing lesson id's SCO.
func openCourse(t *testing.T, ctx context.Context, base, launch string, q url.Values) {
	t.Helper()
	q.Set("launch", launch)
	do(t, ctx, chromedp.Navigate(base+"/lms.html?"+q.Encode()))
	waitFor(t, ctx, `(() => { const w = document.getElementById("sco").contentWindow;
		return !!(w && w.watchscope && w.watchscope.ready); })()`, 90*time.Second)
	// Focus the stage as a learner's first click does.
	do(t, ctx, chromedp.MouseClickXY(640, 300))
}

// playTo presses → (and a digit at each question: picks[k] for the k-th
// question, true for its right answer) until the stage has played step
// `until` (or the lesson's end), waiting for each step's motion to end.
func playTo(t *testing.T, ctx context.Context, win string, l *lessons.Lesson, until int, picks map[int]bool) {
	t.Helper()
	for i := 0; i < 4*len(l.Steps); i++ {
		waitFor(t, ctx, inWin(win, `(() => { const s = JSON.parse(${WIN}.watchscope.state());
			return !s.playback || !s.playback.playing; })()`), 60*time.Second)
		s := winState(t, ctx, win)
		if win == frameWin {
			// The platform has heard of this step before the learner moves on
			// (the runtime polls the stage every 100 ms).
			waitFor(t, ctx, fmt.Sprintf(`(() => { const r = %s.watchscopeSCORM;
				return !r || !r.api || r.finished || r.errors.length > 0 || r.location === %d; })()`, frameWin, s.Step), 10*time.Second)
		}
		if s.Step >= until {
			return
		}
		if s.Pending {
			ask := l.Steps[s.Step].Ask
			pick := ask.Right
			if !picks[s.Step+1] {
				pick = (ask.Right + 1) % len(ask.Choices)
			}
			do(t, ctx, chromedp.KeyEvent(fmt.Sprint(pick+1)))
			waitFor(t, ctx, inWin(win, fmt.Sprintf(`${WIN}.watchscope.state().includes('"picked":%d')`, pick+1)), 30*time.Second)
		}
		do(t, ctx, chromedp.KeyEvent(kb.ArrowRight))
		waitFor(t, ctx, inWin(win, fmt.Sprintf(`(() => { const s = JSON.parse(${WIN}.watchscope.state());
			return s.step !== %d || s.pending !== %v; })()`, s.Step, s.Pending)), 30*time.Second)
	}
	t.Fatalf("the lesson did not reach step %d", until)
}

var sessionTime = regexp.MustCompile(`^[0-9]{2,4}:[0-5][0-9]:[0-5][0-9](\.[0-9]{1,2})?$`)

// TestSCORMPlatformRecordsALesson plays the revisions lesson (two
// questions) from its SCO on the test platform: the first question right,
// the second wrong. Then a second attempt resumes where a first one
// stopped, with a mastery score the score does not reach. Then a platform
// that refuses every write: the learner is told once, and the lesson plays.
func TestSCORMPlatformRecordsALesson(t *testing.T) {
	l, err := lessons.ByID("revisions")
	if err != nil {
		t.Fatal(err)
	}
	var asks []int
	for i, s := range l.Steps {
		if s.Ask != nil {
			asks = append(asks, i+1)
		}
	}
	if len(asks) != 2 {
		t.Fatalf("revisions has %d questions; this test wants two", len(asks))
	}
	dir, launch := scormSite(t)
	if !strings.Contains(launch["revisions"], "questions=2") {
		t.Fatalf("launch %q", launch["revisions"])
	}
	srv := httptest.NewServer(web.Handler(dir))
	defer srv.Close()
	ctx := browser(t)
	cons := watchConsole(ctx)
	do(t, ctx, chromedp.EmulateViewport(1280, 720))

	// Attempt 1: the whole lesson, mastery 50 from the manifest.
	openCourse(t, ctx, srv.URL, launch["revisions"], url.Values{"mastery": {"50"}})
	playTo(t, ctx, frameWin, l, len(l.Steps), map[int]bool{asks[0]: true, asks[1]: false})
	waitFor(t, ctx, `window.lmsCalls.some(c => c[0] === "LMSFinish")`, 10*time.Second)
	calls := lmsCalls(t, ctx)
	if calls[0][0] != "LMSInitialize" || calls[len(calls)-1][0] != "LMSFinish" {
		t.Errorf("first call %v, last %v: want LMSInitialize ... LMSFinish", calls[0], calls[len(calls)-1])
	}
	status := sets(calls, "cmi.core.lesson_status")
	if len(status) != 2 || status[0] != "incomplete" || status[1] != "passed" {
		t.Errorf("lesson_status set %q; want incomplete, then passed (50 >= mastery 50)", status)
	}
	locs := sets(calls, "cmi.core.lesson_location")
	for step := 1; step <= len(l.Steps); step++ {
		if !containsStr(locs, fmt.Sprint(step)) {
			t.Errorf("lesson_location never %d: %q", step, locs)
		}
	}
	raw := sets(calls, "cmi.core.score.raw")
	if len(raw) != 2 || raw[0] != "50" || raw[1] != "50" {
		t.Errorf("score.raw set %q; want 50 after the right answer and 50 after the wrong one", raw)
	}
	if mn, mx := sets(calls, "cmi.core.score.min"), sets(calls, "cmi.core.score.max"); len(mn) == 0 || mn[0] != "0" || mx[0] != "100" {
		t.Errorf("score min %q max %q", mn, mx)
	}
	st := sets(calls, "cmi.core.session_time")
	if len(st) != 1 || !sessionTime.MatchString(st[0]) {
		t.Errorf("session_time %q: want one, as HHHH:MM:SS.SS", st)
	}
	if n := countCalls(calls, "LMSCommit"); n < len(l.Steps) {
		t.Errorf("%d commits for %d steps", n, len(l.Steps))
	}

	// Attempt 2 resumes where the learner stood after the first question
	// (the location and suspend data saved then), with mastery 80.
	var savedAt, suspend string
	for _, c := range calls {
		if c[0] == "LMSSetValue" && c[1] == "cmi.core.lesson_location" && c[2] == fmt.Sprint(asks[0]) {
			savedAt = c[2]
		}
		if savedAt != "" && suspend == "" && c[0] == "LMSSetValue" && c[1] == "cmi.suspend_data" {
			suspend = c[2]
		}
	}
	model, _ := json.Marshal(map[string]string{"cmi.core.lesson_location": savedAt, "cmi.suspend_data": suspend,
		"cmi.core.entry": "resume", "cmi.core.lesson_status": "incomplete"})
	openCourse(t, ctx, srv.URL, launch["revisions"], url.Values{"mastery": {"80"}, "model": {string(model)}})
	waitFor(t, ctx, inWin(frameWin, fmt.Sprintf(`JSON.parse(${WIN}.watchscope.state()).step === %d`, asks[0])), 30*time.Second)
	playTo(t, ctx, frameWin, l, len(l.Steps), map[int]bool{asks[1]: false})
	waitFor(t, ctx, `window.lmsCalls.some(c => c[0] === "LMSFinish")`, 10*time.Second)
	calls = lmsCalls(t, ctx)
	if locs := sets(calls, "cmi.core.lesson_location"); len(locs) == 0 || locs[0] != savedAt {
		t.Errorf("resumed attempt saved locations %q; want the first to be the resumed step %s", locs, savedAt)
	}
	if status := sets(calls, "cmi.core.lesson_status"); len(status) != 1 || status[0] != "failed" {
		t.Errorf("resumed attempt: lesson_status %q; want failed (50 < mastery 80)", status)
	}
	if raw := sets(calls, "cmi.core.score.raw"); len(raw) != 1 || raw[0] != "50" {
		t.Errorf("resumed attempt: score.raw %q; want 50 (the first answer kept from attempt 1)", raw)
	}

	// A platform that refuses every write: one message, and the lesson goes on.
	openCourse(t, ctx, srv.URL, launch["revisions"], url.Values{"fail": {"set"}})
	waitFor(t, ctx, `!!document.getElementById("sco").contentDocument.getElementById("scorm-error")`, 10*time.Second)
	msg := run(t, ctx, chromedp.Evaluate[string](`document.getElementById("sco").contentDocument.getElementById("scorm-error").textContent`))
	if !strings.Contains(msg, "405") || !strings.Contains(msg, "Incorrect Data Type") || !strings.Contains(msg, "lesson goes on") {
		t.Errorf("platform error message %q", msg)
	}
	screenshot(t, ctx, shotsDir(t), "scorm-platform-error.png")
	playTo(t, ctx, frameWin, l, 2, nil)
	if n := run(t, ctx, chromedp.Evaluate[int](`document.getElementById("sco").contentDocument.querySelectorAll("#scorm-error").length`)); n != 1 {
		t.Errorf("%d error messages; want one", n)
	}
	if f := cons.failures(); len(f) > 0 {
		t.Errorf("console errors:\n%v", f)
	}
}

func containsStr(list []string, s string) bool {
	for _, x := range list {
		if x == s {
			return true
		}
	}
	return false
}

func countCalls(calls []lmsCall, fn string) int {
	n := 0
	for _, c := range calls {
		if c[0] == fn {
			n++
		}
	}
	return n
}
