package widgets

import (
	"image/color"

	eimage "github.com/ebitenui/ebitenui/image"
	"github.com/ebitenui/ebitenui/widget"

	"watchscope/ui/view"
)

// newCloser is the widget of an overlay the scene paints (view.Overlays'
// Draw, the legend): a clear button over the whole canvas, shown while
// the overlay shows, whose click sends "close", as Esc does. It draws
// nothing, at rest or under the pointer: the scene's panel is the
// overlay's picture, the closer only takes its click.
func (l *Layer) newCloser() *widget.Button {
	clear := eimage.NewNineSliceColor(color.RGBA{})
	b := widget.NewButton(
		widget.ButtonOpts.WidgetOpts(at(view.Region{W: view.DesignW, H: view.DesignH})),
		widget.ButtonOpts.Image(&widget.ButtonImage{Idle: clear, Hover: clear, Pressed: clear, Disabled: clear}),
		widget.ButtonOpts.DisableDefaultKeys(), // Space and Enter are the page's keys
		widget.ButtonOpts.ClickedHandler(func(*widget.ButtonClickedEventArgs) { l.send("close") }),
	)
	show(b, false)
	return b
}

// syncClosers shows each painted overlay's closer while it shows; a
// dialog over it (the help, the picker, a page's panel) takes the click
// instead.
func (l *Layer) syncClosers(u view.Chrome, modal bool) {
	for i, c := range l.closers {
		if c != nil {
			show(c, u.Shows(view.Overlays[i].Verb))
			c.GetWidget().Disabled = modal
		}
	}
}
