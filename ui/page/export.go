//go:build js

package page

// Export for slides: the export panel (key E), drawn on the stage by the
// widget layer (widgets.Panel), makes a PNG of the stage as it is or an
// animated GIF of a range of its past, shows the GIF's progress in its
// status line and a bar, and hands the result to the browser's downloads.
//
//	export              open or close the panel (key E)
//	export png          a PNG of the next frame's stage (the button)
//	export gif          a GIF of the panel's range (the button)
//	export cancel       stop the GIF being made
//	export download     the last PNG or GIF to the browser's downloads
//	export from X       the range's start: X seconds (sandbox) or steps
//	export to X         played (lesson); +X or -X moves it by X
//	export fps N        frames per second of the GIF (1 to 30)
//	export width N      the GIF's width in pixels (320 to 1920; 16:9)
//	close               close it (Esc, a click beside it)
//
// Both pictures are the stage without its controls (ui.Game.OnScene):
// the panel itself is never in them. A GIF is recorded on a hidden fork
// of the world, a few frames per tick, so the stage goes on while it is
// made; closing the panel does not stop it.
//
// For tests and embedding pages, the same work without the panel:
//
//	watchscope.exportPNG()             Promise of a File (a Blob with a name):
//	                                   the next frame's stage at the canvas's
//	                                   full physical resolution, named
//	                                   watchscope-<lesson or sandbox>-<sim time>.png
//	watchscope.exportGIF({from, to, fps, width})
//	                                   Promise of a File: an animated GIF of a
//	                                   range of the past. Sandbox: from/to in
//	                                   virtual seconds (default the last 10 s;
//	                                   at most 60 s). Lesson: steps played (each
//	                                   step held 2 s). fps 1..30 (default 10),
//	                                   width 320..1920 px (default 960; 16:9).
//	                                   At most 600 frames and 48 MB. Rejects with
//	                                   an Error whose message is one line (a bad
//	                                   range, cancelled, too large).
//	watchscope.exportCancel()          stop the running GIF export
//
// state().export has the default range ({unit, from, to, max}) and the
// progress of a GIF export ({running, frame, frames, bytes, done, error}).

import (
	"fmt"
	"math"
	"strconv"
	"strings"
	"syscall/js"
	"time"

	"github.com/hajimehoshi/ebiten/v2"

	"watchscope/ui"
	"watchscope/ui/live"
	"watchscope/ui/thumb"
	"watchscope/ui/widgets"
)

// gifBudget is the wall time a tick may spend on GIF frames.
const gifBudget = 12 * time.Millisecond

// The GIF choices the panel offers.
var (
	exportFPS    = []int{5, 10, 15, 20, 30}
	exportWidths = []int{640, 960, 1280, 1920}
)

// exportDone receives a finished export: its bytes, name and preview (nil
// unless the panel asked for one), or why not.
type exportDone func(data []byte, name string, preview *thumb.Thumb, err error)

// exporter is the page's export state; all of it lives on the game loop.
type exporter struct {
	p       *apiPage
	png     []exportDone // PNG requests waiting for the next frame
	still   bool         // one of them is the panel's: it wants a preview
	gif     *ui.GIFExport
	gifDone exportDone

	// The panel: its range and choices, the last file it made and what
	// its status line says.
	unit           string // "s" or "step" (live.Exporter.Range)
	where          string // the panel's first line (where)
	from, to, most float64
	fps, width     int
	result         *exportFile
	status         string
	failed         bool
	downloads      int
}

// exportFile is a PNG or GIF the panel made, its object URL once the
// browser has been handed it, and its preview: thumbnails taken while it
// was made, as Ebiten images, with what panel() says of them. They live
// as long as the file (at most thumb.MaxFrames of PreviewW x PreviewH),
// so the panel opened again shows them at once.
type exportFile struct {
	name, mime  string
	data        []byte
	url         js.Value
	preview     *widgets.Preview
	previewInfo map[string]any
}

func installExport(p *apiPage) {
	x := &exporter{p: p, fps: live.DefaultGIFFPS, width: live.DefaultGIFWidth}
	p.game.OnScene = x.onScene
	p.verb("export", func(g *ui.Game, s *live.Session, arg string) bool { return x.command(g, s, arg) })
	p.api.Set("exportPNG", js.FuncOf(func(js.Value, []js.Value) any {
		return promise(func(resolve, reject js.Value) {
			ok := p.queue(func(g *ui.Game, s *live.Session) { x.askPNG(g, s, settle(resolve, reject, "image/png")) })
			if !ok {
				reject.Invoke(jsError("the stage is busy: try again"))
			}
		})
	}))
	p.api.Set("exportGIF", js.FuncOf(func(_ js.Value, args []js.Value) any {
		rg := gifRange(args)
		return promise(func(resolve, reject js.Value) {
			ok := p.queue(func(_ *ui.Game, s *live.Session) { x.startGIF(s, rg, settle(resolve, reject, "image/gif")) })
			if !ok {
				reject.Invoke(jsError("the stage is busy: try again"))
			}
		})
	}))
	p.api.Set("exportCancel", js.FuncOf(func(js.Value, []js.Value) any {
		p.queue(func(*ui.Game, *live.Session) { x.cancel() })
		return nil
	}))
	p.afterTick = append(p.afterTick, x.tick)
}

// settle is an exportDone that settles a JavaScript promise with a File.
func settle(resolve, reject js.Value, mime string) exportDone {
	return func(data []byte, name string, _ *thumb.Thumb, err error) {
		if err != nil {
			reject.Invoke(jsError(err.Error()))
			return
		}
		resolve.Invoke(file(data, name, mime))
	}
}

// command runs "export ARG"; false passes an unknown one on to the
// session, which says so.
func (x *exporter) command(g *ui.Game, s *live.Session, arg string) bool {
	verb, val, _ := strings.Cut(arg, " ")
	open := x.p.panelOpen("export")
	switch {
	case arg == "" && open:
		x.p.setPanel(g, nil, nil)
		return true
	case arg == "", !open:
		x.takeRange(s) // a command from the console opens the panel too
	}
	switch verb {
	case "":
	case "png":
		x.status, x.failed, x.still = "Reading the stage…", false, true
		x.askPNG(g, s, x.made("image/png"))
	case "gif":
		x.makeGIF(s)
	case "cancel":
		x.cancel()
	case "download":
		x.download()
	case "from", "to", "fps", "width":
		x.choose(verb, val)
	default:
		return false
	}
	x.show(g)
	return true
}

// takeRange prefills the range as the stage is now, unless a GIF is
// being made (the panel then keeps showing its range).
func (x *exporter) takeRange(s *live.Session) {
	if x.gif == nil {
		x.unit, x.from, x.to, x.most = s.Export().Range()
		x.from, x.to = tenths(x.from), tenths(x.to)
		x.where = where(s, x.unit, x.most)
	}
}

// tenths rounds a bound down to the tenth of a second the panel shows
// (steps are whole already), never past the latest time allowed.
func tenths(v float64) float64 { return math.Floor(v*10+1e-6) / 10 }

// choose sets one of the GIF's numbers: from and to absolute, or moved
// by a signed amount and kept within 0 and the latest allowed; fps and
// width as given (the recording refuses numbers out of range, in words).
func (x *exporter) choose(what, val string) {
	n, err := strconv.ParseFloat(val, 64)
	if err != nil || math.IsNaN(n) || math.IsInf(n, 0) {
		x.status, x.failed = fmt.Sprintf("export %s wants a number, not %q", what, val), true
		return
	}
	relative := strings.HasPrefix(val, "+") || strings.HasPrefix(val, "-")
	set := func(v *float64) {
		if relative {
			n += *v
		}
		*v = tenths(min(x.most, max(0, n)))
	}
	switch what {
	case "from":
		set(&x.from)
	case "to":
		set(&x.to)
	case "fps":
		x.fps = clampInt(n)
	case "width":
		x.width = clampInt(n)
	}
	x.status, x.failed = "", false
}

// askPNG asks for the next frame's stage; the page draws one at once.
func (x *exporter) askPNG(g *ui.Game, s *live.Session, done exportDone) {
	name := s.Export().Name("png")
	x.png = append(x.png, func(b []byte, _ string, pv *thumb.Thumb, err error) { done(b, name, pv, err) })
	g.Redraw()
}

// onScene answers the PNG requests with the stage just drawn, before the
// widget layer draws the controls and this panel over it; the panel's
// preview is shrunk from the same pixels.
func (x *exporter) onScene(screen *ebiten.Image) {
	if len(x.png) == 0 {
		return
	}
	b, rgba, err := ui.PNG(screen)
	var still *thumb.Thumb
	if err != nil {
		err = fmt.Errorf("PNG: %w", err)
	} else if x.still {
		still = thumb.Still(rgba, widgets.PreviewW, widgets.PreviewH)
	}
	for _, done := range x.png {
		done(b, "", still, err)
	}
	x.png, x.still = x.png[:0], false
}

func (x *exporter) makeGIF(s *live.Session) {
	x.status, x.failed = "Recording…", false
	x.startGIF(s, live.Range{From: x.from, To: x.to, FPS: x.fps, Width: x.width}, x.made("image/gif"))
	if x.gif != nil {
		x.gif.KeepPreview(widgets.PreviewW, widgets.PreviewH)
	}
}

func (x *exporter) startGIF(s *live.Session, rg live.Range, done exportDone) {
	rec, err := s.Export().Record(rg)
	if err != nil {
		done(nil, "", nil, err)
		return
	}
	x.gif, x.gifDone = ui.NewGIFExport(rec), done
}

// made is the panel's exportDone: the file becomes the one to download.
func (x *exporter) made(mime string) exportDone {
	return func(data []byte, name string, pv *thumb.Thumb, err error) {
		if err != nil {
			x.status, x.failed = err.Error(), true
		} else {
			x.keep(&exportFile{name: name, mime: mime, data: data}, pv)
			what := "PNG"
			if mime == "image/gif" {
				what = "GIF"
			}
			x.status, x.failed = fmt.Sprintf("%s ready: %s, %s", what, name, size(len(data))), false
		}
		x.refresh()
	}
}

// keep makes f the file to download, with pv as its preview, freeing
// the previous file's URL and preview images.
func (x *exporter) keep(f *exportFile, pv *thumb.Thumb) {
	if old := x.result; old != nil {
		if old.url.Truthy() {
			js.Global().Get("URL").Call("revokeObjectURL", old.url)
		}
		if old.preview != nil {
			for _, img := range old.preview.Frames {
				img.Deallocate()
			}
		}
	}
	x.result = f
	if pv != nil && len(pv.Frames) > 0 {
		f.preview, f.previewInfo = previewOf(pv)
	}
}

// previewOf turns a preview's thumbnails into the images the panel
// draws, and says what they are for panel() (the tests).
func previewOf(th *thumb.Thumb) (*widgets.Preview, map[string]any) {
	pv := &widgets.Preview{Delays: th.Delays, Caption: th.Words()}
	for _, f := range th.Frames {
		pv.Frames = append(pv.Frames, ebiten.NewImageFromImage(f))
	}
	info := map[string]any{"kind": th.Kind, "w": th.W, "h": th.H, "frames": th.Count, "kept": len(th.Frames),
		"tw": th.Frames[0].Bounds().Dx(), "th": th.Frames[0].Bounds().Dy(), "words": th.Words()}
	return pv, info
}

// tick renders a few GIF frames, shows the progress and hands the GIF
// over at the end.
func (x *exporter) tick(*live.Session) {
	if x.gif == nil {
		return
	}
	if !x.gif.Work(gifBudget) {
		x.refresh() // the progress
		return
	}
	gif, done := x.gif, x.gifDone
	x.gif, x.gifDone = nil, nil
	done(gif.Bytes(), gif.Name(), gif.Preview(), gif.Err())
	x.refresh()
}

func (x *exporter) cancel() {
	if x.gif != nil {
		x.gif.Cancel()
		x.tick(nil)
	}
}

// download hands the last file to the browser's downloads: a click on a
// link to it, which the browser accepts within the click on the button.
func (x *exporter) download() {
	f := x.result
	if f == nil {
		x.status, x.failed = "Nothing to download yet: make a PNG or a GIF first", true
		return
	}
	if !f.url.Truthy() {
		f.url = js.Global().Get("URL").Call("createObjectURL", file(f.data, f.name, f.mime))
	}
	doc := js.Global().Get("document")
	a := doc.Call("createElement", "a")
	a.Set("href", f.url)
	a.Set("download", f.name)
	doc.Get("body").Call("appendChild", a)
	a.Call("click")
	a.Call("remove")
	x.downloads++
	x.status, x.failed = fmt.Sprintf("Sent to the browser's downloads: %s, %s", f.name, size(len(f.data))), false
}

// gifRange reads {from, to, fps, width}; a missing number is 0 (the
// default for fps and width) and a non-number is NaN (refused).
func gifRange(args []js.Value) live.Range {
	var rg live.Range
	if len(args) == 0 || args[0].Type() != js.TypeObject {
		return live.Range{From: math.NaN(), To: math.NaN()}
	}
	o := args[0]
	num := func(k string) float64 {
		v := o.Get(k)
		if v.IsUndefined() || v.IsNull() || (v.Type() == js.TypeString && v.String() == "") {
			return 0
		}
		return js.Global().Call("Number", v).Float()
	}
	rg.From, rg.To = num("from"), num("to")
	fps, width := num("fps"), num("width")
	rg.FPS, rg.Width = clampInt(fps), clampInt(width)
	return rg
}

// clampInt keeps absurd numbers absurd (and refused) without overflow.
func clampInt(f float64) int {
	switch {
	case math.IsNaN(f):
		return -1
	case f > 1e6:
		return 1e6
	case f < -1e6:
		return -1e6
	}
	return int(f)
}

// file hands bytes to the page as a File (a Blob with a name).
func file(b []byte, name, mime string) js.Value {
	u8 := js.Global().Get("Uint8Array").New(len(b))
	js.CopyBytesToJS(u8, b)
	opts := js.Global().Get("Object").New()
	opts.Set("type", mime)
	return js.Global().Get("File").New([]any{u8}, name, opts)
}

// promise returns a JavaScript Promise whose executor is run.
func promise(run func(resolve, reject js.Value)) js.Value {
	var exec js.Func
	exec = js.FuncOf(func(_ js.Value, args []js.Value) any {
		run(args[0], args[1])
		return nil
	})
	defer exec.Release()
	return js.Global().Get("Promise").New(exec)
}

func jsError(msg string) js.Value { return js.Global().Get("Error").New(msg) }
