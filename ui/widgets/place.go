package widgets

import (
	"image"

	"github.com/ebitenui/ebitenui/widget"

	"watchscope/ui/view"
)

// place is the stage's layout for widgets: each child sits at the design
// region in its LayoutData (a view.Region on the 1920x1080 canvas), mapped
// to physical pixels by the current frame, the same mapping the hand-drawn
// scene uses. A child without a region fills its container.
type place struct{ fr *view.Frame }

func (p place) PreferredSize([]widget.PreferredSizeLocateableWidget) (int, int) {
	return p.fr.W, p.fr.H
}

func (p place) Layout(ws []widget.PreferredSizeLocateableWidget, rect image.Rectangle) {
	for _, w := range ws {
		r, ok := w.GetWidget().LayoutData.(view.Region)
		if !ok {
			w.SetLocation(rect)
			continue
		}
		w.SetLocation(p.rect(r))
	}
}

// rect is a design region in physical pixels, rounded as the renderer
// rounds its rectangles.
func (p place) rect(r view.Region) image.Rectangle {
	x0, y0 := int(p.fr.X(r.X)+0.5), int(p.fr.Y(r.Y)+0.5)
	x1, y1 := int(p.fr.X(r.X+r.W)+0.5), int(p.fr.Y(r.Y+r.H)+0.5)
	return image.Rect(x0, y0, x1, y1)
}

// at is the widget option that places a widget at a design region.
func at(r view.Region) widget.WidgetOpt { return widget.WidgetOpts.LayoutData(r) }

// show shows or hides a widget (hidden widgets take no input).
func show(w widget.HasWidget, on bool) {
	v := widget.Visibility_Hide
	if on {
		v = widget.Visibility_Show
	}
	if w.GetWidget().GetVisibility() != v {
		w.GetWidget().SetVisibility(v)
	}
}

// move places a widget at a new design region, if it moved.
func move(w widget.HasWidget, r view.Region) bool {
	if w.GetWidget().LayoutData == r {
		return false
	}
	w.GetWidget().LayoutData = r
	return true
}
