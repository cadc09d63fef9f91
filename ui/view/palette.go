package view

import "image/color"

// colorRGBA is the one colour type of the stage.
type colorRGBA = color.RGBA

// Event colours come from the Okabe-Ito set (Okabe & Ito, "Color
// Universal Design", 2008), chosen so that the common forms of colour
// blindness still tell them apart; on top of that every event colour is
// paired with its own shape (see Kind), so colour is never the only
// signal. They read on both themes' backgrounds, so they do not change
// with the theme; nothing writes them after init (TestPaletteIsNeverWritten).
var (
	Orange        = color.RGBA{0xE6, 0x9F, 0x00, 0xFF}
	SkyBlue       = color.RGBA{0x56, 0xB4, 0xE9, 0xFF}
	BluishGreen   = color.RGBA{0x00, 0x9E, 0x73, 0xFF}
	Blue          = color.RGBA{0x00, 0x72, 0xB2, 0xFF}
	Vermillion    = color.RGBA{0xD5, 0x5E, 0x00, 0xFF}
	ReddishPurple = color.RGBA{0xCC, 0x79, 0xA7, 0xFF}
)

// A Theme is the part of the stage's look that depends on the room: the
// neutrals, the yellow, and how large the smallest type is. It is a value
// that travels with what is drawn (Chrome.Theme, then Scene.Theme), never
// a global the drawing reads, because one process may draw two themes at
// once: the page shows the dark stage while an export or a layout check
// renders the projector's, and a third theme is one more value.
type Theme struct {
	Name string // its one text form: "dark" or "projector" (ThemeNamed)

	// Neutrals, darkest first on the dark theme. Ink is for what the eye
	// should read first, Muted for labels and captions, Faint for what is
	// out of focus (compacted history, guides).
	Background, Panel, PanelHi, Rule, Faint, Caption, Muted, Ink color.RGBA
	// Yellow is Okabe-Ito yellow where it reads (the compaction line, the
	// focus frame, a ring's oldest slot); on white it would vanish, so
	// the projector theme draws a dark gold in its place.
	Yellow color.RGBA
	// MinText is the smallest type drawn, in design pixels (1/1080 of the
	// screen's height; 0: no minimum). A 13 px caption that is crisp on
	// a laptop is unreadable from the back of a hall.
	MinText float64
	// Narration is the lesson narration's type: what the back row reads.
	Narration Narration
	// Detail: the theme draws the stage's secondary words, a chart's
	// raw metric name under its title and a band's caption beside its
	// name, and the frame's: the brand and the simulated clock in the
	// top bar, every claim a step checks (not only the failing ones).
	// The projector's type is too large for them to fit, and they are
	// left out there rather than shrunk (issue 26): the title says what
	// the chart counts, the band's name what it holds, "4 of 4 checks
	// pass" what the claims came to.
	Detail bool
	// Charts is how many live charts the column shows, sharing its
	// height: the dark theme's four, the projector's two, twice as tall,
	// the ones the step points at first (shownCharts).
	Charts int
	// Bar is how the frame around the stage is set: the top bar, the
	// lesson panel and the transport.
	Bar Bar
	// Veil is how much of the background covers what is out of focus:
	// enough to push it back, little enough that it stays legible (on a
	// light background a heavy veil washes text out).
	Veil float64
}

// Bar is the frame's part of a theme (the top bar, the lesson panel and
// the transport; the stage between them is the cast's and the figures').
type Bar struct {
	// Text is the frame's smallest type, in design pixels: a counter's
	// name, the ask column's heading, a choice, a claim, a button.
	Text float64
	// TopControls: the transport's buttons are few and large and sit in
	// the top bar, and the time strip under the lesson panel is left
	// out, so that the panel takes the strip's row: at the projector's
	// type the narration and a question with its choices need the height.
	TopControls bool
	// AskW is the width of the lesson panel's right column (a question,
	// the failing claims); the narration has the rest of the row.
	AskW float64
}

// Narration is the size, line height (design pixels) and most lines of a
// step's narration in the lesson panel.
type Narration struct {
	Size, LineH float64
	Lines       int
}

// Dark is the stage's own theme, for a screen: light ink on near black.
var Dark = Theme{
	Name:       "dark",
	Background: color.RGBA{0x0E, 0x11, 0x16, 0xFF},
	Panel:      color.RGBA{0x17, 0x1B, 0x22, 0xFF},
	PanelHi:    color.RGBA{0x20, 0x25, 0x2E, 0xFF},
	Rule:       color.RGBA{0x2C, 0x32, 0x3C, 0xFF},
	Faint:      color.RGBA{0x4A, 0x52, 0x5E, 0xFF},
	Caption:    color.RGBA{0xAE, 0xB4, 0xBE, 0xFF}, // 4.6:1 on Rule under the veil, WCAG AA
	Muted:      color.RGBA{0xBE, 0xC4, 0xCE, 0xFF},
	Ink:        color.RGBA{0xEC, 0xEF, 0xF4, 0xFF},
	Yellow:     color.RGBA{0xF0, 0xE4, 0x42, 0xFF}, // Okabe-Ito yellow
	MinText:    DarkMinText,
	Narration:  Narration{Size: 22, LineH: narrLineH, Lines: narrLines},
	Detail:     true,
	Charts:     MaxCharts,
	Bar:        Bar{Text: DarkMinText, AskW: AskWidth},
	Veil:       0.2, // Caption under it keeps 4.6:1 on Rule, Ink 8:1
}

// Projector is the theme for a hall: a light background, because a
// projector cannot show black (black is only the absence of its light),
// data ink dark enough for a bright room, and larger type.
var Projector = Theme{
	Name:       "projector",
	Background: color.RGBA{0xFA, 0xFA, 0xF7, 0xFF},
	Panel:      color.RGBA{0xEE, 0xF0, 0xF2, 0xFF},
	PanelHi:    color.RGBA{0xE0, 0xE4, 0xE9, 0xFF},
	Rule:       color.RGBA{0xC6, 0xCC, 0xD4, 0xFF},
	Faint:      color.RGBA{0x9A, 0xA2, 0xAD, 0xFF},
	Caption:    color.RGBA{0x37, 0x3D, 0x46, 0xFF}, // 4.6:1 on Rule under the veil, WCAG AA
	Muted:      color.RGBA{0x26, 0x2B, 0x33, 0xFF},
	Ink:        color.RGBA{0x0D, 0x10, 0x14, 0xFF},
	Yellow:     color.RGBA{0x7A, 0x62, 0x00, 0xFF}, // dark gold; as text ("oldest 601") Readable darkens it
	MinText:    ProjectorMinText,
	Narration:  Narration{Size: 27, LineH: 32, Lines: 6},
	Charts:     2,
	Bar:        Bar{Text: 27, TopControls: true, AskW: 800},
	Veil:       0.15, // Caption under it keeps 4.6:1 on Rule, Ink 8.4:1
}

// The smallest type each theme draws, in design pixels (issue 26): the
// dark theme's 16 px on a 1920x1080 screen; the projector's 27, 18 px on
// the 1280x720 screen of a hall. What has no room at 27 is left out of
// the projector (Detail), not shrunk.
const (
	DarkMinText      = 16
	ProjectorMinText = 27
)

// ThemeNamed is the theme of a name as links and commands spell it
// ("dark", "projector", or "light", an older name of the projector
// theme); false for any other.
func ThemeNamed(name string) (Theme, bool) {
	if name == "light" {
		name = Projector.Name
	}
	for _, t := range [...]Theme{Dark, Projector} {
		if t.Name == name {
			return t, true
		}
	}
	return Theme{}, false
}

// OrDark is t, or Dark for the zero Theme: a Chrome made by hand (a
// test's) names no theme and is drawn dark.
func (t Theme) OrDark() Theme {
	if t.Name == "" {
		return Dark
	}
	return t
}

// Pitch is the distance from one line of text of the given design size
// to the next: step, the dark theme's, or more where the theme's larger
// type needs it (a line and a little air), so a painter laid out for the
// dark theme keeps its lines apart in every theme.
func (t Theme) Pitch(size, step float64) float64 {
	return max(step, LineHeight(t.TextSize(size))+2)
}

// TextSize is the size a label of the given design size is drawn at in
// the theme; layout that sits next to text measures with it.
func (t Theme) TextSize(size float64) float64 {
	return max(size, t.MinText)
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
