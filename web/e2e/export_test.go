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
	"net/http/httptest"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"

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

// exportPanel: E opens the panel with the range prefilled; what is typed
// in its fields stays there (a "." would step the paused world if it
// reached the stage); the panel makes a GIF and offers it for download.
func exportPanel(t *testing.T, ctx context.Context) {
	t.Helper()
	send(t, ctx, "pause")
	waitFor(t, ctx, `JSON.parse(watchscope.state()).paused`, 10*time.Second)
	do(t, ctx, chromedp.KeyEvent("e"))
	waitFor(t, ctx, `document.getElementById('export') && !document.getElementById('export').hidden`, 5*time.Second)
	if v := run(t, ctx, chromedp.Evaluate[string](`document.querySelector('#export .to').value`)); v == "" {
		t.Error("the panel's range is not prefilled")
	}
	before := stillTime(t, ctx)
	to := float64(before)/1000 - 0.2
	run(t, ctx, chromedp.Evaluate[bool](fmt.Sprintf(`(() => {
	  document.querySelector('#export .width').value = '640';
	  document.querySelector('#export .to').value = '%.1f';
	  const f = document.querySelector('#export .from'); f.value = ''; f.focus(); return true; })()`, to)))
	do(t, ctx, chromedp.SendKeys(chromedp.CSS(`#export .from`), fmt.Sprintf("%.1f", to-0.5)))
	time.Sleep(300 * time.Millisecond)
	if st := getState(t, ctx); st.TimeMs != before {
		t.Errorf("typing in the panel reached the stage: time %d -> %d ms", before, st.TimeMs)
	}
	do(t, ctx, chromedp.Click(chromedp.CSS(`#export .gif`)))
	waitFor(t, ctx, `!document.querySelector('#export a.download').hidden`, 60*time.Second)
	name := run(t, ctx, chromedp.Evaluate[string](`document.querySelector('#export a.download').download`))
	if !strings.HasSuffix(name, ".gif") {
		t.Errorf("download named %q", name)
	}
	screenshot(t, ctx, shotsDir(t), "export-panel.png")
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
