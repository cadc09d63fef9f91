//go:build e2e

package e2e

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"image"
	"image/png"
	"math/rand/v2"
	"net/http/httptest"
	"os"
	"path/filepath"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
	"github.com/chromedp/chromedp/kb"

	"watchscope/lessons"
	"watchscope/web"
)

// lessonState is the lesson part of watchscope.state().
type lessonState struct {
	Mode    string `json:"mode"`
	Lesson  string `json:"lesson"`
	Step    int    `json:"step"`
	Steps   int    `json:"steps"`
	Pending bool   `json:"pending"`
	Done    bool   `json:"done"`
	Passed  int    `json:"passed"`
	Failed  int    `json:"failed"`
	Message string `json:"message"`
	Checks  []struct {
		Claim string `json:"claim"`
		Pass  bool   `json:"pass"`
		Saw   string `json:"saw"`
	} `json:"checks"`
}

func getLesson(t *testing.T, ctx context.Context) lessonState {
	t.Helper()
	var s lessonState
	decode(t, run(t, ctx, chromedp.Evaluate[string](`window.watchscope.state()`)), &s)
	return s
}

// open navigates to a deep link and waits for the first frame and for
// the stage to be where the link asks: a late step's replay goes on over
// the first frames (state().busy says how far).
func open(t *testing.T, ctx context.Context, url string) {
	t.Helper()
	do(t, ctx, chromedp.Navigate(url))
	waitFor(t, ctx, `window.watchscope && window.watchscope.ready === true`, 120*time.Second)
	waitFor(t, ctx, `!JSON.parse(window.watchscope.state()).busy`, 120*time.Second)
}

// TestLessonsPlayInBrowser plays every lesson to its end through the JS
// API, as a trainer's page would, and requires every check to pass in the
// browser exactly as `go run . check` does natively. At every beat that
// shows a question the stage's scene is checked (checkScene: focus,
// caches, no text on text, dark and projector); the played steps are
// TestEveryStepByDeepLink's, by deep link. The key step of each
// (the one with the most highlights, else the middle one) is compared
// loosely with a committed golden screenshot.
func TestLessonsPlayInBrowser(t *testing.T) {
	all, err := lessons.All()
	if err != nil {
		t.Fatal(err)
	}
	srv := httptest.NewServer(web.Handler(buildSite(t)))
	defer srv.Close()
	ctx := browser(t)
	cons := watchConsole(ctx)
	do(t, ctx, chromedp.EmulateViewport(1920, 1080))
	for _, l := range all {
		t.Run(l.ID, func(t *testing.T) {
			key := keyStep(l)
			open(t, ctx, fmt.Sprintf("%s/?lesson=%s&step=%d", srv.URL, l.ID, key))
			settle(t, ctx)
			compareGolden(t, ctx, "lesson-"+l.ID+".png")
			if os.Getenv("E2E_GOLDENS_ONLY") != "" { // E2E_UPDATE=1 E2E_GOLDENS_ONLY=1: rewrite the goldens fast
				return
			}
			send(t, ctx, "lesson "+l.ID) // from the start: every beat through the API
			waitFor(t, ctx, `(() => { const s = JSON.parse(window.watchscope.state());
				return s.step === 0 && !s.pending; })()`, 60*time.Second)
			for i := 0; i < 4*len(l.Steps)+4; i++ {
				s := getLesson(t, ctx)
				if s.Pending { // every played step: TestEveryStepByDeepLink, in four combinations
					checkScene(t, ctx, fmt.Sprintf("%s step %d (question showing)", l.ID, s.Step))
				}
				if os.Getenv("E2E_DEBUG") != "" {
					t.Logf("beat %d: step %d pending %v done %v", i, s.Step, s.Pending, s.Done)
				}
				if s.Done && !s.Pending {
					break
				}
				send(t, ctx, "next")
				waitFor(t, ctx, fmt.Sprintf(`(() => { const s = JSON.parse(window.watchscope.state());
					return s.step !== %d || !!s.pending !== %v; })()`, s.Step, s.Pending), 60*time.Second)
			}
			s := getLesson(t, ctx)
			if !s.Done || s.Step != len(l.Steps) {
				t.Fatalf("stopped at step %d of %d (done=%v, message %q)", s.Step, len(l.Steps), s.Done, s.Message)
			}
			if s.Failed != 0 || s.Passed != l.CheckCount() {
				t.Errorf("checks: %d passed, %d failed; want all %d to pass", s.Passed, s.Failed, l.CheckCount())
			}
		})
	}
	if f := cons.failures(); len(f) > 0 {
		t.Fatalf("console errors:\n%v", f)
	}
}

// keyStep is the step a speaker would put on screen: the one pointing at
// the most parts of the stage, the middle one if none does.
func keyStep(l *lessons.Lesson) int {
	best, n := len(l.Steps)/2+1, 0
	for i, st := range l.Steps {
		if len(st.Highlights) > n && st.Ask == nil {
			best, n = i+1, len(st.Highlights)
		}
	}
	return best
}

// compareGolden screenshots the page and compares it loosely with
// testdata/NAME: SwiftShader, llvmpipe and GPUs anti-alias differently,
// so a pixel counts as different only past a per-channel tolerance, and
// up to 2% of pixels may differ. E2E_UPDATE=1 rewrites the golden.
func compareGolden(t *testing.T, ctx context.Context, name string) {
	t.Helper()
	shot := run(t, ctx, chromedp.CaptureScreenshot())
	golden := filepath.Join("testdata", name)
	if os.Getenv("E2E_UPDATE") != "" {
		if err := os.WriteFile(golden, shot, 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	if d := os.Getenv("E2E_SHOTS"); d != "" {
		_ = os.WriteFile(filepath.Join(d, name), shot, 0o644)
	}
	want, err := os.ReadFile(golden)
	if err != nil {
		t.Fatalf("no golden %s (run with E2E_UPDATE=1 and look at it): %v", golden, err)
	}
	frac, err := diff(shot, want, 48)
	if err != nil {
		t.Fatal(err)
	}
	if frac > 0.02 {
		t.Errorf("%s: %.1f%% of pixels differ from the golden (limit 2%%)", name, frac*100)
	}
}

// diff is the fraction of pixels differing by more than tol in a channel.
func diff(a, b []byte, tol int) (float64, error) {
	ia, err := png.Decode(bytes.NewReader(a))
	if err != nil {
		return 0, err
	}
	ib, err := png.Decode(bytes.NewReader(b))
	if err != nil {
		return 0, err
	}
	if ia.Bounds() != ib.Bounds() {
		return 1, nil
	}
	r := ia.Bounds()
	bad := 0
	for y := r.Min.Y; y < r.Max.Y; y++ {
		for x := r.Min.X; x < r.Max.X; x++ {
			if far(ia, ib, x, y, tol) {
				bad++
			}
		}
	}
	return float64(bad) / float64(r.Dx()*r.Dy()), nil
}

func far(a, b image.Image, x, y, tol int) bool {
	r1, g1, b1, _ := a.At(x, y).RGBA()
	r2, g2, b2, _ := b.At(x, y).RGBA()
	d := func(p, q uint32) bool { v := int(p>>8) - int(q>>8); return v > tol || v < -tol }
	return d(r1, r2) || d(g1, g2) || d(b1, b2)
}

// TestKeysAndDeepLinks: a deep link opens the right step, the presenter
// keys move through steps, and garbage parameters give one clear line on
// the page instead of a crash.
func TestKeysAndDeepLinks(t *testing.T) {
	ctx, cons, base := stage(t, 1280, 720, "/?lesson=gone-410&step=4&speed=2&theme=projector")
	if s := getLesson(t, ctx); s.Lesson != "gone-410" || s.Step != 4 {
		t.Fatalf("deep link opened %q step %d, want gone-410 step 4", s.Lesson, s.Step)
	}
	settle(t, ctx)
	screenshot(t, ctx, shotsDir(t), "gone-410-1280-projector.png")
	do(t, ctx, chromedp.MouseClickXY(640, 200)) // focus the canvas, as a presenter's first click does
	for _, k := range []string{kb.ArrowRight, kb.PageDown, kb.ArrowRight, kb.ArrowLeft, kb.PageUp} {
		before := getLesson(t, ctx)
		do(t, ctx, chromedp.KeyEvent(k))
		if _, err := chromedp.Run(ctx, chromedp.Poll[chromedp.Void](fmt.Sprintf(`(() => { const s = JSON.parse(window.watchscope.state());
			return s.step !== %d || !!s.pending !== %v; })()`, before.Step, before.Pending),
			chromedp.WithPollingInterval(50*time.Millisecond), chromedp.WithPollingTimeout(30*time.Second))); err != nil {
			t.Fatalf("key %q did not move the lesson: %v\nstate: %s", k, err, run(t, ctx, chromedp.Evaluate[string](`window.watchscope.state()`)))
		}
	}
	if s := getLesson(t, ctx); s.Step < 4 {
		t.Errorf("after → PageDown → ← PageUp the lesson is at step %d, before step 4", s.Step)
	}
	open(t, ctx, base+"/?lesson=nope&step=x&speed=fast&theme=%3Cb%3E&nodes=-3")
	s := getLesson(t, ctx)
	if s.Message == "" || s.Mode != "sandbox" {
		t.Errorf("garbage link: mode %q message %q; want the sandbox and a message", s.Mode, s.Message)
	}
	t.Logf("garbage link says: %s", s.Message)
	if f := cons.failures(); len(f) > 0 {
		t.Fatalf("console errors:\n%v", f)
	}
}

// TestRandomInput: 2,000 random clicks and keys cause no panic and no
// console error, and the page still answers.
func TestRandomInput(t *testing.T) {
	ctx, cons, _ := stage(t, 1280, 720, "/?lesson=revisions")
	keys := []string{kb.ArrowRight, kb.ArrowLeft, kb.PageDown, kb.PageUp, " ", "1", "2", "3", "b", "b", "m",
		"w", "l", kb.Escape, "?", "h", "=", "-", ".", "p", "`", "x", kb.Enter, kb.Escape, kb.Backspace,
		"s", "e", "r", kb.Tab} // the share and export panels, the cue rewind, the page's controls
	rng := rand.New(rand.NewPCG(7, 7))
	for i := 0; i < 2000; i++ {
		var a chromedp.Action[chromedp.Void]
		if rng.IntN(2) == 0 {
			a = chromedp.MouseClickXY(float64(rng.IntN(1280)), float64(rng.IntN(720)))
		} else {
			a = chromedp.KeyEvent(keys[rng.IntN(len(keys))])
		}
		do(t, ctx, a)
		if i%250 == 0 {
			getLesson(t, ctx)
		}
	}
	time.Sleep(time.Second)
	getLesson(t, ctx)
	if f := cons.failures(); len(f) > 0 {
		t.Fatalf("console errors:\n%v", f)
	}
}

func decode(t *testing.T, raw string, v any) {
	t.Helper()
	if err := json.Unmarshal([]byte(raw), v); err != nil {
		t.Fatalf("state() is not JSON: %v\n%s", err, raw)
	}
}
