package view

import "image/color"

// The palette is the dark stage theme. Event colours come from the
// Okabe-Ito set (Okabe & Ito, "Color Universal Design", 2008), chosen so
// that the common forms of colour blindness still tell them apart; on top
// of that every event colour is paired with its own shape (see Kind), so
// colour is never the only signal.
var (
	// Okabe-Ito, by the names the set gives them.
	Orange        = color.RGBA{0xE6, 0x9F, 0x00, 0xFF}
	SkyBlue       = color.RGBA{0x56, 0xB4, 0xE9, 0xFF}
	BluishGreen   = color.RGBA{0x00, 0x9E, 0x73, 0xFF}
	Yellow        = color.RGBA{0xF0, 0xE4, 0x42, 0xFF}
	Blue          = color.RGBA{0x00, 0x72, 0xB2, 0xFF}
	Vermillion    = color.RGBA{0xD5, 0x5E, 0x00, 0xFF}
	ReddishPurple = color.RGBA{0xCC, 0x79, 0xA7, 0xFF}

	// Neutrals of the dark theme, darkest first. Ink is for what the eye
	// should read first, Muted for labels and captions, Faint for what is
	// out of focus (compacted history, guides).
	Background = color.RGBA{0x0E, 0x11, 0x16, 0xFF}
	Panel      = color.RGBA{0x17, 0x1B, 0x22, 0xFF}
	PanelHi    = color.RGBA{0x20, 0x25, 0x2E, 0xFF}
	Rule       = color.RGBA{0x2C, 0x32, 0x3C, 0xFF}
	Faint      = color.RGBA{0x4A, 0x52, 0x5E, 0xFF}
	Caption    = color.RGBA{0x78, 0x80, 0x8D, 0xFF}
	Muted      = color.RGBA{0x95, 0x9E, 0xAC, 0xFF}
	Ink        = color.RGBA{0xEC, 0xEF, 0xF4, 0xFF}
)

// darkTheme keeps the dark neutrals so SetTheme can switch back.
var darkTheme = [...]color.RGBA{Background, Panel, PanelHi, Rule, Faint, Caption, Muted, Ink, Yellow}

// lightTheme is the projector theme: a light background, because a
// projector cannot show black (it is only the absence of light), and
// data ink dark enough for a bright room. Okabe-Ito yellow is invisible
// on white, so the compaction line turns a dark gold there.
var lightTheme = [...]color.RGBA{
	{R: 0xFA, G: 0xFA, B: 0xF7, A: 0xFF}, {R: 0xEE, G: 0xF0, B: 0xF2, A: 0xFF},
	{R: 0xE0, G: 0xE4, B: 0xE9, A: 0xFF}, {R: 0xC6, G: 0xCC, B: 0xD4, A: 0xFF},
	{R: 0x9A, G: 0xA2, B: 0xAD, A: 0xFF}, {R: 0x55, G: 0x5D, B: 0x69, A: 0xFF},
	{R: 0x35, G: 0x3C, B: 0x46, A: 0xFF}, {R: 0x0D, G: 0x10, B: 0x14, A: 0xFF},
	{R: 0x9A, G: 0x7B, B: 0x00, A: 0xFF},
}

// Projector reports whether the projector theme is on.
var Projector bool

// SetTheme switches between the dark stage theme and the light projector
// theme by swapping the neutral colours every layout reads.
func SetTheme(projector bool) {
	t := darkTheme
	if projector {
		t = lightTheme
	}
	Projector = projector
	Background, Panel, PanelHi, Rule, Faint, Caption, Muted, Ink, Yellow = t[0], t[1], t[2], t[3], t[4], t[5], t[6], t[7], t[8]
}

// Fade returns c with its alpha multiplied by a (0..1), premultiplied the
// way Ebiten expects colours to be.
func Fade(c color.RGBA, a float64) color.RGBA {
	if a >= 1 {
		return c
	}
	if a <= 0 {
		return color.RGBA{}
	}
	return color.RGBA{
		R: uint8(float64(c.R) * a), G: uint8(float64(c.G) * a),
		B: uint8(float64(c.B) * a), A: uint8(float64(c.A) * a),
	}
}

// Mix blends c towards d by t (0 = c, 1 = d). Used to grey out history as
// the compaction line passes over it.
func Mix(c, d color.RGBA, t float64) color.RGBA {
	t = clamp01(t)
	m := func(x, y uint8) uint8 { return uint8(float64(x) + (float64(y)-float64(x))*t + 0.5) }
	return color.RGBA{m(c.R, d.R), m(c.G, d.G), m(c.B, d.B), m(c.A, d.A)}
}

func clamp01(t float64) float64 {
	switch {
	case t < 0:
		return 0
	case t > 1:
		return 1
	}
	return t
}
