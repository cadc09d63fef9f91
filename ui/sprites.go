package ui

import (
	"image"
	"image/color"
	"math"

	"github.com/hajimehoshi/ebiten/v2"
	"github.com/hajimehoshi/ebiten/v2/vector"

	"watchscope/ui/view"
)

// Anti-aliased vector paths are the expensive part of a frame (a stencil
// pass each, and slow in software WebGL), so every mark and every rounded
// corner is drawn once, white, into a small sprite, then stamped with
// DrawImage and tinted with a ColorScale. Stamps of one atlas batch into a
// single draw call.

type spriteKey struct {
	shape view.Shape
	r     float64 // radius in physical pixels, quantised to 1/4 px
	disc  bool    // a plain disc (rounded-rect corners), not a mark
}

// sprite returns the white sprite for k, building it on first use.
func (r *renderer) sprite(k spriteKey) *ebiten.Image {
	if img, ok := r.sprites[k]; ok {
		return img
	}
	if len(r.sprites) > 256 {
		r.sprites = map[spriteKey]*ebiten.Image{}
	}
	size := int(math.Ceil(k.r*2.8)) + 4
	if k.disc {
		size = int(math.Ceil(k.r * 2))
	}
	img := ebiten.NewImage(size, size)
	c := float32(size) / 2
	if k.disc {
		vector.FillCircle(img, c, c, float32(k.r), color.White, true)
	} else {
		r.shapePath(img, view.Mark{Shape: k.shape, Color: color.RGBA{255, 255, 255, 255}}, c, c, float32(k.r))
	}
	r.sprites[k] = img
	return img
}

// stamp draws a sprite centred at (cx, cy) in colour c.
func stamp(dst, img *ebiten.Image, cx, cy float64, c color.RGBA) {
	b := img.Bounds()
	op := &ebiten.DrawImageOptions{}
	op.GeoM.Translate(math.Round(cx-float64(b.Dx())/2), math.Round(cy-float64(b.Dy())/2))
	op.ColorScale.ScaleWithColor(c)
	dst.DrawImage(img, op)
}

func quarter(r float64) float64 { return math.Round(r*4) / 4 }

// roundRect fills x,y,w,h (physical pixels) with corners of radius rad:
// two plain rectangles for the body and the four quarters of a disc
// sprite for the corners, all of them batched image draws.
func (r *renderer) roundRect(dst *ebiten.Image, x, y, w, h, rad float64, c color.RGBA) {
	rad = math.Round(rad)
	if rad < 1 {
		vector.FillRect(dst, f32(x), f32(y), f32(w), f32(h), c, false)
		return
	}
	vector.FillRect(dst, f32(x+rad), f32(y), f32(w-2*rad), f32(h), c, false)
	vector.FillRect(dst, f32(x), f32(y+rad), f32(rad), f32(h-2*rad), c, false)
	vector.FillRect(dst, f32(x+w-rad), f32(y+rad), f32(rad), f32(h-2*rad), c, false)
	disc := r.sprite(spriteKey{r: rad, disc: true})
	n := int(rad)
	corners := []struct {
		sub    image.Rectangle
		dx, dy float64
	}{
		{image.Rect(0, 0, n, n), x, y},
		{image.Rect(n, 0, 2*n, n), x + w - rad, y},
		{image.Rect(0, n, n, 2*n), x, y + h - rad},
		{image.Rect(n, n, 2*n, 2*n), x + w - rad, y + h - rad},
	}
	for _, q := range corners {
		op := &ebiten.DrawImageOptions{}
		op.GeoM.Translate(q.dx, q.dy)
		op.ColorScale.ScaleWithColor(c)
		dst.DrawImage(disc.SubImage(q.sub).(*ebiten.Image), op)
	}
}
