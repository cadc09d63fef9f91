package view

import "image/color"

// A Scene is one frame of the stage as a display list in design
// coordinates (a 1920x1080 canvas, y down). The renderer maps it to
// physical pixels with a Frame and draws the lists in order: Rects, Lines,
// Marks, then Texts, so that shapes batch together and text sits on top.
// Keeping the frame as plain data makes layout and animation testable
// without a GPU.
type Scene struct {
	Rects []Rect
	Lines []Line
	Marks []Mark
	Arcs  []Arc
	Texts []Text

	// Over is drawn after everything above, in the same order: dimming,
	// highlight frames and overlays (help, "why?") sit on top of text.
	Over *Scene

	// Places are where the frame drew the scene's actors and its
	// figure's marks (state().scene's rects), on the top-level scene only.
	Places []Place

	// Theme is what the frame is drawn in: every colour above came from
	// it, and the renderer fills the background with its Background.
	Theme Theme
}

// over returns the overlay scene, creating it on first use.
func (s *Scene) over() *Scene {
	if s.Over == nil {
		s.Over = &Scene{Theme: s.Theme}
	}
	return s.Over
}

// Arc is a stroked circular arc from angle From to To (radians, clockwise
// from 3 o'clock, y down), used for the watch cache's ring.
type Arc struct {
	CX, CY, R float64
	From, To  float64
	Width     float64
	Color     color.RGBA
}

// Rect is a filled rectangle with an optional rounded corner radius.
type Rect struct {
	X, Y, W, H float64
	Radius     float64
	Fill       color.RGBA
}

// Line is a straight stroke.
type Line struct {
	X0, Y0, X1, Y1 float64
	Width          float64
	Color          color.RGBA
}

// Mark is a Kind's shape centred at (X, Y) with radius R.
type Mark struct {
	X, Y, R float64
	Shape   Shape
	Color   color.RGBA
}

// Font is a typographic role; the renderer maps it to a Go font.
type Font int

const (
	Prose     Font = iota // Go Regular
	ProseBold             // Go Medium: titles, section labels
	Mono                  // Go Mono: keys, revisions, anything tabular
)

// Align says which point of the text (X, Y) names: its left, centre or
// right edge, always at the top of the line box.
type Align int

const (
	Left Align = iota
	Center
	Right
)

// Text is one line of text. Size is the font size in design pixels.
type Text struct {
	X, Y  float64
	S     string
	Font  Font
	Size  float64
	Align Align
	Color color.RGBA
	// Plate marks a text drawn on its own plate over the stage (a
	// packet's label in flight or at rest), which TextBoxes, and so
	// state().scene.texts and the no-overlap tests, leave out on purpose:
	// the labels are the moving layer, placed after the stage's words
	// and around them (wireLabel reads their boxes, stageTexts, and puts
	// a label only where it covers no word and no other label, else
	// draws the packet's glyph alone), so the record of the layout does
	// not change with the animation's frame. Only an error's label may
	// still stack over words when every side of its packet is taken, on
	// its own 90% opaque plate, for the fraction of a second it travels.
	Plate bool
}

func (s *Scene) rect(r Rect) { s.Rects = append(s.Rects, r) }
func (s *Scene) line(l Line) { s.Lines = append(s.Lines, l) }
func (s *Scene) mark(m Mark) { s.Marks = append(s.Marks, m) }
func (s *Scene) text(t Text) { s.Texts = append(s.Texts, t) }
func (s *Scene) arc(a Arc)   { s.Arcs = append(s.Arcs, a) }

func (s *Scene) label(x, y float64, str string, f Font, size float64, a Align, c color.RGBA) {
	if str == "" { // fitText found nothing that fits whole: no empty box in scene.texts
		return
	}
	size = s.Theme.TextSize(size)
	s.text(Text{X: x, Y: y, S: str, Font: f, Size: size, Align: a, Color: s.Theme.Readable(c)})
}
