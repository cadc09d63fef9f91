// Package widgets is the stage's controls, made of ebitenui widgets: the
// timeline's transport buttons, the sandbox's fault and knob buttons, a
// question's choices and the start screen's buttons (over the plates and
// words the scene draws for them), the legend's closer (a clear button
// over the canvas: the scene paints the legend, closer.go), the
// console's input line, the lesson picker (a scrollable list), the help
// and "why?" dialogs, and the page's panels (share, open a lesson file:
// panel.go). The scene itself (actors, packets, the tape)
// stays hand-drawn by package ui; the widgets sit on top of it, at the
// same design coordinates (view.Region on the 1920x1080 canvas), in the
// same fonts and palette, rebuilt at the frame's physical scale so their
// text is as crisp as the scene's.
//
// The widgets hold no state of their own that matters: every frame they
// are brought in line with the session's snapshot (labels, which dialog is
// open, the picker's selection), and everything they do is a command
// string handed to send, the same commands a key press or
// window.watchscope.send queues. ebitenui's timers (key repeat, caret
// blink) and its map order therefore never reach the simulation: the world
// only ever sees the command lines, as from the console.
package widgets

import (
	"github.com/ebitenui/ebitenui"
	"github.com/ebitenui/ebitenui/widget"
	"github.com/hajimehoshi/ebiten/v2"

	"watchscope/ui/view"
)

// Layer is the ebitenui tree of the stage's controls.
type Layer struct {
	send func(string)
	ui   ebitenui.UI
	root *widget.Container
	// controls holds the buttons, under the console and the dialogs.
	controls *widget.Container
	fr       view.Frame
	st       *style // nil until the first Draw gives a frame

	transport []*button
	knobs     []*button
	choices   []*button // an open question's choices
	start     []*button // the start screen's ways in
	console   *console
	picker    *picker
	overlays  []*dialog // view.Overlays' dialogs (the help), by registry index; nil for a painted one
	why       *dialog
	dialog    *panelDialog // the page's panel (share, open a lesson file)
	panel     *Panel       // what it shows; nil: closed

	// closers are view.Overlays' painted ones (the legend), by registry
	// index, nil for a dialog: each a clear button over the canvas whose
	// click closes it (closer.go). They come first in the tree, so that a
	// click on a control over the legend closes it before the control's
	// command runs.
	closers []*widget.Button

	cursor [2]int
	moved  bool // the pointer moved or a button changed: draw again
}

// New returns the widget layer; send queues a command on the game.
func New(send func(string)) *Layer {
	l := &Layer{send: send}
	l.console = newConsole(l)
	return l
}

// build makes the widget tree for the current frame and theme.
func (l *Layer) build(s view.Snapshot) {
	l.st = newStyle(l.fr, s.UI.Theme.OrDark())
	l.root = widget.NewContainer(widget.ContainerOpts.Layout(place{&l.fr}))
	l.controls = widget.NewContainer(widget.ContainerOpts.Layout(place{&l.fr}))
	l.transport, l.knobs, l.choices, l.start = nil, nil, nil, nil
	l.console.build(l.st)
	l.picker = newPicker(l)
	l.overlays, l.closers = make([]*dialog, len(view.Overlays)), make([]*widget.Button, len(view.Overlays))
	for i, o := range view.Overlays {
		if !o.Dialog() {
			l.closers[i] = l.newCloser()
			l.root.AddChild(l.closers[i])
		}
	}
	l.root.AddChild(l.controls, l.console.box, l.picker.backdrop)
	for i, o := range view.Overlays {
		if o.Rows != nil {
			l.overlays[i] = newDialog(l)
			l.root.AddChild(l.overlays[i].backdrop)
		}
	}
	l.why = newDialog(l)
	l.dialog = newPanelDialog(l)
	l.root.AddChild(l.why.backdrop, l.dialog.backdrop)
	l.sync(s)
	l.ui = ebitenui.UI{Container: l.root, DisableDefaultFocus: true}
}

// Update brings the widgets in line with the snapshot, then lets ebitenui
// read this tick's input; a click or a submitted line calls send.
func (l *Layer) Update(s view.Snapshot) {
	if l.st == nil {
		return
	}
	l.sync(s)
	x, y := ebiten.CursorPosition()
	if [2]int{x, y} != l.cursor || ebiten.IsMouseButtonPressed(ebiten.MouseButtonLeft) {
		l.cursor, l.moved = [2]int{x, y}, true
	}
	l.console.keys()
	if l.dialog.animate(s.UI.Reduced) {
		l.moved = true // the preview's next frame
	}
	l.ui.Update()
}

// Dirty reports (once) whether the widgets need a new frame although the
// scene did not change: hover, a press, the console's caret.
func (l *Layer) Dirty() bool {
	d := l.moved || l.console.open
	l.moved = false
	return d
}

// Draw paints the widgets over the scene, rebuilding them first when the
// frame's scale or the theme changed.
func (l *Layer) Draw(screen *ebiten.Image, fr view.Frame, s view.Snapshot) {
	if l.st == nil || fr != l.fr || l.st.theme != s.UI.Theme.OrDark() {
		l.fr = fr
		l.build(s)
	}
	l.ui.Draw(screen)
	l.dialog.drawPreview(screen)
}

// sync updates every widget from the snapshot.
func (l *Layer) sync(s view.Snapshot) {
	transport := transportButtons(s)
	covered := s.UI.Start || s.UI.Recording != nil // the start screen and a recording's page cover the stage and its controls
	if covered {
		transport = nil
	}
	l.syncButtons(&l.transport, transport, transportButton)
	var knobs []view.ToggleButton
	if view.Sandbox(s) && !covered {
		knobs = view.SandboxButtons(s)
	}
	l.syncButtons(&l.knobs, knobs, knobButton)
	var choices, start []view.ToggleButton
	if !covered {
		choices = toggles(view.ChoiceButtons(s))
	}
	if s.UI.Start && s.UI.Recording == nil {
		start = toggles(view.StartButtons(s.UI))
	}
	l.syncButtons(&l.choices, choices, sceneButton)
	l.syncButtons(&l.start, start, sceneButton)
	modal := s.UI.DialogOpen() || l.panel != nil
	covers := modal || s.UI.Covered() // over the scene's buttons, the legend's click closes it, and only that
	for _, bs := range [][]*button{l.transport, l.knobs, l.choices, l.start} {
		for _, b := range bs {
			b.w.GetWidget().Disabled = modal || covers && b.kind == sceneButton // a dialog takes the clicks
		}
	}
	l.syncClosers(s.UI, modal)
	l.console.sync(s)
	l.picker.sync(s.UI)
	for i, d := range l.overlays {
		if o := view.Overlays[i]; d != nil {
			d.sync(s.UI.Shows(o.Verb), o.Title, func() []row { return rowsOf(o.Rows(l.st.theme)) })
		}
	}
	l.why.sync(len(s.UI.Why) > 0, "why? "+view.Clip(s.UI.WhyTitle, 100), func() []row { return whyRows(l.st.theme, s.UI) })
	l.dialog.sync(l.panel)
}

func transportButtons(s view.Snapshot) []view.ToggleButton { return toggles(view.Buttons(s)) }

// toggles are buttons that are never "on".
func toggles(bs []view.Button) []view.ToggleButton {
	var out []view.ToggleButton
	for _, b := range bs {
		out = append(out, view.ToggleButton{Button: b})
	}
	return out
}

// ConsoleOpen reports whether the console's input line is shown.
func (l *Layer) ConsoleOpen() bool { return l.console.open }

// SetConsole opens or closes the console's input line.
func (l *Layer) SetConsole(open bool) { l.console.setOpen(open) }

// ConsoleText is the line being typed.
func (l *Layer) ConsoleText() string { return l.console.text() }

// Paste inserts the first line of text at the console's caret.
func (l *Layer) Paste(text string) { l.console.paste(text) }
