package ui

import (
	"bytes"
	"image"
	"image/color"
	"image/gif"
)

// gifStream builds an animated GIF one frame at a time, so a long export
// keeps only the compressed bytes and two frames in memory (image/gif's
// EncodeAll wants every frame at once: 600 frames of 960x540 would be
// 300 MB). Each frame is encoded by image/gif as a one-frame GIF with the
// stream's global colour table, and its blocks are spliced in:
//
//	one-frame GIF:  header+screen | global colour table | frame blocks | 0x3B
//	the stream:     header+screen | global colour table | NETSCAPE2.0 loop |
//	                (comment | frame blocks)... | 0x3B
//
// A frame's comment extension carries its caption (the sim time and
// revision): slide tools ignore it, and a test can read which moment
// each frame shows.
type gifStream struct {
	buf  bytes.Buffer
	pal  color.Palette
	w, h int
	one  bytes.Buffer
}

func newGIFStream(w, h int, pal color.Palette) *gifStream {
	return &gifStream{pal: pal, w: w, h: h}
}

// loopForever is the NETSCAPE2.0 application extension with loop count 0.
var loopForever = []byte{0x21, 0xFF, 0x0B, 'N', 'E', 'T', 'S', 'C', 'A', 'P', 'E', '2', '.', '0', 0x03, 0x01, 0x00, 0x00, 0x00}

// frame appends img (a full frame or the rectangle that changed, with
// the stream's palette) shown for delay hundredths of a second.
func (g *gifStream) frame(img *image.Paletted, delay int, caption string) error {
	g.one.Reset()
	err := gif.EncodeAll(&g.one, &gif.GIF{
		Image: []*image.Paletted{img}, Delay: []int{delay}, Disposal: []byte{gif.DisposalNone},
		Config: image.Config{ColorModel: g.pal, Width: g.w, Height: g.h},
	})
	if err != nil {
		return err
	}
	b := g.one.Bytes()
	head := 13 + colorTableLen(b[10])
	if g.buf.Len() == 0 {
		g.buf.Write(b[:head])
		g.buf.Write(loopForever)
	}
	writeComment(&g.buf, caption)
	g.buf.Write(b[head : len(b)-1]) // without the trailer
	return nil
}

// colorTableLen is the size of the global colour table a GIF's screen
// descriptor flags announce.
func colorTableLen(flags byte) int {
	if flags&0x80 == 0 {
		return 0
	}
	return 3 << (flags&7 + 1)
}

// writeComment writes a comment extension: 0x21 0xFE, the text in
// sub-blocks of at most 255 bytes, a zero-length block.
func writeComment(w *bytes.Buffer, s string) {
	w.Write([]byte{0x21, 0xFE})
	for len(s) > 0 {
		n := min(len(s), 255)
		w.WriteByte(byte(n))
		w.WriteString(s[:n])
		s = s[n:]
	}
	w.WriteByte(0)
}

// Len is the stream's size so far.
func (g *gifStream) Len() int { return g.buf.Len() }

// bytes ends the stream and returns the GIF.
func (g *gifStream) bytes() []byte {
	g.buf.WriteByte(0x3B)
	return g.buf.Bytes()
}

// changed is the smallest rectangle where cur differs from prev (both
// full frames); a frame with no change still gets one pixel, so every
// planned frame is in the GIF and the frame count stays (to-from)*fps.
func changed(prev, cur *image.Paletted) image.Rectangle {
	b := cur.Bounds()
	r := image.Rectangle{Min: b.Max, Max: b.Min}
	w := b.Dx()
	for y := 0; y < b.Dy(); y++ {
		row := y * w
		if bytes.Equal(prev.Pix[row:row+w], cur.Pix[row:row+w]) {
			continue
		}
		x0, x1 := 0, w
		for x0 < w && prev.Pix[row+x0] == cur.Pix[row+x0] {
			x0++
		}
		for x1 > x0 && prev.Pix[row+x1-1] == cur.Pix[row+x1-1] {
			x1--
		}
		r = r.Union(image.Rect(x0, y, x1, y+1))
	}
	if r.Empty() {
		return image.Rect(0, 0, 1, 1)
	}
	return r
}
