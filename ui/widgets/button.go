package widgets

import (
	"image/color"

	"github.com/ebitenui/ebitenui/widget"

	"watchscope/ui/view"
)

// button is one stage button: an ebitenui Button at a design region that
// sends its current command when clicked.
type button struct {
	w    *widget.Button
	b    view.ToggleButton // what it shows and sends
	kind buttonKind
}

// buttonKind is how a button is drawn.
type buttonKind int

const (
	knobButton      buttonKind = iota // a sandbox button: its label at 17
	transportButton                   // the transport's: bold, at the frame's type
	// sceneButton is a button whose plate and words the scene draws (a
	// question's choice, the start screen's ways in: their words are the
	// scene's texts, in state() and the layout tests): the widget is
	// clear at rest, lights the plate under the pointer, darkens it
	// while pressed, and takes the click.
	sceneButton
)

// syncButtons makes the buttons in *have match want, in order: a label
// change is a SetText, anything else (a new place, a knob turned on or
// off) a new widget in the old one's place.
func (l *Layer) syncButtons(have *[]*button, want []view.ToggleButton, kind buttonKind) {
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
			nb := l.newButton(b, kind)
			l.controls.ReplaceChild(h.w, nb.w)
			(*have)[i] = nb
			l.moved = true
			continue
		}
		nb := l.newButton(b, kind)
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
// lighter under the pointer, darker while pressed; a sceneButton only
// the light and the dark, over the plate the scene drew.
func (l *Layer) newButton(b view.ToggleButton, kind buttonKind) *button {
	st := l.st
	fill := st.theme.PanelHi
	if b.On {
		fill = view.Mix(st.theme.PanelHi, view.SkyBlue, 0.35)
	}
	const radius = 8
	idle, hover, pressed := st.panel(fill, radius), st.panel(view.Mix(fill, st.theme.Ink, 0.12), radius), st.panel(view.Mix(fill, st.theme.Background, 0.4), radius)
	if kind == sceneButton {
		idle = st.panel(color.RGBA{}, radius)
		hover, pressed = st.panel(view.Fade(st.theme.Ink, 0.08), radius), st.panel(view.Fade(st.theme.Background, 0.3), radius)
	}
	nb := &button{b: b, kind: kind}
	opts := []widget.ButtonOpt{
		widget.ButtonOpts.WidgetOpts(at(b.Region)),
		widget.ButtonOpts.Image(&widget.ButtonImage{Idle: idle, Hover: hover, Pressed: pressed, Disabled: idle}),
		widget.ButtonOpts.DisableDefaultKeys(), // Space and Enter are the page's keys
		widget.ButtonOpts.ClickedHandler(func(*widget.ButtonClickedEventArgs) { l.send(nb.b.Cmd) }),
	}
	if kind != sceneButton {
		face := st.face(view.Prose, view.SandboxButtonText(st.theme))
		if kind == transportButton { // the frame's type, larger where the theme's is (a projector's)
			face = st.face(view.ProseBold, max(18, st.theme.Bar.Text))
		}
		ink := &widget.ButtonTextColor{Idle: color.Color(st.theme.Ink), Disabled: color.Color(st.theme.Ink)}
		opts = append(opts, widget.ButtonOpts.Text(b.Label, face, ink))
	}
	nb.w = widget.NewButton(opts...)
	return nb
}
