// Package keys is the one table of WatchScope's key bindings. Everything
// that knows a key reads it from here:
//
//   - the page's key handler (ui/page) and Ebiten's polling (ui/input.go)
//     turn a key into the command of its binding;
//   - the help overlay (ui/view, key ?) lists Hints(Stage);
//   - web/keys.js, generated from the table, gives the page's JavaScript
//     (the notes key, the accessibility layer's shortcuts) and the speaker
//     notes window the same bindings and hints;
//   - the README's key table is generated from it too.
//
// A key command is one line in Table plus the verb's handler (a stage
// verb in ui/live or ui/game.go, or a page verb in ui/page or web/*.js). Then
// regenerate the files made from the table:
//
//	go test ./ui/keys -update
package keys

import "strings"

// Scope is where a binding works: the stage's page, the speaker notes
// window, or both.
type Scope uint8

const (
	Stage Scope = 1 << iota // the page with the stage (index.html)
	Notes                   // the speaker notes window (presenter.html)
)

// By names who runs a binding's command.
type By uint8

const (
	// Go: a stage command, run by the game (ui/game.go) or the session's
	// dispatcher (ui/live); in the notes window it is sent to the stage.
	Go By = iota
	// JS: a page command, run by the browser page: ui/page's Go
	// (Game.PageVerbs: the share, open and export panels) or its
	// JavaScript (web/*.js: the notes window); a native window has none.
	JS
	// Browser: the browser's own behaviour (Tab), listed for the help only.
	Browser
)

// Binding is one key and what it does.
type Binding struct {
	// Code is the key's KeyboardEvent.code ("KeyB", "ArrowRight"). Ebiten
	// names the same key the same way, but letters without "Key" (see
	// EbitenName).
	Code string
	// Char, when set, matches the KeyboardEvent.key instead of the code:
	// "?" is wherever the layout puts it.
	Char string
	// Shift: Ebiten sees the key only with Shift held (Char's key).
	Shift bool
	// Label is how the help shows the key; "" hides an alias (the numpad's
	// + and −) from the help.
	Label string
	// Cmd is the command the key sends: a verb and its argument.
	Cmd   string
	Help  string // what the key does, for the help overlay (at most HelpMax runes)
	Scope Scope
	By    By
}

// HelpMax is the longest help text: the overlay shows two columns.
const HelpMax = 34

// EbitenName is the key as ebiten.Key names it (ebiten.Key's
// UnmarshalText): the DOM code, letters without their "Key" prefix.
func (b Binding) EbitenName() string { return strings.TrimPrefix(b.Code, "Key") }

// Verb is the command's first word, which the dispatcher switches on.
func (b Binding) Verb() string {
	v, _, _ := strings.Cut(b.Cmd, " ")
	return v
}

// Table is every key binding, in the order the help lists them.
var Table = []Binding{
	{Code: "ArrowRight", Label: "→", Cmd: "next", Help: "next step", Scope: Stage | Notes},
	{Code: "PageDown", Label: "PageDown", Cmd: "next", Help: "next step", Scope: Stage | Notes},
	{Code: "ArrowDown", Label: "↓", Cmd: "next", Help: "next step", Scope: Notes},
	{Code: "ArrowLeft", Label: "←", Cmd: "back", Help: "step back", Scope: Stage | Notes},
	{Code: "PageUp", Label: "PageUp", Cmd: "back", Help: "step back", Scope: Stage | Notes},
	{Code: "ArrowUp", Label: "↑", Cmd: "back", Help: "step back", Scope: Notes},
	{Code: "Space", Label: "Space", Cmd: "space", Help: "pause a step in motion · next step", Scope: Stage | Notes},
	{Code: "Digit1", Label: "1…9", Cmd: "digit 1", Help: "answer the question", Scope: Stage},
	{Code: "Digit2", Cmd: "digit 2", Help: "answer the question", Scope: Stage},
	{Code: "Digit3", Cmd: "digit 3", Help: "answer the question", Scope: Stage},
	{Code: "Digit4", Cmd: "digit 4", Help: "answer the question", Scope: Stage},
	{Code: "Digit5", Cmd: "digit 5", Help: "answer the question", Scope: Stage},
	{Code: "Digit6", Cmd: "digit 6", Help: "answer the question", Scope: Stage},
	{Code: "Digit7", Cmd: "digit 7", Help: "answer the question", Scope: Stage},
	{Code: "Digit8", Cmd: "digit 8", Help: "answer the question", Scope: Stage},
	{Code: "Digit9", Cmd: "digit 9", Help: "answer the question", Scope: Stage},
	{Code: "KeyL", Label: "L", Cmd: "picker", Help: "lesson picker (1…9 pick a lesson)", Scope: Stage},
	{Code: "ArrowUp", Label: "↑", Cmd: "up", Help: "picker: move the selection", Scope: Stage},
	{Code: "ArrowDown", Label: "↓", Cmd: "down", Help: "picker: move the selection", Scope: Stage},
	{Code: "Enter", Label: "Enter", Cmd: "enter", Help: "picker: open the lesson", Scope: Stage},
	{Code: "Delete", Label: "Delete", Cmd: "progress forget", Help: "picker: forget your progress", Scope: Stage},
	{Code: "KeyW", Label: "W", Cmd: "why", Help: "why? for the newest marked event", Scope: Stage},
	{Code: "KeyK", Label: "K", Cmd: "legend", Help: "legend: what each glyph means", Scope: Stage},
	{Code: "Backquote", Label: "`", Cmd: "console", Help: "console (Esc leaves it)", Scope: Stage},
	{Code: "Equal", Label: "+", Cmd: "faster", Help: "faster (up to 100x)", Scope: Stage},
	{Code: "NumpadAdd", Cmd: "faster", Help: "faster (up to 100x)", Scope: Stage},
	{Code: "Minus", Label: "−", Cmd: "slower", Help: "slower (down to 0.1x)", Scope: Stage},
	{Code: "NumpadSubtract", Cmd: "slower", Help: "slower (down to 0.1x)", Scope: Stage},
	{Code: "Period", Label: ".", Cmd: "tick", Help: "one event (in motion) · one tick", Scope: Stage},
	{Code: "End", Label: "End", Cmd: "skip", Help: "skip a step in motion to its end", Scope: Stage},
	{Code: "Home", Label: "Home", Cmd: "home", Help: "first step · a recording's start", Scope: Stage},
	{Code: "KeyF", Label: "F", Cmd: "fullscreen", Help: "fullscreen", Scope: Stage},
	{Code: "KeyB", Label: "B", Cmd: "blank", Help: "black screen", Scope: Stage | Notes},
	{Code: "KeyP", Label: "P", Cmd: "theme toggle", Help: "projector theme", Scope: Stage},
	{Code: "KeyM", Label: "M", Cmd: "motion", Help: "reduced motion", Scope: Stage},
	{Code: "KeyN", Label: "N", Cmd: "notes", Help: "speaker notes window", Scope: Stage, By: JS},
	{Code: "KeyR", Label: "R", Cmd: "cue back", Help: "back to the last cue", Scope: Stage | Notes},
	{Code: "KeyT", Label: "T", Cmd: "timer", Help: "talk timer start/pause", Scope: Notes, By: JS},
	{Code: "KeyS", Label: "S", Cmd: "share", Help: "share link and QR code", Scope: Stage, By: JS},
	{Code: "KeyO", Label: "O", Cmd: "open", Help: "open a lesson file", Scope: Stage, By: JS},
	{Code: "KeyE", Label: "E", Cmd: "export", Help: "export a PNG or a GIF", Scope: Stage, By: JS},
	{Code: "Tab", Label: "Tab", Help: "the page's controls", Scope: Stage, By: Browser},
	{Code: "Slash", Char: "?", Shift: true, Label: "?", Cmd: "help", Help: "this help", Scope: Stage},
	{Code: "KeyH", Label: "H", Cmd: "help", Help: "this help", Scope: Stage},
	{Code: "Escape", Label: "Esc", Cmd: "close", Help: "close", Scope: Stage},
}

// Lookup is the binding of a key in scope: code is KeyboardEvent.code
// and char its KeyboardEvent.key. A binding with a Char matches on the
// character ("?" on any layout), the others on the code.
func Lookup(scope Scope, code, char string) (Binding, bool) {
	for _, b := range Table {
		if b.Scope&scope != 0 && b.Char != "" && b.Char == char {
			return b, true
		}
	}
	for _, b := range Table {
		if b.Scope&scope != 0 && b.Char == "" && b.Code == code {
			return b, true
		}
	}
	return Binding{}, false
}

// Hint is one line of help: the labels of the keys that do the same
// thing (→ and PageDown), and what they do.
type Hint struct {
	Keys []string `json:"keys"`
	Cmd  string   `json:"cmd"`
	Help string   `json:"help"`
}

// Hints groups the shown bindings of scope by help text, in the table's
// order; a hint's Cmd is its first binding's.
func Hints(scope Scope) []Hint {
	var out []Hint
	at := map[string]int{}
	for _, b := range Table {
		if b.Scope&scope == 0 || b.Label == "" {
			continue
		}
		if i, ok := at[b.Help]; ok {
			out[i].Keys = append(out[i].Keys, b.Label)
			continue
		}
		at[b.Help] = len(out)
		out = append(out, Hint{Keys: []string{b.Label}, Cmd: b.Cmd, Help: b.Help})
	}
	return out
}
