package ui

import (
	"strings"

	"github.com/hajimehoshi/ebiten/v2"
	"github.com/hajimehoshi/ebiten/v2/inpututil"

	"watchscope/ui/view"
)

// keyCommands maps presenter keys to stage commands. Clickers send
// PageDown/PageUp (and sometimes "." or B), so those are here too.
var keyCommands = []struct {
	key ebiten.Key
	cmd string
}{
	{ebiten.KeyArrowRight, "next"}, {ebiten.KeyPageDown, "next"},
	{ebiten.KeyArrowLeft, "back"}, {ebiten.KeyPageUp, "back"},
	{ebiten.KeyB, "blank"}, {ebiten.KeyM, "motion"}, {ebiten.KeyH, "help"},
	{ebiten.KeyEscape, "close"}, {ebiten.KeyW, "why"}, {ebiten.KeyL, "picker"},
	{ebiten.KeyEqual, "faster"}, {ebiten.KeyNumpadAdd, "faster"},
	{ebiten.KeyMinus, "slower"}, {ebiten.KeyNumpadSubtract, "slower"},
	{ebiten.KeyPeriod, "tick"},
	{ebiten.KeyDigit1, "1"}, {ebiten.KeyDigit2, "2"}, {ebiten.KeyDigit3, "3"}, {ebiten.KeyDigit4, "4"},
	{ebiten.KeyDigit5, "5"}, {ebiten.KeyDigit6, "6"}, {ebiten.KeyDigit7, "7"}, {ebiten.KeyDigit8, "8"}, {ebiten.KeyDigit9, "9"},
}

// input turns this tick's keys and clicks into stage commands.
func (g *Game) input() {
	if g.console.open {
		g.consoleKeys()
		return
	}
	if !g.PageKeys {
		g.keys()
	}
	g.mouse()
}

// keys polls the presenter keys (when the page does not deliver them).
func (g *Game) keys() {
	if inpututil.IsKeyJustPressed(ebiten.KeyF) { // a key press is the user gesture browsers require
		ebiten.SetFullscreen(!ebiten.IsFullscreen())
	}
	if inpututil.IsKeyJustPressed(ebiten.KeyP) {
		g.send("theme toggle")
	}
	if inpututil.IsKeyJustPressed(ebiten.KeySlash) && ebiten.IsKeyPressed(ebiten.KeyShift) {
		g.send("help")
	}
	if inpututil.IsKeyJustPressed(ebiten.KeyBackquote) {
		g.send("console")
		return
	}
	if inpututil.IsKeyJustPressed(ebiten.KeySpace) {
		g.send("space")
	}
	for _, k := range keyCommands {
		if inpututil.IsKeyJustPressed(k.key) {
			g.send(g.digit(k.cmd))
		}
	}
}

// digit makes a number key mean what the stage shows: a lesson in the
// picker, an answer to the question.
func (g *Game) digit(cmd string) string {
	if len(cmd) != 1 || cmd[0] < '1' || cmd[0] > '9' {
		return cmd
	}
	n := int(cmd[0] - '1')
	if g.sess.Snapshot().UI.Picker {
		return "pickLesson " + string(rune('0'+n))
	}
	return "pick " + cmd
}

// mouse tracks hover (a resourceVersion under the pointer) and clicks.
func (g *Game) mouse() {
	px, py := ebiten.CursorPosition()
	x, y := g.fr.Design(float64(px), float64(py))
	c := g.sess.Chrome()
	rv := view.RevAt(g.sess.Snapshot(), g.sess.Motion(), g.sess.AnimNow(), x, y)
	if rv != c.HoverRV {
		c.HoverRV = rv
		g.dirty = true
	}
	if inpututil.IsMouseButtonJustPressed(ebiten.MouseButtonLeft) {
		if cmd := view.Hit(g.sess.Snapshot(), x, y); cmd != "" {
			g.send(cmd)
		} else if rv > 0 {
			g.send("whyrev " + itoa64(rv))
		}
	}
}

// consoleState is the console overlay: a line being typed and history.
type consoleState struct {
	open    bool
	line    []rune
	history []string
	at      int // position while browsing history
	buf     []rune
}

func (g *Game) consoleKeys() {
	cs := &g.console
	g.dirty = true
	cs.buf = ebiten.AppendInputChars(cs.buf[:0])
	for _, r := range cs.buf {
		if r != '`' {
			cs.line = append(cs.line, r)
		}
	}
	switch {
	case inpututil.IsKeyJustPressed(ebiten.KeyEscape) || g.escape:
		cs.open, g.escape = false, false
	case repeat(ebiten.KeyBackspace) && len(cs.line) > 0:
		cs.line = cs.line[:len(cs.line)-1]
	case inpututil.IsKeyJustPressed(ebiten.KeyEnter) || inpututil.IsKeyJustPressed(ebiten.KeyNumpadEnter):
		line := strings.TrimSpace(string(cs.line))
		if line != "" {
			g.send(line)
			cs.history = append(cs.history, line)
		}
		cs.line, cs.at = cs.line[:0], len(cs.history)
	case inpututil.IsKeyJustPressed(ebiten.KeyArrowUp) && cs.at > 0:
		cs.at--
		cs.line = []rune(cs.history[cs.at])
	case inpututil.IsKeyJustPressed(ebiten.KeyArrowDown) && cs.at < len(cs.history)-1:
		cs.at++
		cs.line = []rune(cs.history[cs.at])
	}
	c := g.sess.Chrome()
	c.Console, c.Input = cs.open, string(cs.line)
}

// repeat is true on the first press and then every few ticks while held.
func repeat(k ebiten.Key) bool {
	d := inpututil.KeyPressDuration(k)
	return d == 1 || (d > 24 && d%4 == 0)
}

func itoa64(n int64) string {
	if n == 0 {
		return "0"
	}
	var b [20]byte
	i := len(b)
	for n > 0 {
		i--
		b[i] = byte('0' + n%10)
		n /= 10
	}
	return string(b[i:])
}
