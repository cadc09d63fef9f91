package view

import (
	"sync"
	"unicode/utf8"

	"golang.org/x/image/font"
	"golang.org/x/image/font/opentype"
	"golang.org/x/image/math/fixed"

	"watchscope/assets"
)

// TTF is the font file of each role (package assets: the Go fonts).
func TTF(f Font) []byte {
	switch f {
	case ProseBold:
		return assets.ProseBoldTTF
	case Mono:
		return assets.MonoTTF
	}
	return assets.ProseTTF
}

var (
	parseOnce sync.Once
	parsed    [3]*opentype.Font
)

// Parsed returns the parsed font of a role (parsed once, on first use).
func Parsed(f Font) *opentype.Font {
	parseOnce.Do(func() {
		for _, r := range []Font{Prose, ProseBold, Mono} {
			p, err := opentype.Parse(TTF(r))
			if err != nil {
				panic("view: bad embedded Go font: " + err.Error())
			}
			parsed[r] = p
		}
	})
	return parsed[f]
}

// measureFaces caches one unhinted face per (role, size) for Measure; a
// font.Face is not safe for concurrent use, hence the lock. measured
// caches the widths themselves: a frame measures the same few hundred
// labels (and the words Wrap tries) as the frame before, and measuring
// one with the face (a glyph lookup and a kerning pair per rune) was most
// of a layout's time (BenchmarkStormLayout: 0.70 of 0.90 s). It is
// emptied when it reaches measuredMax entries, so text that changes every
// frame (counters, revisions) cannot grow it without bound.
var (
	measureMu    sync.Mutex
	measureFaces = map[measureKey]font.Face{}
	measured     = map[measuredText]float64{}
)

type measuredText struct {
	measureKey
	s string
}

const measuredMax = 8192

type measureKey struct {
	f    Font
	size float64
}

// Measure is the advance width of s in design pixels, so the layout can
// place things after a label without asking the renderer.
func Measure(f Font, size float64, s string) float64 {
	measureMu.Lock()
	defer measureMu.Unlock()
	k := measureKey{f, size}
	face, ok := measureFaces[k]
	if !ok {
		var err error
		face, err = opentype.NewFace(Parsed(f), &opentype.FaceOptions{Size: size, DPI: 72})
		if err != nil {
			return 0
		}
		measureFaces[k] = face
	}
	if f == Mono { // every Go Mono glyph has the same advance
		adv, _ := face.GlyphAdvance('0')
		return fixedToFloat(adv) * float64(utf8.RuneCountInString(s))
	}
	t := measuredText{k, s}
	if w, ok := measured[t]; ok {
		return w
	}
	if len(measured) >= measuredMax {
		clear(measured)
	}
	w := fixedToFloat(font.MeasureString(face, s))
	measured[t] = w
	return w
}

func fixedToFloat(x fixed.Int26_6) float64 { return float64(x) / 64 }

// LineHeight is the height of a line of text of size (Go fonts: ascent
// 0.93 em plus descent 0.21 em): the box a text fills below its Y.
func LineHeight(size float64) float64 { return size * 1.14 }
