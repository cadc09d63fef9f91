package thumb

import (
	"bytes"
	"errors"
	"fmt"
	"image"
	"image/gif"
	"time"
)

// gifWalk is a GIF cut into its frames: each frame's bytes (its graphic
// control extension and image block) decode alone once put behind the
// file's header and global colour table.
type gifWalk struct {
	head   []byte // header, logical screen descriptor, global colour table
	w, h   int
	frames []gifFrame
	at     int         // the next frame to decode
	canvas *image.RGBA // the file's picture after frame at-1
	saved  *image.RGBA // the area under a frame disposed to "previous"
	last   gifFrame    // the frame just drawn and its rectangle
	lastR  image.Rectangle
}

// gifFrame is one frame's bytes and what its control extension says.
type gifFrame struct {
	gce, img []byte
	delay    time.Duration
	disposal byte
}

// walkGIF finds the frames of a GIF without decoding their pixels.
func walkGIF(b []byte) (*gifWalk, error) {
	if len(b) < 13 || (string(b[:6]) != "GIF89a" && string(b[:6]) != "GIF87a") {
		return nil, errors.New("GIF: not a GIF file (no GIF89a header)")
	}
	g := &gifWalk{w: int(b[6]) | int(b[7])<<8, h: int(b[8]) | int(b[9])<<8}
	at := 13
	if b[10]&0x80 != 0 {
		at += 3 << (b[10]&7 + 1)
	}
	if at > len(b) {
		return nil, errors.New("GIF: cut short in its colour table")
	}
	g.head = b[:at]
	var gce []byte
	for {
		if at >= len(b) {
			return nil, fmt.Errorf("GIF: cut short at byte %d (no trailer)", at)
		}
		start := at
		switch b[at] {
		case 0x3B: // the trailer
			if len(g.frames) == 0 {
				return nil, errors.New("GIF: no frames")
			}
			return g, nil
		case 0x21: // an extension: its label, then sub-blocks
			end, err := subBlocks(b, at+2)
			if err != nil {
				return nil, err
			}
			if at+1 < len(b) && b[at+1] == 0xF9 {
				gce = b[start:end]
			}
			at = end
		case 0x2C: // an image: descriptor, local colour table, LZW data
			if at+11 > len(b) {
				return nil, fmt.Errorf("GIF: image descriptor cut short at byte %d", at)
			}
			at += 10
			if b[at-1]&0x80 != 0 {
				at += 3 << (b[at-1]&7 + 1)
			}
			end, err := subBlocks(b, at+1) // after the LZW minimum code size
			if err != nil {
				return nil, err
			}
			g.frames = append(g.frames, newFrame(gce, b[start:end]))
			gce, at = nil, end
		default:
			return nil, fmt.Errorf("GIF: unknown block 0x%02X at byte %d", b[at], at)
		}
	}
}

// subBlocks returns the end of the run of sub-blocks starting at at.
func subBlocks(b []byte, at int) (int, error) {
	for {
		if at >= len(b) {
			return 0, fmt.Errorf("GIF: data cut short at byte %d", len(b))
		}
		n := int(b[at])
		at += 1 + n
		if n == 0 {
			return at, nil
		}
	}
}

// newFrame reads a frame's delay and disposal from its control extension
// (21 F9 04 flags delay-lo delay-hi transparent 00). A delay under 2
// hundredths is shown for 10, as browsers do.
func newFrame(gce, img []byte) gifFrame {
	f := gifFrame{gce: gce, img: img, delay: 100 * time.Millisecond}
	if len(gce) >= 8 {
		f.disposal = gce[3] >> 2 & 7
		if cs := int(gce[4]) | int(gce[5])<<8; cs >= 2 {
			f.delay = time.Duration(cs) * 10 * time.Millisecond
		}
	}
	return f
}

// next draws the next frame onto the canvas and keeps a shrunk copy of
// it when it is the first of its share of the frames (MaxFrames shares).
func (g *gifWalk) next(d *Decoder) error {
	if g.canvas == nil {
		g.canvas = image.NewRGBA(image.Rect(0, 0, g.w, g.h))
	}
	g.dispose()
	f := g.frames[g.at]
	one := make([]byte, 0, len(g.head)+len(f.gce)+len(f.img)+1)
	one = append(append(append(append(one, g.head...), f.gce...), f.img...), 0x3B)
	img, err := gif.Decode(bytes.NewReader(one))
	if err != nil {
		return fmt.Errorf("GIF frame %d: %w", g.at+1, err)
	}
	p, ok := img.(*image.Paletted)
	if !ok {
		return fmt.Errorf("GIF frame %d: not a paletted image", g.at+1)
	}
	r := p.Rect.Intersect(g.canvas.Rect)
	if f.disposal == 3 {
		g.saved = image.NewRGBA(r)
		copyRect(g.saved, g.canvas, r)
	}
	paint(g.canvas, p, r)
	g.last, g.lastR = f, r

	n, keep := len(g.frames), min(len(g.frames), MaxFrames)
	share := func(i int) int { return i * keep / n }
	if g.at == 0 || share(g.at) != share(g.at-1) {
		tw, th := Fit(g.w, g.h, d.boxW, d.boxH)
		d.out.Frames = append(d.out.Frames, shrink(g.canvas, tw, th))
		d.out.Delays = append(d.out.Delays, 0)
	}
	d.out.Delays[len(d.out.Delays)-1] += f.delay
	g.at++
	if g.at == n {
		g.canvas, g.saved = nil, nil // the big canvas is not needed any more
	}
	return nil
}

// dispose undoes the last frame as its disposal asks: 2 clears its
// rectangle, 3 puts back what was under it; 0 and 1 leave it.
func (g *gifWalk) dispose() {
	switch g.last.disposal {
	case 2:
		for y := g.lastR.Min.Y; y < g.lastR.Max.Y; y++ {
			clear(g.canvas.Pix[g.canvas.PixOffset(g.lastR.Min.X, y):g.canvas.PixOffset(g.lastR.Max.X, y)])
		}
	case 3:
		if g.saved != nil {
			copyRect(g.canvas, g.saved, g.lastR)
		}
	}
	g.last = gifFrame{}
}

// paint draws the opaque pixels of p within r onto dst.
func paint(dst *image.RGBA, p *image.Paletted, r image.Rectangle) {
	var pal [256][4]byte
	for i, c := range p.Palette {
		cr, cg, cb, ca := c.RGBA()
		pal[i] = [4]byte{byte(cr >> 8), byte(cg >> 8), byte(cb >> 8), byte(ca >> 8)}
	}
	for y := r.Min.Y; y < r.Max.Y; y++ {
		src := p.Pix[p.PixOffset(r.Min.X, y):p.PixOffset(r.Max.X, y)]
		out := dst.Pix[dst.PixOffset(r.Min.X, y):]
		for x, idx := range src {
			if c := pal[idx]; c[3] != 0 {
				copy(out[4*x:4*x+4], c[:])
			}
		}
	}
}

// copyRect copies r from src to dst (both hold r).
func copyRect(dst, src *image.RGBA, r image.Rectangle) {
	for y := r.Min.Y; y < r.Max.Y; y++ {
		copy(dst.Pix[dst.PixOffset(r.Min.X, y):dst.PixOffset(r.Max.X, y)], src.Pix[src.PixOffset(r.Min.X, y):])
	}
}
