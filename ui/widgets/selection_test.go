package widgets

import (
	"strings"
	"testing"
)

// TestLineEdits plays keys on a line, written as the line shows after
// them: [ and ] around the selection, | the caret where nothing is
// selected (the caret is on the side the last Shift key moved it).
func TestLineEdits(t *testing.T) {
	type key func(*line)
	var (
		left       = func(l *line) { l.step(-1, false) }
		right      = func(l *line) { l.step(+1, false) }
		shiftLeft  = func(l *line) { l.step(-1, true) }
		shiftRight = func(l *line) { l.step(+1, true) }
		shiftHome  = func(l *line) { l.move(0, true) }
		shiftEnd   = func(l *line) { l.move(len(l.text), true) }
		home       = func(l *line) { l.move(0, false) }
		backspace  = func(l *line) { l.erase(-1) }
		del        = func(l *line) { l.erase(+1) }
		typed      = func(s string) key { return func(l *line) { l.insert(s) } }
	)
	for _, tc := range []struct {
		name string
		keys []key
		want string
	}{
		{"shift-left selects back", []key{shiftLeft, shiftLeft}, "get po[ds]"},
		{"shift-right after shift-left shrinks", []key{shiftLeft, shiftLeft, shiftRight}, "get pod[s]"},
		{"back to the anchor selects nothing", []key{shiftLeft, shiftRight}, "get pods|"},
		{"left collapses to the start", []key{shiftLeft, shiftLeft, left}, "get po|ds"},
		{"right collapses to the end", []key{shiftLeft, shiftLeft, right}, "get pods|"},
		{"shift-home selects to the start", []key{left, shiftHome}, "[get pod]s"},
		{"shift-end from home", []key{home, right, shiftEnd}, "g[et pods]"},
		{"typing replaces the selection", []key{shiftLeft, shiftLeft, shiftLeft, shiftLeft, typed("svc")}, "get svc|"},
		{"backspace deletes the selection", []key{left, shiftLeft, shiftLeft, backspace}, "get p|s"},
		{"delete deletes the selection", []key{home, shiftRight, shiftRight, shiftRight, shiftRight, del}, "|pods"},
		{"backspace without a selection", []key{left, backspace}, "get po|s"},
		{"delete at the end does nothing", []key{del}, "get pods|"},
		{"the selected copy, not the first", []key{typed(" pods"), shiftLeft, shiftLeft, shiftLeft, shiftLeft, typed("x")}, "get pods x|"},
		{"runes, not bytes", []key{home, typed("→é "), shiftLeft, shiftLeft, shiftLeft, typed("ok ")}, "ok |get pods"},
		{"the caret stays on the line", []key{home, left, shiftLeft, shiftHome}, "|get pods"},
	} {
		l := line{text: []rune("get pods"), caret: 8, anchor: -1}
		for _, k := range tc.keys {
			k(&l)
		}
		if got := marked(l); got != tc.want {
			t.Errorf("%s: the line is %q, want %q", tc.name, got, tc.want)
		}
	}
}

// marked writes a line with its caret and selection marked.
func marked(l line) string {
	from, to, ok := l.sel()
	if !ok {
		return string(l.text[:l.caret]) + "|" + string(l.text[l.caret:])
	}
	return string(l.text[:from]) + "[" + string(l.text[from:to]) + "]" + string(l.text[to:])
}

func TestLineCut(t *testing.T) {
	l := line{text: []rune("etcdctl get /a"), caret: 14, anchor: -1}
	for range 3 {
		l.step(-1, true)
	}
	if got := l.selected(); got != " /a" {
		t.Fatalf("selected %q", got)
	}
	if got := l.cut(); got != " /a" || string(l.text) != "etcdctl get" || l.caret != 11 {
		t.Errorf("cut %q, leaving %q caret %d", got, string(l.text), l.caret)
	}
	if got := l.cut(); got != "" || string(l.text) != "etcdctl get" {
		t.Errorf("a cut of nothing took %q", got)
	}
}

// TestConsoleSelection: the console's edits show in its TextInput, the
// selection included (ebitenui draws it, and Ctrl+C copies it), and a
// drag's selection in the TextInput is what the next key edits.
func TestConsoleSelection(t *testing.T) {
	for _, f := range []string{caretField, anchorField} {
		if l, _, _ := layer(t, sandbox(), 1280, 720); !inputField(l.console.in, f).IsValid() {
			t.Fatalf("ebitenui's TextInput has no int field %q any more: selection.go cannot show the selection", f)
		}
	}
	s := sandbox()
	l, _, _ := layer(t, s, 1280, 720)
	l.SetConsole(true)
	l.Paste("kubectl get pods pods")
	c := l.console
	for range 4 {
		c.edit(func(l *line) { l.step(-1, true) })
	}
	settle(l, s)
	if got := c.in.SelectedText(); got != "pods" {
		t.Errorf("the TextInput selects %q, want the last pods", got)
	}
	if got := load(c.in).selected(); got != "pods" {
		t.Errorf("the copy would take %q", got)
	}
	c.edit(func(l *line) { l.insert("svc") })
	if got := l.ConsoleText(); got != "kubectl get pods svc" {
		t.Errorf("typing over the selection made %q", got)
	}
	c.in.SelectAll() // as a drag over the whole line leaves it
	c.edit(func(l *line) { l.erase(-1) })
	if got := l.ConsoleText(); got != "" || strings.Contains(marked(load(c.in)), "[") {
		t.Errorf("Backspace over a select-all left %q", marked(load(c.in)))
	}
}
