package view

import "math"

// LessonRef is a lesson the step's narration points at (lesson:ID in the
// lesson file): the narration says its title, and a link on the title
// row opens it.
type LessonRef struct {
	ID, Title string
}

// Geometry of the links to other lessons, right-aligned on the lesson
// panel's title row.
const (
	refSize  = 16
	refH     = 28
	refPad   = 12
	refGap   = 10
	refMaxW  = 460
	refArrow = "→ "
)

// RefRegion is where the link to l.Refs[i] is drawn (and clicked) in the
// theme: the first at the right end of the title row, the next to its
// left.
func RefRegion(th Theme, l *LessonView, i int) Region {
	th = th.OrDark()
	right := titleRight(th, l)
	size := refTextSize(th)
	for j := range i + 1 {
		w := refWidth(size, l.Refs[j].Title)
		if j == i {
			return Region{right - w, PanelTop + 14, w, max(refH, math.Ceil(LineHeight(size)+8))}
		}
		right -= w + refGap
	}
	return Region{}
}

// refTextSize is the links' type in the theme: the frame's smallest.
func refTextSize(th Theme) float64 { return th.TextSize(max(refSize, th.Bar.Text)) }

func refWidth(size float64, title string) float64 {
	return min(Measure(Prose, size, refArrow+title)+2*refPad, refMaxW*size/refSize)
}

// refsWidth is the room the links take on the title row, gaps included.
func refsWidth(th Theme, l *LessonView) float64 {
	if len(l.Refs) == 0 {
		return 0
	}
	r := RefRegion(th, l, len(l.Refs)-1)
	return titleRight(th, l) - r.X + 2*refGap
}

// lessonRefs draws the links: a pill each, the arrow and the title in
// the link colour of the theme.
func lessonRefs(sc *Scene, l *LessonView) {
	ink := SkyBlue
	if sc.Theme.Name == Projector.Name {
		ink = Blue
	}
	for i, r := range l.Refs {
		g := RefRegion(sc.Theme, l, i)
		sc.rect(Rect{X: g.X, Y: g.Y, W: g.W, H: g.H, Radius: 6, Fill: sc.Theme.PanelHi})
		sc.fit(g.X+refPad, g.Y+5, refArrow+r.Title, Prose, refTextSize(sc.Theme), Left, ink, g.W-2*refPad)
	}
}
