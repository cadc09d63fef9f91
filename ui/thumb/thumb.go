// Package thumb makes the export panel's preview: small RGBA frames that
// fit a box with their aspect kept, taken from the pictures an export
// draws anyway (the screen a PNG is read from, each frame of a GIF before
// it is quantised), so nothing is decoded back from the file just made.
// It is plain Go (no Ebiten), so its bounds are tested natively; the page
// turns the frames into Ebiten images.
//
// Memory stays bounded whatever the export: a GIF of n frames keeps at
// most MaxFrames thumbnails, evenly spaced, each mapped to the GIF's
// palette (Sampler.Quantize: a byte a pixel, a quarter of RGBA's). With n > MaxFrames, frame i
// belongs to share i*MaxFrames/n; the first frame of each share is kept
// and shown for the summed delays of the frames of its share, so the
// preview's loop lasts exactly as long as the GIF's:
//
//	n = 5, MaxFrames = 2   frames  0  1  2 | 3  4
//	                       shares  0  0  0 | 1  1
//	                       kept    0 (3 delays), 3 (2 delays)
package thumb

import (
	"fmt"
	"image"
	"time"
)

// MaxFrames is the most frames a preview keeps.
const MaxFrames = 60

// Thumb is a preview.
type Thumb struct {
	Kind   string        // "PNG" or "GIF"
	W, H   int           // the file's size in pixels
	Count  int           // the file's frames (1 for a PNG)
	Frames []image.Image // at most MaxFrames, each Fit to the box, at the origin

	Delays []time.Duration
}

// Words is the preview in words, for its caption and the accessibility
// layer: "GIF, 12 frames, 640×360" or "PNG, 1920×1080".
func (t *Thumb) Words() string {
	if t.Kind == "GIF" {
		frames := "frames"
		if t.Count == 1 {
			frames = "frame"
		}
		return fmt.Sprintf("GIF, %d %s, %d×%d", t.Count, frames, t.W, t.H)
	}
	return fmt.Sprintf("%s, %d×%d", t.Kind, t.W, t.H)
}

// Fit is the largest w x h within boxW x boxH with the aspect of w x h,
// never larger than w x h itself and never smaller than 1 x 1.
func Fit(w, h, boxW, boxH int) (int, int) {
	if w <= 0 || h <= 0 || boxW <= 0 || boxH <= 0 {
		return 1, 1
	}
	if w <= boxW && h <= boxH {
		return w, h
	}
	if w*boxH >= h*boxW { // wider than the box: the width fills it
		return boxW, max(1, (h*boxW+w/2)/w)
	}
	return max(1, (w*boxH+h/2)/h), boxH
}

// Still is the preview of a PNG: its one picture, shrunk into the box.
func Still(img *image.RGBA, boxW, boxH int) *Thumb {
	w, h := img.Rect.Dx(), img.Rect.Dy()
	tw, th := Fit(w, h, boxW, boxH)
	return &Thumb{Kind: "PNG", W: w, H: h, Count: 1,
		Frames: []image.Image{shrink(img, tw, th, nil)}, Delays: []time.Duration{0}}
}

// Sampler takes a GIF's preview while the GIF is encoded: it is handed
// every frame in order, and keeps the first of each share (see the
// package comment) shrunk into the box.
type Sampler struct {
	// Quantize, when set, maps each kept thumbnail to a palette (the
	// GIF's, so the preview shows the GIF's colours); the RGBA it is
	// handed is reused for the next one. Unset, thumbnails stay RGBA.
	Quantize func(*image.RGBA) *image.Paletted

	out        Thumb
	boxW, boxH int
	added      int         // frames handed over so far
	scratch    *image.RGBA // the thumbnail before Quantize
}

// NewSampler prepares the preview of a GIF of n frames of w x h pixels.
func NewSampler(w, h, n, boxW, boxH int) *Sampler {
	return &Sampler{out: Thumb{Kind: "GIF", W: w, H: h, Count: n}, boxW: boxW, boxH: boxH}
}

// Add hands over the next frame, shown for delay: its RGBA pixels, w x h
// rows of 4*w bytes, read only while Add runs (the caller reuses them).
func (s *Sampler) Add(pix []byte, delay time.Duration) {
	i := s.added
	s.added++
	if i >= s.out.Count {
		return // more frames than announced: the preview ends at Count
	}
	if i == 0 || s.share(i) != s.share(i-1) {
		s.out.Frames = append(s.out.Frames, s.keep(pix))
		s.out.Delays = append(s.out.Delays, 0)
	}
	s.out.Delays[len(s.out.Delays)-1] += delay
}

// keep shrinks a frame into the box, and quantises it if asked.
func (s *Sampler) keep(pix []byte) image.Image {
	frame := &image.RGBA{Pix: pix, Stride: 4 * s.out.W, Rect: image.Rect(0, 0, s.out.W, s.out.H)}
	tw, th := Fit(s.out.W, s.out.H, s.boxW, s.boxH)
	if s.Quantize == nil {
		return shrink(frame, tw, th, nil)
	}
	s.scratch = shrink(frame, tw, th, s.scratch)
	return s.Quantize(s.scratch)
}

// share is which of the kept frames frame i stands under.
func (s *Sampler) share(i int) int { return i * min(s.out.Count, MaxFrames) / s.out.Count }

// Thumb is the preview of the frames handed over so far: all of them
// once the GIF is finished.
func (s *Sampler) Thumb() *Thumb { return &s.out }

// shrink scales src down to w x h, each pixel the mean of the source
// pixels it covers (a box filter: thin lines fade rather than vanish),
// into out if it is w x h already. The result is opaque: the stage is,
// and a pixel read back from the screen may carry a premultiplied alpha
// below 255 at an edge.
func shrink(src *image.RGBA, w, h int, out *image.RGBA) *image.RGBA {
	sw, sh := src.Rect.Dx(), src.Rect.Dy()
	if out == nil || out.Rect != image.Rect(0, 0, w, h) {
		out = image.NewRGBA(image.Rect(0, 0, w, h))
	}
	for y := range h {
		y0, y1 := y*sh/h, max(y*sh/h+1, (y+1)*sh/h)
		for x := range w {
			x0, x1 := x*sw/w, max(x*sw/w+1, (x+1)*sw/w)
			boxMean(out.Pix[y*out.Stride+4*x:][:4], src, x0, x1, y0, y1)
		}
	}
	return out
}

// boxMean writes into p the mean colour of src's pixels in [x0, x1) x
// [y0, y1), opaque.
func boxMean(p []byte, src *image.RGBA, x0, x1, y0, y1 int) {
	var r, g, b int
	for sy := y0; sy < y1; sy++ {
		row := src.Pix[sy*src.Stride+4*x0 : sy*src.Stride+4*x1]
		for i := 0; i < len(row); i += 4 {
			r += int(row[i])
			g += int(row[i+1])
			b += int(row[i+2])
		}
	}
	n := (y1 - y0) * (x1 - x0)
	p[0], p[1], p[2], p[3] = uint8((r+n/2)/n), uint8((g+n/2)/n), uint8((b+n/2)/n), 0xFF
}
