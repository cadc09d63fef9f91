package widgets

import (
	"reflect"
	"unsafe"

	"github.com/ebitenui/ebitenui/widget"
)

// line is the console's text as an editor sees it: runes, the caret
// (0..len) and the selection's anchor, the other end of the selection
// (-1: nothing selected). Every key the page hands the console is an edit
// of a line, so the rules of a text field live here, in plain Go:
//
//   - Shift with ← → Home End moves the caret and keeps the anchor: the
//     selection grows or shrinks; without Shift a selection collapses to
//     its start (←, Home) or its end (→, End) first, as in any text field;
//   - typing, pasting, Backspace and Delete replace the selection;
//   - copy takes the selected runes, cut takes them out.
//
// ebitenui's TextInput (v0.7.3) has the caret and a selection made by
// dragging the mouse, but no way to extend it from the keyboard, and its
// own delete of a selection removes the first occurrence of the selected
// text (not the one selected) and slices bytes by rune counts. So the
// console edits a line and shows it in the TextInput (load, store).
type line struct {
	text   []rune
	caret  int
	anchor int
}

// sel is the selected range [from, to), or ok false when none is.
func (l line) sel() (from, to int, ok bool) {
	if l.anchor < 0 || l.anchor == l.caret {
		return l.caret, l.caret, false
	}
	return min(l.anchor, l.caret), max(l.anchor, l.caret), true
}

// selected is the selected text ("" when nothing is).
func (l line) selected() string {
	from, to, _ := l.sel()
	return string(l.text[from:to])
}

// move puts the caret at pos (clamped); with extend the anchor stays
// (set at the old caret if there was none), else the selection goes.
func (l *line) move(pos int, extend bool) {
	pos = max(0, min(pos, len(l.text)))
	switch {
	case extend && l.anchor < 0:
		l.anchor = l.caret
	case !extend:
		l.anchor = -1
	}
	l.caret = pos
	if l.anchor == l.caret {
		l.anchor = -1
	}
}

// step moves the caret one rune left (-1) or right (+1); without extend
// a selection collapses to the side of the arrow instead.
func (l *line) step(dir int, extend bool) {
	if from, to, ok := l.sel(); ok && !extend {
		if dir < 0 {
			to = from
		}
		l.move(to, false)
		return
	}
	l.move(l.caret+dir, extend)
}

// insert replaces the selection (if any) by s, the caret after it.
func (l *line) insert(s string) {
	from, to, _ := l.sel()
	r := []rune(s)
	text := make([]rune, 0, len(l.text)-(to-from)+len(r))
	text = append(append(append(text, l.text[:from]...), r...), l.text[to:]...)
	l.text, l.caret, l.anchor = text, from+len(r), -1
}

// erase deletes the selection, or the rune before (dir -1, Backspace)
// or after (dir +1, Delete) the caret.
func (l *line) erase(dir int) {
	if _, _, ok := l.sel(); !ok {
		l.anchor = -1
		if dir < 0 && l.caret > 0 {
			l.anchor = l.caret - 1
		} else if dir > 0 && l.caret < len(l.text) {
			l.anchor = l.caret + 1
		}
	}
	l.insert("")
}

// cut returns the selection and deletes it.
func (l *line) cut() string {
	s := l.selected()
	if s != "" {
		l.insert("")
	}
	return s
}

// The TextInput keeps its caret and anchor in unexported fields with no
// setter; load and store reach them by name. If a newer ebitenui renames
// them, inputField finds nothing, the console still edits (without
// showing a selection) and TestConsoleSelection fails, naming the field.
const (
	caretField  = "cursorPosition"
	anchorField = "dragStartIndex"
)

// inputField is the TextInput's int field name, settable, or an invalid Value.
func inputField(in *widget.TextInput, name string) reflect.Value {
	f := reflect.ValueOf(in).Elem().FieldByName(name)
	if !f.IsValid() || f.Kind() != reflect.Int {
		return reflect.Value{}
	}
	return reflect.NewAt(f.Type(), unsafe.Pointer(f.UnsafeAddr())).Elem()
}

// load reads the TextInput's line: text, caret and anchor (a mouse drag
// may have moved them since the last edit).
func load(in *widget.TextInput) line {
	l := line{text: []rune(in.GetText()), anchor: -1}
	l.caret = len(l.text)
	if f := inputField(in, caretField); f.IsValid() {
		l.caret = max(0, min(int(f.Int()), len(l.text)))
	}
	if f := inputField(in, anchorField); f.IsValid() && f.Int() >= 0 && int(f.Int()) <= len(l.text) {
		l.anchor = int(f.Int())
	}
	return l
}

// store shows l in the TextInput.
func store(in *widget.TextInput, l line) {
	if in.GetText() != string(l.text) {
		in.SetText(string(l.text))
	}
	in.CursorMoveStart() // resets the caret's blink, so it shows while keys come
	if f := inputField(in, caretField); f.IsValid() {
		f.SetInt(int64(l.caret))
	} else {
		in.CursorMoveEnd()
	}
	if f := inputField(in, anchorField); f.IsValid() {
		f.SetInt(int64(l.anchor))
	}
}

// edit applies f to the console's line.
func (c *console) edit(f func(*line)) {
	l := load(c.in)
	f(&l)
	store(c.in, l)
}
