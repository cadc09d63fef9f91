package ui

import (
	"bytes"
	"fmt"
	"image"
	"image/png"
	"time"

	"github.com/hajimehoshi/ebiten/v2"

	"watchscope/ui/live"
	"watchscope/ui/thumb"
	"watchscope/ui/view"
)

// Export for slides. PNG: the frame's scene at the screen's full size,
// read right after it is drawn and before the widget layer draws over it
// (Game.OnScene): the browser's WebGL canvas does not keep its drawing
// buffer, so the pixels are only there then.
// GIF: a live.Recording replays a range of the past on a hidden session;
// GIFExport draws each of its frames into an off-screen image, reads the
// pixels back, maps them to the stage's palette and appends them to the
// GIF stream, a few frames per tick so the page stays responsive:
//
//	Recording.Next ─> scene ─> renderer.draw(offscreen) ─> ReadPixels
//	    ─> quantizer.index ─> changed rectangle ─> gifStream.frame
//	                      └─> thumb.Sampler (the panel's preview, if asked)
//
// A GIF and a PNG are the stage without its controls: the scene, the
// tape, the lesson panel's narration and checks, drawn by the renderer
// alone; the widget layer (transport and knob buttons, the console, the
// dialogs) is not drawn into them. They go on slides, where buttons
// cannot be clicked and would only take the audience's eye, and they are
// made while the export panel is open, which must not be in the picture.

// PNG encodes an image (the screen, inside OnScene) at its full size,
// and returns its pixels too (for a preview: thumb.Still). The stage is
// opaque, so the premultiplied pixels ReadPixels returns are the colours
// as they are.
func PNG(img *ebiten.Image) ([]byte, *image.RGBA, error) {
	b := img.Bounds()
	rgba := image.NewRGBA(image.Rect(0, 0, b.Dx(), b.Dy()))
	img.ReadPixels(rgba.Pix)
	for i := 3; i < len(rgba.Pix); i += 4 {
		rgba.Pix[i] = 0xFF
	}
	var buf bytes.Buffer
	enc := png.Encoder{CompressionLevel: png.BestSpeed}
	if err := enc.Encode(&buf, rgba); err != nil {
		return nil, nil, err
	}
	return buf.Bytes(), rgba, nil
}

// GIFExport turns a recording into an animated GIF.
type GIFExport struct {
	rec       *live.Recording
	r         *renderer
	img       *ebiten.Image
	fr        view.Frame
	rgba      []byte
	prev, cur *image.Paletted
	q         *quantizer
	out       *gifStream
	delays    []int
	preview   *thumb.Sampler // nil unless KeepPreview asked for one
	data      []byte
	err       error
}

// NewGIFExport prepares the export of a recording (live.Exporter.Record).
func NewGIFExport(rec *live.Recording) *GIFExport {
	w, h := rec.Size()
	return &GIFExport{rec: rec, r: newRenderer(), img: ebiten.NewImage(w, h), fr: view.Fit(w, h),
		rgba: make([]byte, 4*w*h), delays: live.Delays(rec.Len(), rec.FPS())}
}

// KeepPreview asks for a preview of the GIF fitted in boxW x boxH, taken
// from its frames as they are encoded: each kept frame is shrunk from
// the pixels read back, then mapped to the GIF's palette (so it shows
// the GIF's colours in a quarter of the memory). Call it before Work.
func (x *GIFExport) KeepPreview(boxW, boxH int) {
	w, h := x.rec.Size()
	x.preview = thumb.NewSampler(w, h, x.rec.Len(), boxW, boxH)
	x.preview.Quantize = func(img *image.RGBA) *image.Paletted {
		p := image.NewPaletted(img.Rect, x.cur.Palette)
		x.q.index(img.Pix, p.Pix)
		return p
	}
}

// Preview is the finished GIF's preview: nil until the GIF is finished,
// or if KeepPreview was not called.
func (x *GIFExport) Preview() *thumb.Thumb {
	if x.preview == nil || x.data == nil {
		return nil
	}
	return x.preview.Thumb()
}

// Work renders frames for about budget of wall time (at least one) and
// reports whether the export has ended: then Bytes or Err has the result.
func (x *GIFExport) Work(budget time.Duration) bool {
	start := time.Now()
	for !x.ended() {
		x.step()
		if time.Since(start) >= budget {
			break
		}
	}
	return x.ended()
}

func (x *GIFExport) ended() bool { return x.data != nil || x.err != nil }

// step renders and encodes one frame, or finishes.
func (x *GIFExport) step() {
	i := x.rec.Index()
	sc, caption, ok := x.rec.Next()
	if !ok {
		x.finish()
		return
	}
	x.r.draw(x.img, sc, x.fr)
	x.img.ReadPixels(x.rgba)
	w, h := x.rec.Size()
	if x.out == nil { // the first frame completes the palette
		pal := framePalette(sc.Theme, x.rgba)
		x.q, x.out = newQuantizer(pal), newGIFStream(w, h, pal)
		x.prev = image.NewPaletted(image.Rect(0, 0, w, h), pal)
		x.cur = image.NewPaletted(image.Rect(0, 0, w, h), pal)
	}
	if x.preview != nil {
		x.preview.Add(x.rgba, time.Duration(x.delays[i])*10*time.Millisecond) // hundredths of a second
	}
	x.q.index(x.rgba, x.cur.Pix)
	rect := x.cur.Rect
	if i > 0 {
		rect = changed(x.prev, x.cur)
	}
	if err := x.out.frame(x.cur.SubImage(rect).(*image.Paletted), x.delays[i], caption); err != nil {
		x.fail(err)
		return
	}
	x.prev, x.cur = x.cur, x.prev
	x.rec.Encoded(x.out.Len())
	if x.out.Len() > live.MaxGIFBytes {
		x.fail(fmt.Errorf("the GIF passed %d MB at frame %d of %d: choose a shorter range, fewer fps or a smaller width",
			live.MaxGIFBytes>>20, i+1, x.rec.Len()))
	}
}

func (x *GIFExport) finish() {
	if x.rec.Done() { // cancelled
		x.fail(live.ErrExportCancelled)
		return
	}
	x.data = x.out.bytes()
	x.rec.Finish(nil)
	x.release()
}

func (x *GIFExport) fail(err error) {
	x.err = err
	x.rec.Finish(err)
	x.release()
}

// release frees the off-screen image and the frame buffers.
func (x *GIFExport) release() {
	x.img.Deallocate()
	x.rgba, x.prev, x.cur, x.q = nil, nil, nil, nil
}

// Cancel stops the export; Err then says so.
func (x *GIFExport) Cancel() {
	if !x.ended() {
		x.fail(live.ErrExportCancelled)
	}
}

// Bytes is the finished GIF (nil until it is).
func (x *GIFExport) Bytes() []byte { return x.data }

// Err is why the export ended without a GIF.
func (x *GIFExport) Err() error { return x.err }

// Progress is the frames encoded so far, of how many, and the GIF's size
// in bytes so far.
func (x *GIFExport) Progress() (frame, frames, bytes int) {
	if x.out != nil {
		bytes = x.out.Len()
	}
	return x.rec.Index(), x.rec.Len(), bytes
}

// Name is the GIF's file name.
func (x *GIFExport) Name() string { return x.rec.Name() }
