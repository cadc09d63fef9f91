package view

import "image/color"

// A rowStack lays labels out downward, each one line of the theme's type
// below the last, and leaves out a row that would pass its bottom: the
// rows come most important first, so a theme with larger type (the
// projector's) keeps the rows that matter and drops the detail, rather
// than shrinking it or drawing it over its neighbour (issue 26).
type rowStack struct {
	sc        *Scene
	x, y, end float64 // where the next row goes, and the stack's bottom
	align     Align
	gap       float64 // between rows
}

// stack starts a rowStack at (x, y) that ends at bottom.
func (s *Scene) stack(x, y, bottom float64, a Align) *rowStack {
	return &rowStack{sc: s, x: x, y: y, end: bottom, align: a, gap: 4}
}

// room reports whether a row of the given size still fits.
func (st *rowStack) room(size float64) bool {
	return st.y+LineHeight(st.sc.Theme.TextSize(size)) <= st.end
}

// add draws str as the next row, if it fits, and reports whether it did.
func (st *rowStack) add(str string, f Font, size float64, c color.RGBA) bool {
	if !st.room(size) {
		return false
	}
	st.sc.label(st.x, st.y, str, f, size, st.align, c)
	st.y += LineHeight(st.sc.Theme.TextSize(size)) + st.gap
	return true
}

// at moves the next row down to y at least: a box's rows keep their
// places in the dark theme and are pushed down only by larger type.
func (st *rowStack) at(y float64) *rowStack {
	st.y = max(st.y, y)
	return st
}

// rowH is the height one row of the given size takes in a rowStack.
func (th Theme) rowH(size float64) float64 { return LineHeight(th.TextSize(size)) + 4 }
