package view

import "math"

// The stage is designed on a 1920x1080 canvas (16:9, a projector's
// native size) on an 8 px grid. Every coordinate in a Scene is in these
// design pixels.
const (
	DesignW = 1920
	DesignH = 1080
	Grid    = 8
)

// Frame maps design pixels to the physical pixels of the screen image.
// Ebiten's Layout returns the window's size times the device scale
// factor, so the screen image is in physical pixels and nothing is ever
// upscaled: fonts are rasterised at Size*Scale and lines drawn at their
// final width, which keeps text crisp at any devicePixelRatio.
//
//	physical = design*Scale + (OffX, OffY)
type Frame struct {
	Scale      float64
	OffX, OffY float64
	W, H       int // the physical screen size
}

// Fit centres the design canvas in a w x h physical screen, as large as
// fits (letterboxing the other axis).
func Fit(w, h int) Frame {
	s := math.Min(float64(w)/DesignW, float64(h)/DesignH)
	if s <= 0 {
		s = 1
	}
	return Frame{
		Scale: s,
		OffX:  math.Round((float64(w) - DesignW*s) / 2),
		OffY:  math.Round((float64(h) - DesignH*s) / 2),
		W:     w, H: h,
	}
}

// X and Y map a design coordinate to physical pixels.
func (f Frame) X(x float64) float64 { return x*f.Scale + f.OffX }
func (f Frame) Y(y float64) float64 { return y*f.Scale + f.OffY }

// Px maps a design length to physical pixels, never below one pixel, so
// hairlines stay visible on small screens.
func (f Frame) Px(l float64) float64 { return math.Max(1, l*f.Scale) }

// FontPx is the physical pixel size a font of design size s is built at,
// rounded to a half pixel so that the face cache stays small while the
// window is resized.
func (f Frame) FontPx(s float64) float64 { return math.Round(s*f.Scale*2) / 2 }

// Design maps a physical pixel back to design coordinates (for the
// pointer).
func (f Frame) Design(px, py float64) (float64, float64) {
	if f.Scale <= 0 {
		return 0, 0
	}
	return (px - f.OffX) / f.Scale, (py - f.OffY) / f.Scale
}
