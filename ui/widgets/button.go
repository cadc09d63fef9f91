package widgets

import (
	"image/color"

	"github.com/ebitenui/ebitenui/widget"

	"watchscope/ui/view"
)

// button is one stage button: an ebitenui Button at a design region that
// sends its current command when clicked.
type button struct {
	w   *widget.Button
	b   view.ToggleButton // what it shows and sends
	big bool              // a transport button (bold 18) or a sandbox one (17)
}

// syncButtons makes the buttons in *have match want, in order: a label
// change is a SetText, anything else (a new place, a knob turned on or
// off) a new widget in the old one's place.
func (l *Layer) syncButtons(have *[]*button, want []view.ToggleButton, big bool) {
	for i, b := range want {
		if i < len(*have) {
			h := (*have)[i]
			if h.b == b {
				continue
			}
			if h.b.Region == b.Region && h.b.On == b.On {
				h.w.SetText(b.Label)
				h.b = b
				l.moved = true
				continue
			}
			nb := l.newButton(b, big)
			l.controls.ReplaceChild(h.w, nb.w)
			(*have)[i] = nb
			l.moved = true
			continue
		}
		nb := l.newButton(b, big)
		l.controls.AddChild(nb.w)
		*have = append(*have, nb)
		l.moved = true
	}
	for _, h := range (*have)[len(want):] {
		l.controls.RemoveChild(h.w)
		l.moved = true
	}
	*have = (*have)[:len(want)]
}

// newButton builds a button in the stage's style: a rounded PanelHi
// plate (tinted sky blue when a sandbox knob is away from its default),
// lighter under the pointer, darker while pressed.
func (l *Layer) newButton(b view.ToggleButton, big bool) *button {
	st := l.st
	fill := st.theme.PanelHi
	if b.On {
		fill = view.Mix(st.theme.PanelHi, view.SkyBlue, 0.35)
	}
	face := st.face(view.Prose, 17)
	if big { // the transport's: the frame's type, larger where the theme's is (a projector's)
		face = st.face(view.ProseBold, max(18, st.theme.Bar.Text))
	}
	const radius = 8
	idle := st.panel(fill, radius)
	nb := &button{b: b, big: big}
	nb.w = widget.NewButton(
		widget.ButtonOpts.WidgetOpts(at(b.Region)),
		widget.ButtonOpts.Image(&widget.ButtonImage{
			Idle:     idle,
			Hover:    st.panel(view.Mix(fill, st.theme.Ink, 0.12), radius),
			Pressed:  st.panel(view.Mix(fill, st.theme.Background, 0.4), radius),
			Disabled: idle,
		}),
		widget.ButtonOpts.Text(b.Label, face, &widget.ButtonTextColor{Idle: color.Color(st.theme.Ink), Disabled: color.Color(st.theme.Ink)}),
		widget.ButtonOpts.DisableDefaultKeys(), // Space and Enter are the page's keys
		widget.ButtonOpts.ClickedHandler(func(*widget.ButtonClickedEventArgs) { l.send(nb.b.Cmd) }),
	)
	return nb
}
