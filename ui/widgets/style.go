package widgets

import (
	"image/color"
	"math"

	eimage "github.com/ebitenui/ebitenui/image"
	"github.com/hajimehoshi/ebiten/v2"
	"github.com/hajimehoshi/ebiten/v2/text/v2"
	"github.com/hajimehoshi/ebiten/v2/vector"
	"golang.org/x/image/font"
	"golang.org/x/image/font/opentype"

	"watchscope/ui/view"
)

// style is what the widgets are drawn with at one frame scale and theme:
// the Go fonts rasterised at their final physical size (as the scene's
// renderer does: never scaled afterwards, so text stays crisp at any
// devicePixelRatio) and rounded panels in the stage's palette.
type style struct {
	fr     view.Frame
	theme  view.Theme
	faces  map[faceKey]*text.Face
	slices map[sliceKey]*eimage.NineSlice
}

type faceKey struct {
	f    view.Font
	size float64
}

type sliceKey struct {
	c      color.RGBA
	radius float64
}

func newStyle(fr view.Frame, theme view.Theme) *style {
	return &style{fr: fr, theme: theme, faces: map[faceKey]*text.Face{}, slices: map[sliceKey]*eimage.NineSlice{}}
}

// face is a font role at a design size, built for the frame's scale.
func (st *style) face(f view.Font, size float64) *text.Face {
	k := faceKey{f, size}
	if fc, ok := st.faces[k]; ok {
		return fc
	}
	xf, err := opentype.NewFace(view.Parsed(f), &opentype.FaceOptions{
		Size: st.fr.FontPx(size), DPI: 72, Hinting: font.HintingFull,
	})
	if err != nil {
		panic("widgets: building a Go font face: " + err.Error())
	}
	var fc text.Face = text.NewGoXFace(xf)
	st.faces[k] = &fc
	return &fc
}

// panel is a nine-slice of colour c with corners of a design radius (0:
// square), so a panel stretches to any size with round corners intact.
func (st *style) panel(c color.RGBA, radius float64) *eimage.NineSlice {
	k := sliceKey{c, radius}
	if s, ok := st.slices[k]; ok {
		return s
	}
	r := int(math.Round(radius * st.fr.Scale))
	if r <= 0 {
		s := eimage.NewNineSliceColor(c)
		st.slices[k] = s
		return s
	}
	n := 2*r + 1
	img := ebiten.NewImage(n, n)
	var p vector.Path
	rr := float32(r)
	p.MoveTo(rr, 0)
	p.LineTo(float32(n)-rr, 0)
	p.ArcTo(float32(n), 0, float32(n), rr, rr)
	p.LineTo(float32(n), float32(n)-rr)
	p.ArcTo(float32(n), float32(n), float32(n)-rr, float32(n), rr)
	p.LineTo(rr, float32(n))
	p.ArcTo(0, float32(n), 0, float32(n)-rr, rr)
	p.LineTo(0, rr)
	p.ArcTo(0, 0, rr, 0, rr)
	p.Close()
	op := &vector.DrawPathOptions{AntiAlias: true}
	op.ColorScale.ScaleWithColor(c)
	vector.FillPath(img, &p, nil, op)
	s := eimage.NewNineSlice(img, [3]int{r, 1, r}, [3]int{r, 1, r})
	st.slices[k] = s
	return s
}

// px is a design length in physical pixels (at least one).
func (st *style) px(l float64) int { return max(1, int(math.Round(l*st.fr.Scale))) }
