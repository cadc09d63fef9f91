//go:build e2e

package e2e

import (
	"bytes"
	"context"
	"encoding/base64"
	"encoding/json"
	"fmt"
	"image"
	"image/color"
	"image/draw"
	"image/gif"
	"image/png"
	"math"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	cdpbrowser "github.com/chromedp/cdproto/browser"
	"github.com/chromedp/cdproto/input"
	"github.com/chromedp/chromedp"
	"github.com/chromedp/chromedp/kb"

	"watchscope/web"
)

// exported is a File the page's export API resolved with.
type exported struct {
	Name, Type string
	Data       []byte
}

// exportJS awaits an export promise in the page and returns the File's
// bytes, or the rejection's message (err).
func exportJS(t *testing.T, ctx context.Context, call string) (exported, string) {
	t.Helper()
	js := `(async () => {
	  try {
	    const f = await ` + call + `;
	    const u = await new Promise((ok) => { const r = new FileReader(); r.onload = () => ok(r.result); r.readAsDataURL(f); });
	    return JSON.stringify({name: f.name, type: f.type, data: u.slice(u.indexOf(",") + 1)});
	  } catch (e) { return JSON.stringify({error: String(e && e.message)}); }
	})()`
	raw := run(t, ctx, chromedp.Evaluate[string](js, chromedp.EvalAwaitPromise))
	var v struct{ Name, Type, Data, Error string }
	if err := json.Unmarshal([]byte(raw), &v); err != nil {
		t.Fatalf("%s: %v", call, err)
	}
	if v.Error != "" {
		return exported{}, v.Error
	}
	b, err := base64.StdEncoding.DecodeString(v.Data)
	if err != nil {
		t.Fatal(err)
	}
	return exported{v.Name, v.Type, b}, ""
}

// TestExport runs commands over (paused, stepped) virtual time in a
// sandbox page, then exports a PNG of the frame and a GIF of a range
// around the second write, and checks the GIF shows that range: each
// frame's comment names its instant and the revision the world had then.
func TestExport(t *testing.T) {
	dir := buildSite(t)
	srv := httptest.NewServer(web.Handler(dir))
	defer srv.Close()
	ctx := browser(t)
	cons := watchConsole(ctx)
	do(t, ctx, chromedp.EmulateViewport(1920, 1080), chromedp.Navigate(srv.URL+"/?demo=off&nodes=0"))
	waitFor(t, ctx, `window.watchscope && window.watchscope.ready === true`, 120*time.Second)
	waitFor(t, ctx, `document.getElementById('loading') === null`, 10*time.Second)

	// The writes: paused, so each lands exactly at the time state() shows;
	// "tick" moves virtual time 100 ms at a time between them.
	send(t, ctx, "pause")
	waitFor(t, ctx, `JSON.parse(watchscope.state()).paused`, 10*time.Second)
	writes := map[int64]int64{} // revision -> virtual ms it was written at
	ticks := func(n int) {
		for range n {
			send(t, ctx, "tick")
		}
		drained(t, ctx)
	}
	ticks(5)
	for i, gap := range []int{8, 8} {
		at := stillTime(t, ctx)
		send(t, ctx, fmt.Sprintf("etcdctl put /export/k%d v", i))
		waitFor(t, ctx, fmt.Sprintf(`JSON.parse(watchscope.state()).revision === %d`, i+2), 10*time.Second)
		writes[int64(i+2)] = at
		ticks(gap)
	}
	now := getState(t, ctx).TimeMs
	t.Logf("writes (rev -> ms) %v, now %d ms", writes, now)

	// PNG: the frame at full physical size, not blank.
	p, msg := exportJS(t, ctx, `watchscope.exportPNG()`)
	if msg != "" {
		t.Fatal(msg)
	}
	checkPNG(t, p)

	// GIF of a range that starts before the second write and ends after.
	from := float64((writes[3]-700)/100) / 10 // whole tenths, so frame times are exact
	to := from + 1.2
	send(t, ctx, "play") // the stage goes on while the GIF is made
	start := time.Now()
	g, msg := exportJS(t, ctx, fmt.Sprintf(`watchscope.exportGIF({from: %g, to: %g, fps: 10, width: 640})`, from, to))
	if msg != "" {
		t.Fatal(msg)
	}
	t.Logf("GIF %s: %d bytes in %v", g.Name, len(g.Data), time.Since(start).Round(time.Millisecond))
	checkGIF(t, g, from, 12, writes)
	if st := getState(t, ctx); st.TimeMs <= now {
		t.Errorf("the stage did not go on during the export (%d ms, was %d)", st.TimeMs, now)
	}

	// Bad input: one line that says what is wrong, and no export running.
	for call, want := range map[string]string{
		`watchscope.exportGIF({from: 5, to: 2})`:                "must come before",
		`watchscope.exportGIF({from: 0, to: 9999})`:             "has only run to",
		`watchscope.exportGIF({from: 0, to: 1, fps: 1000})`:     "fps must be 1 to 30",
		`watchscope.exportGIF({from: 0, to: 1, width: 100000})`: "width must be",
		`watchscope.exportGIF({from: "soon", to: 1})`:           "must be numbers",
	} {
		if _, msg := exportJS(t, ctx, call); !strings.Contains(msg, want) || strings.Contains(msg, "\n") {
			t.Errorf("%s rejected with %q, want one line with %q", call, msg, want)
		}
	}
	// Cancel: the promise rejects and state().export says why.
	if _, msg := exportJS(t, ctx, `(() => { const p = watchscope.exportGIF({from: 0, to: 2, width: 320}); watchscope.exportCancel(); return p; })()`); msg != "export cancelled" {
		t.Errorf("a cancelled export ended with %q", msg)
	}
	waitFor(t, ctx, `JSON.parse(watchscope.state()).export.error === "export cancelled"`, 5*time.Second)
	exportPanel(t, ctx)
	if f := cons.failures(); len(f) > 0 {
		t.Fatalf("console errors:\n%v", f)
	}
}

func checkPNG(t *testing.T, p exported) {
	t.Helper()
	img, err := png.Decode(bytes.NewReader(p.Data))
	if err != nil {
		t.Fatalf("PNG %s: %v", p.Name, err)
	}
	if b := img.Bounds(); b.Dx() != 1920 || b.Dy() != 1080 {
		t.Errorf("PNG is %v, want the canvas's 1920x1080", b)
	}
	if !strings.HasPrefix(p.Name, "watchscope-sandbox-") || !strings.HasSuffix(p.Name, "s.png") || p.Type != "image/png" {
		t.Errorf("PNG named %q (%s)", p.Name, p.Type)
	}
	colours := map[color.Color]int{}
	for y := 0; y < 1080; y += 4 {
		for x := 0; x < 1920; x += 4 {
			colours[img.At(x, y)]++
		}
	}
	if r, g, b, _ := img.At(2, 2).RGBA(); r>>8 != 0x0E || g>>8 != 0x11 || b>>8 != 0x16 || len(colours) < 20 {
		t.Errorf("PNG corner %v, %d colours: want the stage (background #0E1116 and more)", img.At(2, 2), len(colours))
	}
	save(t, p)
}

// checkGIF decodes the GIF: n frames, each frame's comment is its instant
// (from + i/10 s) and the revision the live world had at that instant;
// every frame changes something; the composited frames are saved.
func checkGIF(t *testing.T, g exported, from float64, n int, writes map[int64]int64) {
	t.Helper()
	a, err := gif.DecodeAll(bytes.NewReader(g.Data))
	if err != nil {
		t.Fatalf("GIF: %v", err)
	}
	if len(a.Image) != n || a.Config.Width != 640 || a.Config.Height != 360 {
		t.Fatalf("GIF: %d frames of %dx%d, want %d of 640x360", len(a.Image), a.Config.Width, a.Config.Height, n)
	}
	comments := gifComments(t, g.Data)
	if len(comments) != n {
		t.Fatalf("%d comments for %d frames", len(comments), n)
	}
	fromMs := int64(from*1000 + 0.5)
	sawBoth := map[int64]bool{}
	for i, c := range comments {
		at := fromMs + int64(i)*100
		rev := int64(1)
		for r, w := range writes {
			if w <= at {
				rev = max(rev, r)
			}
		}
		sawBoth[rev] = true
		want := fmt.Sprintf("t=%d.%03ds rev=%d", at/1000, at%1000, rev)
		if !strings.HasSuffix(c, want) {
			t.Errorf("frame %d comment %q, want it to end with %q", i, c, want)
		}
	}
	if !sawBoth[2] || !sawBoth[3] {
		t.Errorf("the range should show revisions 2 and 3, saw %v", sawBoth)
	}
	canvas := image.NewRGBA(image.Rect(0, 0, 640, 360))
	for i, f := range a.Image {
		if i > 0 && f.Rect.Dx()*f.Rect.Dy() <= 1 {
			t.Errorf("frame %d changes nothing", i)
		}
		draw.Draw(canvas, f.Rect, f, f.Rect.Min, draw.Over)
		if i == 0 || i == n-1 {
			var b bytes.Buffer
			png.Encode(&b, canvas)
			save(t, exported{Name: fmt.Sprintf("export-gif-frame%02d.png", i), Data: b.Bytes()})
		}
	}
	save(t, g)
}

// exportPanelJSON is watchscope.panel() while the export panel is open.
type exportPanelJSON struct {
	Name, Title, Status string
	Lines               []string
	Failed, Working     bool
	Progress            float64
	PreviewFrame        int
	Rows                []struct{ Caption, Value string }
	Buttons             []struct {
		Label, Cmd, Row          string
		Primary, Toggle, Pressed bool
		X, Y, W, H               float64
	}
	Extra struct {
		Unit                         string
		From, To, Max                float64
		FPS, Width, Downloads, Bytes int
		File                         string
		Preview                      *struct {
			Kind                       string
			W, H, Frames, Kept, TW, TH int
		}
	}
}

// checkPreview waits for the panel's preview of the file just made and
// checks it: its kind, the file's size and frame count, at most 60
// frames kept, a thumbnail with the file's aspect that fits 448x252, and
// the accessibility layer's words for it.
func checkPreview(t *testing.T, ctx context.Context, kind string, w, h, frames int) {
	t.Helper()
	waitFor(t, ctx, fmt.Sprintf(`(() => { const p = JSON.parse(watchscope.panel() || "null"); return !!p && !!p.extra.preview && p.extra.preview.kind === %q; })()`, kind), 10*time.Second)
	pv := exportPanelState(t, ctx).Extra.Preview
	if pv.W != w || pv.H != h || pv.Frames != frames || pv.Kept != min(frames, 60) {
		t.Errorf("%s preview %+v; want %dx%d, %d frames (%d kept)", kind, *pv, w, h, frames, min(frames, 60))
	}
	if pv.TW > 448 || pv.TH > 252 || math.Abs(float64(pv.TW)/float64(pv.TH)-float64(w)/float64(h)) > 0.02 {
		t.Errorf("%s thumbnail %dx%d: want within 448x252 with the aspect of %dx%d", kind, pv.TW, pv.TH, w, h)
	}
	words := fmt.Sprintf("Preview: %s, %d×%d", kind, w, h)
	if kind == "GIF" {
		words = fmt.Sprintf("Preview: GIF, %d frames, %d×%d", frames, w, h)
	}
	waitFor(t, ctx, fmt.Sprintf(`(() => { const e = document.querySelector("#ws-panel .ws-preview"); return !!e && e.textContent === %q; })()`, words), 5*time.Second)
}

func exportPanelState(t *testing.T, ctx context.Context) exportPanelJSON {
	t.Helper()
	var p exportPanelJSON
	raw := run(t, ctx, chromedp.Evaluate[string](`watchscope.panel() || "null"`))
	if err := json.Unmarshal([]byte(raw), &p); err != nil || p.Name != "export" {
		t.Fatalf("the export panel is not open: %v %s", err, raw)
	}
	return p
}

// clickExport clicks the export panel's button that sends cmd, at its
// place on the stage (watchscope.panel()), and waits until cond holds.
// The button is held down 200 ms, as a hand does: a press and release
// that both fall between two of the stage's ticks (a slow frame while a
// 1920 px GIF is encoded) would be no click at all.
func clickExport(t *testing.T, ctx context.Context, cmd, cond string) {
	t.Helper()
	for _, b := range exportPanelState(t, ctx).Buttons {
		if b.Cmd == cmd {
			x, y := b.X+b.W/2, b.Y+b.H/2
			left := chromedp.ButtonType(input.MouseButtonLeft)
			do(t, ctx, chromedp.MouseEvent(chromedp.MouseMoved, x, y), chromedp.MouseEvent(chromedp.MousePressed, x, y, left, chromedp.ClickCount(1)))
			time.Sleep(200 * time.Millisecond)
			do(t, ctx, chromedp.MouseEvent(chromedp.MouseReleased, x, y, left, chromedp.ClickCount(1)))
			pred := `(() => { const p = JSON.parse(watchscope.panel() || "null"); return !!p && (` + cond + `); })()`
			for end := time.Now().Add(60 * time.Second); !run(t, ctx, chromedp.Evaluate[bool](pred)); {
				if time.Now().After(end) {
					t.Fatalf("after a click on %q the panel is %s; want %s", b.Label, run(t, ctx, chromedp.Evaluate[string](`watchscope.panel()`)), cond)
				}
				time.Sleep(50 * time.Millisecond)
			}
			return
		}
	}
	t.Fatalf("the export panel has no button sending %q", cmd)
}

// exportPanel: E opens the export panel on the stage with the range
// prefilled; its buttons, clicked where watchscope.panel() says they are,
// move the range, choose fps and width, make a GIF (the status line and a
// bar show the progress; Cancel stops it) and a PNG, and hand each to the
// browser's downloads. The PNG is the stage without the panel.
func exportPanel(t *testing.T, ctx context.Context) {
	t.Helper()
	downloads := t.TempDir()
	if _, err := chromedp.Call(ctx, cdpbrowser.SetDownloadBehavior, cdpbrowser.SetDownloadBehaviorParams{
		Behavior: cdpbrowser.SetDownloadBehaviorBehaviorAllow, DownloadPath: downloads,
	}); err != nil {
		t.Fatal(err)
	}
	send(t, ctx, "pause")
	waitFor(t, ctx, `JSON.parse(watchscope.state()).paused`, 10*time.Second)
	before := stillTime(t, ctx)
	closed, msg := exportJS(t, ctx, `watchscope.exportPNG()`) // the stage with no panel, to compare with
	if msg != "" {
		t.Fatal(msg)
	}
	do(t, ctx, chromedp.KeyEvent("e"))
	waitFor(t, ctx, `(() => { const p = JSON.parse(watchscope.panel() || "null"); return !!p && p.name === "export"; })()`, 5*time.Second)
	p := exportPanelState(t, ctx)
	// The range in tenths of a second, as the panel shows it.
	toT, fromT := before/100, max(0, before-10000)/100
	if p.Extra.Unit != "s" || p.Extra.To != float64(toT)/10 || p.Extra.From != float64(fromT)/10 || p.Extra.FPS != 10 || p.Extra.Width != 960 {
		t.Errorf("the panel opened with %+v, want %d/10 s to %d/10 s at 10 fps, 960 px", p.Extra, fromT, toT)
	}
	if len(p.Rows) != 4 || p.Rows[1].Value != fmt.Sprintf("%.1f s", float64(toT)/10) {
		t.Errorf("rows %+v, want from, to (%d/10 s), fps and width", p.Rows, toT)
	}
	// From to - 0.5 s by the steppers' buttons, fps 20, width 640.
	for fromT+10 <= toT-5 {
		fromT += 10
		clickExport(t, ctx, "export from +1", fmt.Sprintf("p.extra.from === %d / 10", fromT))
	}
	for fromT < toT-5 {
		fromT++
		clickExport(t, ctx, "export from +0.1", fmt.Sprintf("p.extra.from === %d / 10", fromT))
	}
	clickExport(t, ctx, "export fps 20", "p.extra.fps === 20")
	clickExport(t, ctx, "export width 640", `p.extra.width === 640 && p.buttons.find((b) => b.cmd === "export width 640").pressed`)
	if st := getState(t, ctx); st.TimeMs != before {
		t.Errorf("clicks on the panel reached the stage: time %d -> %d ms", before, st.TimeMs)
	}
	clickExport(t, ctx, "export gif", `/^GIF ready: .*\.gif, /.test(p.status)`)
	gifFile := downloaded(t, ctx, downloads)
	a, err := gif.DecodeAll(bytes.NewReader(gifFile))
	if err != nil {
		t.Fatalf("the downloaded GIF: %v", err)
	}
	frames, total := len(a.Image), 0
	for _, d := range a.Delay {
		total += d
	}
	if want := int(toT-fromT) * 2; frames != want || a.Config.Width != 640 || a.Config.Height != 360 || total != want*5 {
		t.Errorf("the panel's GIF: %d frames of %dx%d lasting %d/100 s, want %d of 640x360 at 20 fps", frames, a.Config.Width, a.Config.Height, total, want)
	}
	save(t, exported{Name: "export-panel.gif", Data: gifFile})
	checkPreview(t, ctx, "GIF", 640, 360, frames)
	previewPlays(t, ctx, frames)
	exportShots(t, ctx, "gif")

	// PNG: the stage as the panel leaves it, without the panel.
	clickExport(t, ctx, "export png", `/^PNG ready: /.test(p.status)`)
	pngFile := downloaded(t, ctx, downloads)
	if diff := pixelsDiffer(t, closed.Data, pngFile); diff > 0.01 {
		t.Errorf("the panel's PNG differs from the stage's in %.0f%% of its pixels: the panel is in the picture", 100*diff)
	}
	save(t, exported{Name: "export-panel-stage.png", Data: pngFile})
	cfg, err := png.DecodeConfig(bytes.NewReader(pngFile))
	if err != nil {
		t.Fatal(err)
	}
	checkPreview(t, ctx, "PNG", cfg.Width, cfg.Height, 1)
	exportShots(t, ctx, "png")

	// A long GIF: the progress shows, and Cancel stops it.
	clickExport(t, ctx, "export width 1920", "p.extra.width === 1920")
	clickExport(t, ctx, "export fps 30", "p.extra.fps === 30")
	for range 3 {
		fromT = max(0, fromT-10)
		clickExport(t, ctx, "export from -1", fmt.Sprintf("p.extra.from === %d / 10", fromT))
	}
	clickExport(t, ctx, "export gif", "p.working && p.progress > 0 && /^Frame \\d+ of \\d+ · /.test(p.status)")
	screenshot(t, ctx, shotsDir(t), "export-panel-encoding.png")
	clickExport(t, ctx, "export cancel", `!p.working && p.status === "export cancelled" && p.failed && p.extra.preview.kind === "PNG"`)
	do(t, ctx, chromedp.KeyEvent(kb.Escape))
	waitFor(t, ctx, `watchscope.panel() === null`, 5*time.Second)
}

// TestExportPanelLesson: in a lesson the export panel names the lesson
// by its title and its range is steps played, moved a whole step at a
// time; the accessibility layer mirrors its rows (a group per row, the
// chosen fps pressed); a PNG is named by the lesson's id; Esc and a click
// beside the panel close it.
func TestExportPanelLesson(t *testing.T) {
	ctx, cons, _ := stage(t, 1280, 720, "/?lesson=revisions&step=4&theme=projector")
	open := `(() => { const p = JSON.parse(watchscope.panel() || "null"); return !!p && p.name === "export"; })()`
	do(t, ctx, chromedp.KeyEvent("e"))
	waitFor(t, ctx, open, 10*time.Second)
	p := exportPanelState(t, ctx)
	from, to := int(p.Extra.From), int(p.Extra.To)
	if p.Extra.Unit != "step" || to < 2 || from != max(0, to-3) || p.Rows[0].Value != fmt.Sprintf("step %d", from) {
		t.Fatalf("a lesson's panel opened with %+v, rows %+v: want the last steps played, in steps", p.Extra, p.Rows)
	}
	var steppers []string
	for _, b := range p.Buttons {
		if b.Row == "GIF from" {
			steppers = append(steppers, b.Cmd)
		}
	}
	if strings.Join(steppers, ",") != "export from -1,export from +1" {
		t.Errorf("a lesson's range moves by %q, want whole steps", steppers)
	}
	if want := "Lesson: Revisions, not overwrites (steps 0 to 8). "; len(p.Lines) == 0 || !strings.HasPrefix(p.Lines[0], want) {
		t.Errorf("the panel's first line %q; want it to start with %q", p.Lines, want)
	}
	clickExport(t, ctx, "export from -1", fmt.Sprintf("p.extra.from === %d", from-1))
	mirror := `(() => { const g = document.querySelector('#ws-panel [role=group][aria-label="fps"]');
		const on = g && g.querySelector('button[aria-pressed="true"]');
		const range = document.querySelector('#ws-panel [role=group][aria-label="GIF from: step %d"]');
		return !!on && on.textContent === "10" && !!range && range.querySelectorAll("button").length === 2; })()`
	waitFor(t, ctx, fmt.Sprintf(mirror, from-1), 5*time.Second)
	clickExport(t, ctx, "export png", `/^PNG ready: watchscope-revisions-.*\.png, /.test(p.status)`)
	exportShots(t, ctx, "lesson")
	// A range the recording refuses: its one-line reason, in orange.
	for from--; from <= to; {
		from++
		clickExport(t, ctx, "export from +1", fmt.Sprintf("p.extra.from === %d", from))
	}
	clickExport(t, ctx, "export gif", fmt.Sprintf("p.failed && p.status === %q && !p.working",
		fmt.Sprintf("from (step %d) must not come after to (step %d)", from, to)))
	do(t, ctx, chromedp.KeyEvent(kb.Escape))
	waitFor(t, ctx, `watchscope.panel() === null`, 5*time.Second)
	do(t, ctx, chromedp.KeyEvent("e"))
	waitFor(t, ctx, open, 10*time.Second)
	do(t, ctx, chromedp.MouseClickXY(20, 700)) // beside the panel
	waitFor(t, ctx, `watchscope.panel() === null`, 5*time.Second)
	if f := cons.failures(); len(f) > 0 {
		t.Fatalf("console errors:\n%v", f)
	}
}

// downloaded clicks the panel's Download button and returns the file
// the browser saved (named as the panel says).
func downloaded(t *testing.T, ctx context.Context, dir string) []byte {
	t.Helper()
	p := exportPanelState(t, ctx)
	clickExport(t, ctx, "export download", fmt.Sprintf("p.extra.downloads === %d", p.Extra.Downloads+1))
	path := filepath.Join(dir, p.Extra.File)
	for range 100 {
		if b, err := os.ReadFile(path); err == nil && len(b) == p.Extra.Bytes {
			return b
		}
		time.Sleep(100 * time.Millisecond)
	}
	t.Fatalf("the browser did not save %s (%d bytes) in %s", p.Extra.File, p.Extra.Bytes, dir)
	return nil
}

// pixelsDiffer is the fraction of pixels two PNGs of the same size differ in.
func pixelsDiffer(t *testing.T, a, b []byte) float64 {
	t.Helper()
	ia, err := png.Decode(bytes.NewReader(a))
	if err != nil {
		t.Fatal(err)
	}
	ib, err := png.Decode(bytes.NewReader(b))
	if err != nil {
		t.Fatal(err)
	}
	if ia.Bounds() != ib.Bounds() {
		t.Fatalf("PNGs of %v and %v", ia.Bounds(), ib.Bounds())
	}
	n, diff := 0, 0
	r := ia.Bounds()
	for y := r.Min.Y; y < r.Max.Y; y += 2 {
		for x := r.Min.X; x < r.Max.X; x += 2 {
			n++
			if ia.At(x, y) != ib.At(x, y) {
				diff++
			}
		}
	}
	return float64(diff) / float64(n)
}

// previewPlays: the GIF's preview shows each of its frames in turn (all
// of them within two loops), and with reduced motion (the motion command)
// only the first, still.
func previewPlays(t *testing.T, ctx context.Context, frames int) {
	t.Helper()
	seen := map[int]bool{}
	for end := time.Now().Add(5 * time.Second); len(seen) < frames && time.Now().Before(end); time.Sleep(10 * time.Millisecond) {
		seen[exportPanelState(t, ctx).PreviewFrame] = true
	}
	if len(seen) < frames/2 || seen[-1] {
		t.Errorf("the GIF preview showed frames %v; want most of its %d in turn", seen, frames)
	}
	send(t, ctx, "motion")
	// The command first, then the frame: a looping preview passes frame 0
	// by itself, so waiting for the frame alone may end before the
	// command has run.
	waitFor(t, ctx, `JSON.parse(watchscope.state()).reducedMotion === true`, 5*time.Second)
	waitFor(t, ctx, `JSON.parse(watchscope.panel()).previewFrame === 0`, 5*time.Second)
	for range 20 {
		if f := exportPanelState(t, ctx).PreviewFrame; f != 0 {
			t.Fatalf("with reduced motion the preview showed frame %d; want the first, still", f)
		}
		time.Sleep(50 * time.Millisecond)
	}
	send(t, ctx, "motion")
	waitFor(t, ctx, `!JSON.parse(watchscope.state()).reducedMotion`, 5*time.Second)
}

// exportShots screenshots the open panel, showing the preview of the
// file it made (what names the shots: "gif", "png", "lesson"), in both
// themes at 1920x1080 and 1280x720, for a person to look at
// (E2E_SHOTS=dir).
func exportShots(t *testing.T, ctx context.Context, kind string) {
	t.Helper()
	dir := shotsDir(t)
	for _, theme := range []string{"dark", "projector"} {
		send(t, ctx, "theme "+theme)
		for _, size := range [][2]int64{{1920, 1080}, {1280, 720}} {
			do(t, ctx, chromedp.EmulateViewport(size[0], size[1]))
			waitFor(t, ctx, fmt.Sprintf(`(() => { const s = JSON.parse(watchscope.stats()).screen; return s[0] === %d && s[1] === %d; })()`, size[0], size[1]), 10*time.Second)
			waitFor(t, ctx, `(() => { const p = JSON.parse(watchscope.panel() || "null"); return !!p && p.buttons.length > 0 && p.buttons[0].w > 0 && !!p.extra.preview; })()`, 10*time.Second)
			time.Sleep(300 * time.Millisecond) // the frame after the resize
			screenshot(t, ctx, dir, fmt.Sprintf("export-panel-%s-%s-%dx%d.png", kind, theme, size[0], size[1]))
		}
	}
	send(t, ctx, "theme dark")
	do(t, ctx, chromedp.EmulateViewport(1920, 1080))
	waitFor(t, ctx, `JSON.parse(watchscope.stats()).screen[0] === 1920`, 10*time.Second)
}

// drained waits until every command sent so far has run: the app
// drains its inbox each tick, so two more ticks are enough.
func drained(t *testing.T, ctx context.Context) {
	t.Helper()
	tick := getState(t, ctx).Tick
	waitFor(t, ctx, fmt.Sprintf(`JSON.parse(watchscope.state()).tick >= %d`, tick+2), 10*time.Second)
}

// stillTime waits until the paused world's time stops moving (a busy
// page's world may still be catching up with the clock) and returns it.
func stillTime(t *testing.T, ctx context.Context) int64 {
	t.Helper()
	last := getState(t, ctx).TimeMs
	for range 40 {
		time.Sleep(250 * time.Millisecond)
		now := getState(t, ctx).TimeMs
		if now == last {
			return now
		}
		last = now
	}
	t.Fatalf("the paused world keeps moving (%d ms)", last)
	return 0
}

// gifComments reads a GIF's comment extensions, in order.
func gifComments(t *testing.T, b []byte) []string {
	t.Helper()
	table := func(flags byte) int {
		if flags&0x80 == 0 {
			return 0
		}
		return 3 << (flags&7 + 1)
	}
	i := 13 + table(b[10])
	blocks := func() string {
		var s strings.Builder
		for b[i] != 0 {
			s.Write(b[i+1 : i+1+int(b[i])])
			i += 1 + int(b[i])
		}
		i++
		return s.String()
	}
	var out []string
	for i < len(b) && b[i] != 0x3B {
		switch b[i] {
		case 0x21:
			label := b[i+1]
			i += 2
			if s := blocks(); label == 0xFE {
				out = append(out, s)
			}
		case 0x2C:
			i += 10 + table(b[i+9]) + 1
			blocks()
		default:
			t.Fatalf("byte %#x at %d is no GIF block", b[i], i)
		}
	}
	return out
}

func save(t *testing.T, f exported) {
	p := filepath.Join(shotsDir(t), f.Name)
	if err := os.WriteFile(p, f.Data, 0o644); err != nil {
		t.Fatal(err)
	}
	t.Logf("wrote %s (%d bytes)", p, len(f.Data))
}
