package view

import "math"

// Contrast is the WCAG 2 contrast ratio of two opaque colours, 1 to 21;
// AA asks 4.5 of text (MinContrast).
func Contrast(a, b colorRGBA) float64 {
	la, lb := luminance(a), luminance(b)
	if la < lb {
		la, lb = lb, la
	}
	return (la + 0.05) / (lb + 0.05)
}

// MinContrast is WCAG AA's ratio for text, which every text on the stage
// keeps against what is behind it, in both themes (issue 26).
const MinContrast = 4.5

func luminance(c colorRGBA) float64 {
	ch := func(v uint8) float64 {
		s := float64(v) / 255
		if s <= 0.03928 {
			return s / 12.92
		}
		return math.Pow((s+0.055)/1.055, 2.4)
	}
	return 0.2126*ch(c.R) + 0.7152*ch(c.G) + 0.0722*ch(c.B)
}

// Over draws the premultiplied colour src over the opaque dst, as the
// renderer composes a fill or a veil over what is under it.
func Over(dst, src colorRGBA) colorRGBA {
	k := 1 - float64(src.A)/255
	m := func(d, s uint8) uint8 { return uint8(math.Min(255, float64(s)+float64(d)*k+0.5)) }
	return colorRGBA{R: m(dst.R, src.R), G: m(dst.G, src.G), B: m(dst.B, src.B), A: 255}
}

// Readable is c as the colour of a text: an event colour (Orange, the
// answer's BluishGreen, a Kind's colour) or the theme's Yellow is mixed towards Ink just as far
// as it takes to read at MinContrast on every surface text sits on
// (Background, Panel, PanelHi, Rule), also under the veil that dims what
// a step is not about. Okabe-Ito orange is 2:1 on the projector's white;
// mixed, it is a brown that still reads as orange. The theme's own
// neutrals (chosen to pass, TestPaletteContrast) and faded text (in
// motion, at the tape's edge) are left as they are.
func (t Theme) Readable(c colorRGBA) colorRGBA {
	if c.A < 0xFF || t.neutral(c) {
		return c
	}
	veil := Fade(t.Background, t.Veil)
	var surf [4]float64
	for i, s := range [...]colorRGBA{t.Background, t.Panel, t.PanelHi, t.Rule} {
		surf[i] = luminance(Over(s, veil))
	}
	reads := func(m colorRGBA) bool {
		for _, f := range [...]colorRGBA{m, Over(m, veil)} {
			l := luminance(f)
			for _, ls := range surf {
				if (max(l, ls)+0.05)/(min(l, ls)+0.05) < MinContrast+0.05 {
					return false
				}
			}
		}
		return true
	}
	for k := 0.0; k < 1; k += 0.05 {
		if m := Mix(c, t.Ink, k); reads(m) {
			return m
		}
	}
	return t.Ink
}

// neutral reports whether c is one of the theme's greys.
func (t Theme) neutral(c colorRGBA) bool {
	for _, n := range [...]colorRGBA{t.Background, t.Panel, t.PanelHi, t.Rule, t.Faint, t.Caption, t.Muted, t.Ink} {
		if c == n {
			return true
		}
	}
	return false
}
