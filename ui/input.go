package ui

import (
	"github.com/hajimehoshi/ebiten/v2"
	"github.com/hajimehoshi/ebiten/v2/inpututil"

	"watchscope/ui/keys"
	"watchscope/ui/view"
)

// stageKeys are the key table's stage commands (package keys) with the
// Ebiten key each is bound to, for polling when the page does not deliver
// the keys itself (a native window).
var stageKeys = func() []stageKey {
	var out []stageKey
	for _, b := range keys.Table {
		var k ebiten.Key
		if b.Scope&keys.Stage == 0 || b.By != keys.Go || k.UnmarshalText([]byte(b.EbitenName())) != nil {
			continue // TestKeyTableReachesEbiten fails on a name Ebiten does not know
		}
		out = append(out, stageKey{k, b})
	}
	return out
}()

type stageKey struct {
	key ebiten.Key
	b   keys.Binding
}

// input turns this tick's keys and clicks into stage commands.
func (g *Game) input() {
	if g.w.ConsoleOpen() {
		g.consoleKeys()
		return
	}
	if !g.PageKeys {
		g.keys()
	}
	g.mouse()
}

// keys polls the stage keys (when the page does not deliver them).
func (g *Game) keys() {
	for _, k := range stageKeys {
		if !inpututil.IsKeyJustPressed(k.key) || (k.b.Shift && !ebiten.IsKeyPressed(ebiten.KeyShift)) {
			continue
		}
		g.send(k.b.Cmd)
		if g.w.ConsoleOpen() { // the keys that follow are the console's
			return
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

// mouse tracks hover (a resourceVersion under the pointer) and clicks on
// the scene; the widgets (ui/widgets) take the clicks on the controls,
// and all of them while the scene is covered (a dialog, the legend).
func (g *Game) mouse() {
	px, py := ebiten.CursorPosition()
	x, y := g.fr.Design(float64(px), float64(py))
	c := g.sess.Chrome()
	rv := view.RevAt(g.sess.Snapshot(), g.sess.Motion(), g.sess.AnimNow(), x, y)
	if rv != c.HoverRV {
		c.HoverRV = rv
		g.dirty = true
	}
	if c.Covered() {
		return
	}
	if g.dragStrip(x, y) {
		return
	}
	if inpututil.IsMouseButtonJustPressed(ebiten.MouseButtonLeft) {
		if cmd := view.Hit(g.sess.Snapshot(), x, y); cmd != "" {
			g.send(cmd)
		} else if rv > 0 {
			g.send("whyrev " + itoa64(rv))
		}
	}
}

// dragStrip scrubs the "your cluster" page's time strip: a press on it
// moves the cursor there, and while the button is held the cursor follows
// the pointer along the strip (anywhere up or down the page).
func (g *Game) dragStrip(x, y float64) bool {
	u := g.sess.Snapshot().UI
	v := u.Recording
	held := ebiten.IsMouseButtonPressed(ebiten.MouseButtonLeft)
	switch {
	case v == nil || v.Span == 0 || !held:
		g.scrub = ""
		return false
	case g.scrub == "" && !(inpututil.IsMouseButtonJustPressed(ebiten.MouseButtonLeft) && view.RecordingStrip(u.Theme, v).Contains(x, y)):
		return false
	}
	if cmd := view.RecordingStripAt(u.Theme, v, x); cmd != g.scrub {
		g.scrub = cmd
		g.send(cmd)
	}
	return true
}

// consoleKeys: while the console is open the widgets take the keys (its
// input line, ui/widgets); Escape closes it.
func (g *Game) consoleKeys() {
	g.dirty = true
	if inpututil.IsKeyJustPressed(ebiten.KeyEscape) || g.escape {
		g.w.SetConsole(false)
		g.escape = false
	}
	c := g.sess.Chrome()
	c.Console, c.Input = g.w.ConsoleOpen(), g.w.ConsoleText()
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
