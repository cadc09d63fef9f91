package widgets

import (
	"image/color"
	"strings"
	"sync/atomic"

	eimage "github.com/ebitenui/ebitenui/image"
	"github.com/ebitenui/ebitenui/widget"
	"github.com/hajimehoshi/ebiten/v2"
	"github.com/hajimehoshi/ebiten/v2/inpututil"

	"watchscope/ui/view"
)

// The console's input bar, above the lesson panel, as wide as the stage.
var (
	consoleBar  = view.Region{X: view.StageLeft, Y: view.PanelTop - 64, W: view.StageEnd - view.StageLeft, H: 56}
	consoleHint = "Enter runs · ↑ ↓ history · Ctrl+V pastes · Esc closes"
)

// console is the console's input line: an ebitenui TextInput (caret,
// mouse selection) edited as a text field is (selection.go: ← → Home End,
// with Shift to select, Backspace and Delete, typing over a selection),
// with the shell's habits added: ↑ and ↓ walk the lines already run,
// Ctrl+V pastes a line (or runs a pasted script), Ctrl+C and Ctrl+X copy and cut the selection,
// Ctrl+A selects all. In the browser the keys come in order from the page
// (keys_js.go).
type console struct {
	l       *Layer
	open    bool
	box     *widget.Container
	in      *widget.TextInput
	history []string
	at      int    // position while walking the history (len: a new line)
	line    string // the text, kept while the widgets are rebuilt

	// For the page's keys, which arrive outside the game loop: whether
	// the console is open, published each tick, and the edits the keys
	// make, applied in order on the next tick.
	shown atomic.Bool
	edits chan func(*console)
}

func newConsole(l *Layer) *console {
	c := &console{l: l, edits: make(chan func(*console), 256)}
	installKeys(c)
	return c
}

// build makes the bar's widgets for a style (a new frame or theme).
func (c *console) build(st *style) {
	c.box = widget.NewContainer(
		widget.ContainerOpts.WidgetOpts(at(consoleBar)),
		widget.ContainerOpts.BackgroundImage(st.panel(st.theme.Rule, 10)),
		widget.ContainerOpts.Layout(place{&c.l.fr}),
	)
	mono := st.face(view.Mono, max(24, st.theme.Bar.Text)) // the frame's type: a projector's 27
	m := (*mono).Metrics()
	pad := max(0, (st.px(48)-int(m.HAscent+m.HDescent+0.5))/2)
	hintW := view.Measure(view.Prose, 16, consoleHint)
	if !st.theme.Detail { // the keys' hint is detail: at a projector's type it would take the line's room
		hintW = 0
	}
	prompt := widget.NewText(
		widget.TextOpts.WidgetOpts(at(view.Region{X: consoleBar.X + 20, Y: consoleBar.Y, W: 24, H: consoleBar.H})),
		widget.TextOpts.Text("$", mono, st.theme.Caption),
		widget.TextOpts.Position(widget.TextPositionStart, widget.TextPositionCenter),
	)
	hint := widget.NewText(
		widget.TextOpts.WidgetOpts(at(view.Region{X: consoleBar.X + consoleBar.W - 20 - hintW, Y: consoleBar.Y, W: hintW, H: consoleBar.H})),
		widget.TextOpts.Text(consoleHint, st.face(view.Prose, 16), st.theme.Caption),
		widget.TextOpts.Position(widget.TextPositionEnd, widget.TextPositionCenter),
	)
	clear := eimage.NewNineSliceColor(color.Transparent)
	c.in = widget.NewTextInput(
		widget.TextInputOpts.WidgetOpts(at(view.Region{X: consoleBar.X + 44, Y: consoleBar.Y + 4, W: consoleBar.W - 44 - 40 - hintW, H: 48})),
		widget.TextInputOpts.Face(mono),
		widget.TextInputOpts.Color(&widget.TextInputColor{Idle: st.theme.Ink, Disabled: st.theme.Caption, Caret: st.theme.Ink, DisabledCaret: st.theme.Caption}),
		widget.TextInputOpts.Image(&widget.TextInputImage{Idle: clear, Disabled: clear, Highlight: st.panel(view.Mix(st.theme.Rule, view.SkyBlue, 0.45), 0)}),
		widget.TextInputOpts.Padding(&widget.Insets{Left: st.px(4), Right: st.px(4), Top: pad}),
		widget.TextInputOpts.CaretWidth(st.px(3)),
		widget.TextInputOpts.Placeholder("etcdctl get /registry --prefix --keys-only, kubectl get pods, sim help"),
		widget.TextInputOpts.ClearOnSubmit(true),
		widget.TextInputOpts.AllowDuplicateSubmit(true), // run the same line twice
		widget.TextInputOpts.Validation(noBackquote),    // ` opens and closes the console: never text
		widget.TextInputOpts.SubmitHandler(func(a *widget.TextInputChangedEventArgs) { c.submit(a.InputText) }),
	)
	c.in.SetText(c.line)
	c.box.AddChild(prompt, c.in)
	if hintW > 0 {
		c.box.AddChild(hint)
	}
	show(c.box, c.open)
	if c.open {
		c.in.Focus(true)
	}
}

func noBackquote(s string) (bool, *string) {
	if !strings.Contains(s, "`") {
		return true, nil
	}
	r := strings.ReplaceAll(s, "`", "")
	return false, &r
}

// submit runs a line and remembers it.
func (c *console) submit(text string) {
	line := strings.TrimSpace(text)
	if line != "" {
		c.l.send(line)
		if n := len(c.history); n == 0 || c.history[n-1] != line {
			c.history = append(c.history, line)
		}
	}
	c.at, c.line = len(c.history), ""
}

func (c *console) setOpen(open bool) {
	if c.open == open {
		return
	}
	c.open = open
	c.shown.Store(open)
	c.at = len(c.history)
	if c.in == nil {
		return
	}
	show(c.box, open)
	c.in.Focus(open)
}

// sync keeps the input focused while open (a click elsewhere on the stage
// must not leave the console deaf) and applies the clipboard's edits.
func (c *console) sync(view.Snapshot) {
	if c.in == nil {
		return
	}
	for {
		select {
		case e := <-c.edits:
			if c.open {
				e(c)
			}
			continue
		default:
		}
		break
	}
	if c.open && !c.in.IsFocused() {
		c.in.Focus(true)
	}
	c.line = c.in.GetText()
}

// keys walks the history with ↑ and ↓ (the TextInput has no use for them).
func (c *console) keys() {
	if !c.open || c.in == nil {
		return
	}
	switch {
	case inpututil.IsKeyJustPressed(ebiten.KeyArrowUp):
		c.recall(-1)
	case inpututil.IsKeyJustPressed(ebiten.KeyArrowDown):
		c.recall(+1)
	}
}

// recall shows the line dir steps back (-1) or forward (+1) in the
// history; forward past the newest is an empty line, as in a shell.
func (c *console) recall(dir int) {
	at := c.at + dir
	if at < 0 || at > len(c.history) {
		return
	}
	c.at = at
	line := ""
	if at < len(c.history) {
		line = c.history[at]
	}
	c.in.SetText(line)
}

func (c *console) text() string {
	if c.in == nil {
		return c.line
	}
	return c.in.GetText()
}

// paste inserts one line of text at the caret, over the selection. Text
// of several lines is a script (a here-document, an etcdctl txn): it runs
// at once, after what was typed, as a terminal runs a paste line by line.
func (c *console) paste(text string) {
	text = strings.TrimRight(strings.ReplaceAll(text, "\r\n", "\n"), "\n")
	if c.in != nil && strings.Contains(text, "\n") {
		c.l.send(c.text() + text)
		c.in.SetText("")
		c.at, c.line = len(c.history), ""
		return
	}
	first, _, _ := strings.Cut(text, "\n")
	first = strings.TrimRight(first, "\r")
	if c.in != nil && first != "" {
		c.edit(func(l *line) { l.insert(first) })
	}
}

// queue hands an edit to the game loop (dropped if 256 are waiting).
func (c *console) queue(e func(*console)) {
	select {
	case c.edits <- e:
	default:
	}
}
