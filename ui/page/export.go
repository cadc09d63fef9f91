//go:build js

package page

// Export for slides (web/export.js is the panel; key E opens it):
//
//	watchscope.exportPNG()             Promise of a File (a Blob with a name):
//	                                   the next frame as drawn, at the canvas's
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
// state().export has the panel's defaults ({unit, from, to, max}) and the
// progress of a GIF export ({running, frame, frames, bytes, done, error}).
// The GIF is recorded on a hidden fork of the world, a few frames per
// tick, so the stage goes on while it is made.

import (
	"math"
	"syscall/js"
	"time"

	"github.com/hajimehoshi/ebiten/v2"

	"watchscope/ui"
	"watchscope/ui/live"
)

// gifBudget is the wall time a tick may spend on GIF frames.
const gifBudget = 12 * time.Millisecond

// exporter is the page's export state; all of it lives on the game loop.
type exporter struct {
	png          []pngWaiter // PNG requests waiting for the next frame
	gif          *ui.GIFExport
	resolve, rej js.Value // the running GIF's promise
}

type pngWaiter struct {
	name            string
	resolve, reject js.Value
}

func installExport(p *apiPage) {
	x := &exporter{}
	p.game.OnScreen = x.onScreen
	p.api.Set("exportPNG", js.FuncOf(func(js.Value, []js.Value) any {
		return promise(func(resolve, reject js.Value) {
			ok := p.queue(func(g *ui.Game, s *live.Session) {
				x.png = append(x.png, pngWaiter{s.ExportName("png"), resolve, reject})
				g.Redraw()
			})
			if !ok {
				reject.Invoke(jsError("the stage is busy: try again"))
			}
		})
	}))
	p.api.Set("exportGIF", js.FuncOf(func(_ js.Value, args []js.Value) any {
		rg := gifRange(args)
		return promise(func(resolve, reject js.Value) {
			ok := p.queue(func(_ *ui.Game, s *live.Session) { x.startGIF(s, rg, resolve, reject) })
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

// onScreen answers the PNG requests with the frame just drawn.
func (x *exporter) onScreen(screen *ebiten.Image) {
	if len(x.png) == 0 {
		return
	}
	b, err := ui.PNG(screen)
	for _, w := range x.png {
		if err != nil {
			w.reject.Invoke(jsError("PNG: " + err.Error()))
			continue
		}
		w.resolve.Invoke(file(b, w.name, "image/png"))
	}
	x.png = x.png[:0]
}

func (x *exporter) startGIF(s *live.Session, rg live.Range, resolve, reject js.Value) {
	rec, err := s.Record(rg)
	if err != nil {
		reject.Invoke(jsError(err.Error()))
		return
	}
	x.gif, x.resolve, x.rej = ui.NewGIFExport(rec), resolve, reject
}

// tick renders a few GIF frames and settles the promise at the end.
func (x *exporter) tick(*live.Session) {
	if x.gif == nil || !x.gif.Work(gifBudget) {
		return
	}
	if err := x.gif.Err(); err != nil {
		x.rej.Invoke(jsError(err.Error()))
	} else {
		x.resolve.Invoke(file(x.gif.Bytes(), x.gif.Name(), "image/gif"))
	}
	x.gif = nil
}

func (x *exporter) cancel() {
	if x.gif != nil {
		x.gif.Cancel()
		x.tick(nil)
	}
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
