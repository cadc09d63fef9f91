package ui

import (
	"cmp"
	"image/color"
	"slices"

	"watchscope/ui/view"
)

// A GIF has at most 256 colours. The stage has few: the theme's neutrals
// and the Okabe-Ito colours, plus what anti-aliasing makes of them at the
// edges of shapes and glyphs (a colour blended into the ground under it).
// So the palette is built, not searched for:
//
//	15 theme colours                      exact: flat areas stay exact
//	12 inks x 3 grounds x 6 blend steps   the anti-aliasing ramps
//	the first frame's most common others  whatever the scene fades or mixes
//
// It is the same for every frame (one global colour table), and every
// pixel maps to its nearest entry without dithering: dithering a flat
// diagram only adds noise and makes the GIF larger.

// rampSteps is the number of blends between an ink and its ground.
const rampSteps = 7

// themeColors are the stage's colours in theme th (it decides the neutrals).
func themeColors(th view.Theme) (grounds, inks []color.RGBA) {
	grounds = []color.RGBA{th.Background, th.Panel, th.PanelHi}
	inks = []color.RGBA{th.Rule, th.Faint, th.Caption, th.Muted, th.Ink,
		view.Orange, view.SkyBlue, view.BluishGreen, th.Yellow, view.Blue, view.Vermillion, view.ReddishPurple}
	return grounds, inks
}

// basePalette is theme th's colours and their anti-aliasing ramps, each
// colour once, in a fixed order.
func basePalette(th view.Theme) color.Palette {
	grounds, inks := themeColors(th)
	var pal color.Palette
	seen := map[color.RGBA]bool{}
	add := func(c color.RGBA) {
		if !seen[c] && len(pal) < 256 {
			seen[c] = true
			pal = append(pal, c)
		}
	}
	for _, c := range append(append([]color.RGBA(nil), grounds...), inks...) {
		add(c)
	}
	for _, g := range grounds {
		for _, c := range inks {
			for k := 1; k < rampSteps; k++ {
				add(view.Mix(g, c, float64(k)/rampSteps))
			}
		}
	}
	return pal
}

// framePalette completes theme th's base palette with the colours of a
// frame (RGBA bytes) that are far from every entry, most common first;
// ties go to the smaller colour value, so the palette depends on the
// theme and the pixels only.
func framePalette(th view.Theme, pix []byte) color.Palette {
	pal := basePalette(th)
	counts := map[uint32]int{}
	for i := 0; i+3 < len(pix); i += 4 {
		counts[rgbKey(pix[i:])]++
	}
	base := newQuantizer(pal)
	keys := make([]uint32, 0, len(counts))
	for k := range counts {
		if _, d := base.nearest(k); d > farEnough {
			keys = append(keys, k)
		}
	}
	slices.SortFunc(keys, func(a, b uint32) int {
		return cmp.Or(cmp.Compare(counts[b], counts[a]), cmp.Compare(a, b))
	})
	for _, k := range keys {
		if len(pal) == 256 {
			break
		}
		if _, d := newQuantizer(pal).nearest(k); d > farEnough {
			pal = append(pal, color.RGBA{uint8(k >> 16), uint8(k >> 8), uint8(k), 0xFF})
		}
	}
	return pal
}

// farEnough is the squared RGB distance under which a colour is left to
// its nearest entry (about 7 levels per channel).
const farEnough = 3 * 7 * 7

// quantizer maps colours to palette indexes, remembering each answer: a
// frame has a few thousand distinct colours among half a million pixels.
type quantizer struct {
	pal  []color.RGBA
	memo map[uint32]uint8
}

func newQuantizer(p color.Palette) *quantizer {
	q := &quantizer{memo: map[uint32]uint8{}}
	for _, c := range p {
		q.pal = append(q.pal, c.(color.RGBA))
	}
	return q
}

func rgbKey(p []byte) uint32 { return uint32(p[0])<<16 | uint32(p[1])<<8 | uint32(p[2]) }

// nearest is the closest entry to colour k (0xRRGGBB) and its squared
// distance; the first entry wins a tie.
func (q *quantizer) nearest(k uint32) (uint8, int) {
	r, g, b := int(k>>16), int(k>>8&0xFF), int(k&0xFF)
	best, bestD := 0, 1<<30
	for i, c := range q.pal {
		dr, dg, db := r-int(c.R), g-int(c.G), b-int(c.B)
		if d := dr*dr + dg*dg + db*db; d < bestD {
			best, bestD = i, d
		}
	}
	return uint8(best), bestD
}

// index maps RGBA bytes (opaque: the stage always is) to palette indexes.
func (q *quantizer) index(pix, dst []byte) {
	last, lastI := uint32(1<<31), uint8(0)
	for i, j := 0, 0; i+3 < len(pix); i, j = i+4, j+1 {
		k := rgbKey(pix[i:])
		if k != last {
			idx, ok := q.memo[k]
			if !ok {
				idx, _ = q.nearest(k)
				q.memo[k] = idx
			}
			last, lastI = k, idx
		}
		dst[j] = lastI
	}
}
