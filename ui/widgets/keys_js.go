//go:build js

package widgets

import (
	"syscall/js"
	"unicode/utf8"
)

// installKeys gives the open console the keyboard, in order. Ebiten
// reports keys by polling once a tick, and ebitenui's TextInput reads them
// that way: when a tick is slow (a busy laptop, a software renderer),
// several presses land in one tick and all but one are lost, and typed
// characters jump ahead of the arrows typed before them. So, while the
// console is open, this listener (on the window, in the capture phase:
// before Ebiten's own on the canvas) takes each editing key as it comes,
// keeps it from the canvas, and queues the edit for the game loop
// (c.edits), which applies them in order. The browser's key repeat is the
// repeat. Escape goes on to the page, which closes the console.
//
// The clipboard keys are here too: Ebiten calls preventDefault on every
// key on its canvas, so the browser never fires its own copy and paste
// events; Ctrl (or ⌘) + V, C, X and A use the async Clipboard API.
func installKeys(c *console) {
	nav := js.Global().Get("navigator")
	ignore := js.FuncOf(func(js.Value, []js.Value) any { return nil }) // a refused clipboard
	pasted := js.FuncOf(func(_ js.Value, a []js.Value) any {
		text := a[0].String()
		c.queue(func(c *console) { c.paste(text) })
		return nil
	})
	js.Global().Call("addEventListener", "keydown", js.FuncOf(func(_ js.Value, args []js.Value) any {
		e := args[0]
		if !c.shown.Load() || e.Get("altKey").Truthy() {
			return nil
		}
		code, key := e.Get("code").String(), e.Get("key").String()
		if e.Get("ctrlKey").Truthy() || e.Get("metaKey").Truthy() {
			if !clipboardKey(c, nav.Get("clipboard"), code, pasted, ignore) {
				return nil
			}
		} else if edit := editKey(code, key, e.Get("shiftKey").Truthy()); edit != nil {
			c.queue(edit)
		} else {
			return nil
		}
		e.Call("preventDefault")
		e.Call("stopPropagation")
		return nil
	}), true)
}

// editKey is the edit a key without Ctrl makes in the console, or nil;
// with shift, the caret keys select.
func editKey(code, key string, shift bool) func(*console) {
	switch code {
	case "ArrowLeft":
		return func(c *console) { c.edit(func(l *line) { l.step(-1, shift) }) }
	case "ArrowRight":
		return func(c *console) { c.edit(func(l *line) { l.step(+1, shift) }) }
	case "Home":
		return func(c *console) { c.edit(func(l *line) { l.move(0, shift) }) }
	case "End":
		return func(c *console) { c.edit(func(l *line) { l.move(len(l.text), shift) }) }
	case "Backspace":
		return func(c *console) { c.edit(func(l *line) { l.erase(-1) }) }
	case "Delete":
		return func(c *console) { c.edit(func(l *line) { l.erase(+1) }) }
	case "Enter", "NumpadEnter":
		return func(c *console) { c.in.Submit() }
	case "ArrowUp":
		return func(c *console) { c.recall(-1) }
	case "ArrowDown":
		return func(c *console) { c.recall(+1) }
	case "Escape", "Tab":
		return nil
	}
	if utf8.RuneCountInString(key) == 1 && key != "`" { // a character ("Shift" and "F5" are names)
		return func(c *console) { c.edit(func(l *line) { l.insert(key) }) }
	}
	return nil
}

// clipboardKey handles Ctrl+V, C, X, A; false for any other Ctrl key.
func clipboardKey(c *console, clip js.Value, code string, pasted, ignore js.Func) bool {
	switch code {
	case "KeyV":
		if clip.Truthy() {
			clip.Call("readText").Call("then", pasted).Call("catch", ignore)
		}
	case "KeyC", "KeyX":
		// In turn with the keys before it (a Shift+← just queued has not
		// selected yet); the key press's user activation outlasts a tick.
		cut := code == "KeyX"
		c.queue(func(c *console) {
			c.edit(func(l *line) {
				sel := l.selected()
				if sel == "" || !clip.Truthy() {
					return
				}
				clip.Call("writeText", sel).Call("catch", ignore)
				if cut {
					l.cut()
				}
			})
		})
	case "KeyA":
		c.queue(func(c *console) { c.in.SelectAll() })
	default:
		return false
	}
	return true
}
