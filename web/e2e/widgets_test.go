//go:build e2e

package e2e

import (
	"context"
	"fmt"
	"os"
	"strings"
	"testing"
	"time"

	cdpbrowser "github.com/chromedp/cdproto/browser"
	"github.com/chromedp/cdproto/input"
	"github.com/chromedp/cdproto/runtime"
	"github.com/chromedp/chromedp"
	"github.com/chromedp/chromedp/kb"

	"watchscope/lessons"
	"watchscope/ui/view"
)

// TestConsoleInput types into the stage's console (an ebitenui TextInput,
// ui/widgets) with real key presses: a line pasted from the clipboard
// with Ctrl+V, the caret moved with ← and End, a character typed in the
// middle, Enter; then ↑ recalls the lines already run and ↓ walks back.
// What the console ran is read from state().log. Last, a paste of two
// lines runs both at once, as a terminal runs a pasted script.
func TestConsoleInput(t *testing.T) {
	ctx, cons, origin := stage(t, 1280, 720, "/?demo=off&nodes=0")
	grantClipboard(t, ctx, origin)
	do(t, ctx, chromedp.MouseClickXY(640, 300)) // focus the canvas
	run(t, ctx, chromedp.Evaluate[chromedp.Void](`navigator.clipboard.writeText("etcdctl put /paste/k v1")`, awaitPromise))

	do(t, ctx, chromedp.KeyEvent("`"))
	waitFor(t, ctx, `window.watchscope.typing()`, 10*time.Second)
	ctrl(t, ctx, "v", "KeyV")
	// The pasted line, the caret two left (before "v1"), "Z" typed there.
	lastCmd := func() string {
		s := getState(t, ctx)
		if len(s.Log) == 0 {
			return ""
		}
		return s.Log[len(s.Log)-1].Cmd
	}
	// The clipboard's promise resolves on the page and the widgets take the
	// paste on their next tick: a busy machine makes both late.
	waitFor(t, ctx, `window.watchscope.draft() === "etcdctl put /paste/k v1"`, 20*time.Second)
	typeKeys(t, ctx, kb.ArrowLeft, kb.ArrowLeft, "Z", kb.Enter)
	waitLog(t, ctx, lastCmd, "etcdctl put /paste/k Zv1")

	typeKeys(t, ctx, "e", "t", "c", "d", "c", "t", "l", " ", "g", "e", "t", " ", "/", "p", "a", "s", "t", "e", "/", "k", kb.Enter)
	waitLog(t, ctx, lastCmd, "etcdctl get /paste/k")

	// ↑ ↑ is the first line again; End, "2", Enter runs it edited.
	typeKeys(t, ctx, kb.ArrowUp, kb.ArrowUp, kb.End, "2", kb.Enter)
	waitLog(t, ctx, lastCmd, "etcdctl put /paste/k Zv12")
	// ↑ ↑ ↑ is the first line, ↓ the one after it: the get.
	typeKeys(t, ctx, kb.ArrowUp, kb.ArrowUp, kb.ArrowUp, kb.ArrowDown, kb.Enter)
	waitLog(t, ctx, lastCmd, "etcdctl get /paste/k")
	if s := getState(t, ctx); !strings.Contains(s.Log[len(s.Log)-1].Out, "Zv12") {
		t.Errorf("etcdctl get /paste/k answered %q, want the value Zv12", s.Log[len(s.Log)-1].Out)
	}
	selectCopyCut(t, ctx, lastCmd)
	pasteScript(t, ctx, lastCmd)
	screenshot(t, ctx, shotsDir(t), "console-1280.png")
	do(t, ctx, chromedp.KeyEvent(kb.Escape))
	waitFor(t, ctx, `!window.watchscope.typing()`, 10*time.Second)
	if f := cons.failures(); len(f) > 0 {
		t.Fatalf("console errors:\n%v", f)
	}
}

// selectCopyCut: Shift+← selects the last word (of two alike), Ctrl+C
// copies it, typing replaces it; Shift+Home selects back to the start,
// Ctrl+X cuts the line; Ctrl+V puts it back and Enter runs it.
func selectCopyCut(t *testing.T, ctx context.Context, lastCmd func() string) {
	t.Helper()
	typeKeys(t, ctx, "k", "u", "b", "e", "c", "t", "l", " ", "g", "e", "t", " ", "p", "o", "d", "s", " ", "p", "o", "d", "s")
	shift := chromedp.KeyModifiers(chromedp.ModifierShift)
	for range 4 {
		do(t, ctx, chromedp.KeyEvent(kb.ArrowLeft, shift))
	}
	// clip waits for the clipboard to hold want (the copy runs on the
	// stage's next tick, which a busy machine makes late) and returns
	// what it holds.
	clip := func(want string) string {
		got := ""
		for deadline := time.Now().Add(5 * time.Second); time.Now().Before(deadline); time.Sleep(100 * time.Millisecond) {
			if got = run(t, ctx, chromedp.Evaluate[string](`navigator.clipboard.readText()`, awaitPromise)); got == want {
				break
			}
		}
		return got
	}
	ctrl(t, ctx, "c", "KeyC")
	if got := clip("pods"); got != "pods" {
		t.Errorf("Shift+← ×4 and Ctrl+C copied %q, want the last word", got)
	}
	typeKeys(t, ctx, "s", "v", "c")
	do(t, ctx, chromedp.KeyEvent(kb.Home, shift))
	ctrl(t, ctx, "x", "KeyX")
	if got := clip("kubectl get pods svc"); got != "kubectl get pods svc" {
		t.Errorf("Shift+Home and Ctrl+X cut %q, want the whole line", got)
	}
	waitFor(t, ctx, `window.watchscope.draft() === ""`, 20*time.Second) // the cut left nothing
	ctrl(t, ctx, "v", "KeyV")
	waitFor(t, ctx, `window.watchscope.draft() === "kubectl get pods svc"`, 20*time.Second)
	typeKeys(t, ctx, kb.Enter)
	waitLog(t, ctx, lastCmd, "kubectl get pods svc")
}

// pasteScript: text of several lines on the clipboard is a script; Ctrl+V
// runs every line of it, in order, and leaves the line empty (a single
// line is only inserted: the start of the test).
func pasteScript(t *testing.T, ctx context.Context, lastCmd func() string) {
	t.Helper()
	run(t, ctx, chromedp.Evaluate[chromedp.Void](`navigator.clipboard.writeText("etcdctl put /paste/a 1\netcdctl put /paste/b 2\n")`, awaitPromise))
	ctrl(t, ctx, "v", "KeyV")
	// The log keeps a script as one entry, its lines as pasted.
	waitLog(t, ctx, lastCmd, "etcdctl put /paste/a 1\netcdctl put /paste/b 2")
	if out := getState(t, ctx).Log; strings.Count(out[len(out)-1].Out, "OK") != 2 {
		t.Errorf("the pasted script answered %q, want an OK for each of its two puts", out[len(out)-1].Out)
	}
	waitFor(t, ctx, `window.watchscope.draft() === ""`, 20*time.Second)
}

// grantClipboard lets the page at origin read and write the clipboard.
func grantClipboard(t *testing.T, ctx context.Context, origin string) {
	t.Helper()
	for _, name := range []string{"clipboard-read", "clipboard-write"} {
		if _, err := chromedp.Call(ctx, cdpbrowser.SetPermission, cdpbrowser.SetPermissionParams{
			Permission: &cdpbrowser.PermissionDescriptor{Name: name}, Setting: cdpbrowser.PermissionSettingGranted, Origin: origin,
		}); err != nil {
			t.Fatal(err)
		}
	}
}

func awaitPromise(p *runtime.EvaluateParams) { yes := true; p.AwaitPromise = &yes }

// typeKeys presses each key in turn, a little apart, as a typist would.
func typeKeys(t *testing.T, ctx context.Context, ks ...string) {
	t.Helper()
	for _, k := range ks {
		do(t, ctx, chromedp.KeyEvent(k))
		time.Sleep(40 * time.Millisecond)
	}
}

// ctrl presses Ctrl+key as a keyboard does: Control down, the key down and
// up with the modifier, Control up.
func ctrl(t *testing.T, ctx context.Context, key, code string) {
	t.Helper()
	const ctrlBit = 2
	for _, e := range []input.DispatchKeyEventParams{
		{Type: input.DispatchKeyEventTypeRawKeyDown, Key: "Control", Code: "ControlLeft", Modifiers: ctrlBit},
		{Type: input.DispatchKeyEventTypeRawKeyDown, Key: key, Code: code, Modifiers: ctrlBit},
		{Type: input.DispatchKeyEventTypeKeyUp, Key: key, Code: code, Modifiers: ctrlBit},
		{Type: input.DispatchKeyEventTypeKeyUp, Key: "Control", Code: "ControlLeft"},
	} {
		if _, err := chromedp.Call(ctx, input.DispatchKeyEvent, e); err != nil {
			t.Fatal(err)
		}
	}
}

func waitLog(t *testing.T, ctx context.Context, last func() string, want string) {
	t.Helper()
	deadline := time.Now().Add(10 * time.Second)
	for time.Now().Before(deadline) {
		if last() == want {
			return
		}
		time.Sleep(100 * time.Millisecond)
	}
	t.Fatalf("the console's last command is %q, want %q", last(), want)
}

// TestWidgetShots writes screenshots of every screen with widgets (the
// toolbar and transport, the sandbox's knobs, the console with text, the
// picker, the help and why? dialogs and the share and open-a-lesson panels) in both themes at 1280x720 and
// 1920x1080 when E2E_SHOTS names a folder, for a person to look at.
func TestWidgetShots(t *testing.T) {
	dir := os.Getenv("E2E_SHOTS")
	if dir == "" {
		t.Skip("set E2E_SHOTS=DIR to write the widgets' screenshots")
	}
	dir = shotsDir(t) // makes the folder
	for _, size := range [][2]int64{{1280, 720}, {1920, 1080}} {
		for _, theme := range []string{"dark", "projector"} {
			ctx, cons, _ := stage(t, size[0], size[1], "/?nodes=20&theme="+theme)
			name := func(screen string) string { return fmt.Sprintf("w-%s-%s-%d.png", screen, theme, size[0]) }
			send(t, ctx, "sim set watch-list false") // a knob away from its default: tinted
			settle(t, ctx)
			screenshot(t, ctx, dir, name("sandbox"))
			for _, d := range []struct{ screen, open, state string }{
				{"picker", "picker", `!!JSON.parse(window.watchscope.state()).picker`},
				{"help", "help", `true`},
				{"why", "why", `true`},
				{"share", "share", `!!window.watchscope.panel()`},
				{"open", "open", `!!window.watchscope.panel()`},
			} {
				send(t, ctx, d.open)
				waitFor(t, ctx, d.state, 10*time.Second)
				time.Sleep(500 * time.Millisecond)
				screenshot(t, ctx, dir, name(d.screen))
				send(t, ctx, "close")
				time.Sleep(300 * time.Millisecond)
			}
			send(t, ctx, "console")
			waitFor(t, ctx, `window.watchscope.typing()`, 10*time.Second)
			typeKeys(t, ctx, "k", "u", "b", "e", "c", "t", "l", " ", "g", "e", "t", " ", "p", "o", "d", "s", kb.Enter,
				"e", "t", "c", "d", "c", "t", "l", " ", "g", "e", "t", kb.ArrowLeft, kb.ArrowLeft)
			time.Sleep(300 * time.Millisecond)
			screenshot(t, ctx, dir, name("console"))
			if f := cons.failures(); len(f) > 0 {
				t.Fatalf("console errors:\n%v", f)
			}
		}
	}
}

// TestMouseOnTheSceneButtons: the controls the scene draws and ebitenui
// takes the clicks of (ui/widgets' sceneButtons and the legend's
// backdrop) answer a real mouse: a click on a question's choice picks it
// (in the dark theme and in the projector's, whose choices are larger and
// elsewhere), a click anywhere closes the legend, and a click on the start
// screen's big button opens the first lesson.
func TestMouseOnTheSceneButtons(t *testing.T) {
	inf, err := lessons.ByID("informers")
	if err != nil {
		t.Fatal(err)
	}
	ask := inf.Steps[2].Ask // informers step 3's question, open at step=2&ask=1
	lv := &view.LessonView{Question: ask.Question, Choices: ask.Choices, Right: -1, Picked: -1}
	const scale = 1280.0 / view.DesignW
	for i, th := range []view.Theme{view.Dark, view.Projector} {
		ctx, cons, _ := stage(t, 1280, 720, "/?lesson=informers&step=2&ask=1&theme="+th.Name)
		r := view.ChoiceRegion(th, lv, i)
		do(t, ctx, chromedp.MouseClickXY((r.X+r.W/2)*scale, (r.Y+r.H/2)*scale))
		waitFor(t, ctx, fmt.Sprintf(`document.getElementById("ws-choice-%d").getAttribute("aria-pressed") === "true"`, i+1), 10*time.Second)
		send(t, ctx, "legend")
		waitFor(t, ctx, `JSON.parse(window.watchscope.state()).legend !== undefined`, 10*time.Second)
		time.Sleep(300 * time.Millisecond)
		do(t, ctx, chromedp.MouseClickXY(640, 300))
		waitFor(t, ctx, `JSON.parse(window.watchscope.state()).legend === undefined`, 10*time.Second)
		if f := cons.failures(); len(f) > 0 {
			t.Fatalf("%s: console errors:\n%v", th.Name, f)
		}
	}
	ctx, cons, _ := stage(t, 1280, 720, "/")
	waitFor(t, ctx, `JSON.parse(window.watchscope.state()).startScreen !== undefined`, 30*time.Second)
	time.Sleep(300 * time.Millisecond)
	big := view.StartButtons(view.Chrome{Path: []view.PathStop{{ID: "revisions", Title: "Revisions"}}})[0]
	do(t, ctx, chromedp.MouseClickXY((big.X+big.W/2)*scale, (big.Y+big.H/2)*scale))
	waitFor(t, ctx, `JSON.parse(window.watchscope.state()).lesson === "revisions"`, 30*time.Second)
	if f := cons.failures(); len(f) > 0 {
		t.Fatalf("start screen: console errors:\n%v", f)
	}
}
