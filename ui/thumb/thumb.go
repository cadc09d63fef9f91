// Package thumb makes the export panel's preview: a PNG or an animated
// GIF, decoded once from the bytes just made, as small RGBA frames that
// fit a box with their aspect kept. It is plain Go (no Ebiten), so its
// bounds are tested natively; the page turns the frames into Ebiten
// images.
//
// Memory stays bounded whatever the file: a GIF is not decoded whole
// (image/gif's DecodeAll would hold every frame at full size, up to 600
// frames of 1920x1080). Its blocks are walked, each frame is decoded
// alone by image/gif onto one full-size canvas, and at most MaxFrames
// snapshots of that canvas are kept, shrunk to the box: a GIF of n > MaxFrames
// frames keeps one in every n/MaxFrames, each shown for the delays of the
// frames it stands for, so the loop lasts as long as the GIF's.
package thumb

import (
	"bytes"
	"fmt"
	"image"
	"image/png"
	"time"
)

// MaxFrames is the most frames a preview keeps.
const MaxFrames = 60

// Thumb is a decoded preview.
type Thumb struct {
	Kind   string        // "PNG" or "GIF"
	W, H   int           // the file's size in pixels
	Count  int           // the file's frames (1 for a PNG)
	Frames []*image.RGBA // at most MaxFrames, each Fit to the box
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

// Decoder decodes a file a frame at a time (Step), so a long GIF can be
// spread over several ticks of the game loop.
type Decoder struct {
	boxW, boxH int
	png        []byte
	gif        *gifWalk
	out        Thumb
	done       bool
}

// NewDecoder reads the file's header; kind is "PNG" or "GIF".
func NewDecoder(data []byte, kind string, boxW, boxH int) (*Decoder, error) {
	d := &Decoder{boxW: boxW, boxH: boxH, out: Thumb{Kind: kind}}
	switch kind {
	case "PNG":
		cfg, err := png.DecodeConfig(bytes.NewReader(data))
		if err != nil {
			return nil, fmt.Errorf("preview: %w", err)
		}
		d.png, d.out.W, d.out.H, d.out.Count = data, cfg.Width, cfg.Height, 1
	case "GIF":
		g, err := walkGIF(data)
		if err != nil {
			return nil, fmt.Errorf("preview: %w", err)
		}
		d.gif, d.out.W, d.out.H, d.out.Count = g, g.w, g.h, len(g.frames)
	default:
		return nil, fmt.Errorf("preview: no preview of a %q file", kind)
	}
	return d, nil
}

// Step decodes one frame; done once all are.
func (d *Decoder) Step() (done bool, err error) {
	if d.done {
		return true, nil
	}
	if d.png != nil {
		img, err := png.Decode(bytes.NewReader(d.png))
		if err != nil {
			return true, fmt.Errorf("preview: %w", err)
		}
		d.png, d.done = nil, true
		tw, th := Fit(d.out.W, d.out.H, d.boxW, d.boxH)
		d.out.Frames, d.out.Delays = []*image.RGBA{shrink(toRGBA(img), tw, th)}, []time.Duration{0}
		return true, nil
	}
	if err := d.gif.next(d); err != nil {
		return true, fmt.Errorf("preview: %w", err)
	}
	d.done = d.gif.at == len(d.gif.frames)
	return d.done, nil
}

// Thumb is what is decoded so far: all of it once Step says done.
func (d *Decoder) Thumb() *Thumb { return &d.out }

// Decode decodes a whole file at once.
func Decode(data []byte, kind string, boxW, boxH int) (*Thumb, error) {
	d, err := NewDecoder(data, kind, boxW, boxH)
	if err != nil {
		return nil, err
	}
	for {
		done, err := d.Step()
		if err != nil {
			return nil, err
		}
		if done {
			return d.Thumb(), nil
		}
	}
}

// toRGBA is img as RGBA pixels with its origin at 0, 0.
func toRGBA(img image.Image) *image.RGBA {
	if r, ok := img.(*image.RGBA); ok && r.Rect.Min == (image.Point{}) {
		return r
	}
	b := img.Bounds()
	out := image.NewRGBA(image.Rect(0, 0, b.Dx(), b.Dy()))
	for y := range b.Dy() {
		for x := range b.Dx() {
			out.Set(x, y, img.At(b.Min.X+x, b.Min.Y+y))
		}
	}
	return out
}

// shrink scales src down to w x h, each pixel the mean of the source
// pixels it covers (a box filter: thin lines fade rather than vanish).
func shrink(src *image.RGBA, w, h int) *image.RGBA {
	sw, sh := src.Rect.Dx(), src.Rect.Dy()
	if sw == w && sh == h {
		out := image.NewRGBA(image.Rect(0, 0, w, h))
		for y := range h {
			copy(out.Pix[y*out.Stride:][:4*w], src.Pix[y*src.Stride:][:4*w])
		}
		return out
	}
	out := image.NewRGBA(image.Rect(0, 0, w, h))
	for y := range h {
		y0, y1 := y*sh/h, max(y*sh/h+1, (y+1)*sh/h)
		for x := range w {
			x0, x1 := x*sw/w, max(x*sw/w+1, (x+1)*sw/w)
			var sum [4]int
			for sy := y0; sy < y1; sy++ {
				row := src.Pix[sy*src.Stride+4*x0 : sy*src.Stride+4*x1]
				for i := 0; i < len(row); i += 4 {
					sum[0] += int(row[i])
					sum[1] += int(row[i+1])
					sum[2] += int(row[i+2])
					sum[3] += int(row[i+3])
				}
			}
			n := (y1 - y0) * (x1 - x0)
			p := out.Pix[y*out.Stride+4*x:]
			for c := range 4 {
				p[c] = uint8((sum[c] + n/2) / n)
			}
		}
	}
	return out
}
