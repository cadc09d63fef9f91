//go:build js

package page

import (
	"encoding/json"
	"fmt"
	"strings"
	"syscall/js"

	"watchscope/ui"
	"watchscope/ui/live"
	"watchscope/ui/widgets"
)

// Authoring's part of the page: the open-a-lesson panel on the stage
// (widgets.Panel) and window.watchscope.loadLesson. Reading files stays
// the browser's (web/author.js: the file picker, drag and drop, watching
// a file for saves, the "Playing ..." note).
//
//	open            the panel (key O): choose a file, or paste a lesson's text
//	open file       the browser's file picker (watchscopeAuthor.open())
//	open paste      the clipboard's text, opened as pasted.md
//	close           close it (Esc, a click beside it)
//
// A file that does not parse opens the panel with its problems, one a
// line, file.md:LINE: message as `go run . lint` prints them; the lesson
// that was playing keeps playing. A good file closes the panel.
//
//	watchscope.loadLesson(name, text[, reload[, watching]])
//	    parses and validates a lesson file's text right away and returns
//	    JSON {ok, file, id, title, steps, errors: [{line, message, text}]},
//	    text being "name:LINE: message". When ok, the stage opens the
//	    lesson at its next tick; with reload, at the step it is on (same
//	    lesson id). A broken file changes nothing on the stage. watching
//	    says the page reloads the file on save (the panel's note).
//	event "watchscope:lesson"
//	    on window once the stage has opened it (or failed to): detail is
//	    JSON {ok, file, id, error}
type authorPanel struct {
	p        *apiPage
	file     string // "": the chooser; else the file whose problems show
	problems []string
	reload   bool // the problems are a watched file's new save
	watching bool
	status   string
}

func installAuthor(p *apiPage) {
	ap := &authorPanel{p: p}
	p.panelVerb("open", func(g *ui.Game, _ *live.Session) {
		ap.file, ap.status = "", ""
		ap.show(g)
	}, map[string]func(*ui.Game, *live.Session){
		"file": func(*ui.Game, *live.Session) {
			if a := js.Global().Get("watchscopeAuthor"); a.Truthy() {
				a.Call("open") // within the click's user activation, as the picker requires
			}
		},
		"paste": func(*ui.Game, *live.Session) { ap.paste() },
	})
	p.api.Set("loadLesson", js.FuncOf(func(_ js.Value, args []js.Value) any {
		if len(args) < 2 || args[0].Type() != js.TypeString || args[1].Type() != js.TypeString {
			return `{"ok":false,"errors":[{"line":0,"message":"loadLesson wants (name, text)","text":"loadLesson wants (name, text)"}]}`
		}
		name, reload := args[0].String(), len(args) > 2 && args[2].Truthy()
		watching := len(args) > 3 && args[3].Truthy()
		b, _ := json.Marshal(ap.load(name, args[1].String(), reload, watching))
		return string(b)
	}))
}

// load checks a lesson's text now and opens it on the next tick, or
// shows its problems in the panel.
func (ap *authorPanel) load(name, text string, reload, watching bool) live.LessonCheck {
	l, res := live.CheckLessonSource(name, text)
	if l == nil {
		var lines []string
		for _, e := range res.Errors {
			lines = append(lines, e.Text)
		}
		ap.p.queue(func(g *ui.Game, _ *live.Session) { ap.showProblems(g, name, lines, reload, watching) })
		return res
	}
	ok := ap.p.queue(func(g *ui.Game, s *live.Session) {
		err := s.Author().Play(l, reload)
		if err != nil {
			ap.showProblems(g, name, []string{name + ": " + err.Error()}, reload, watching)
		} else if ap.p.panelOpen("open") {
			ap.p.setPanel(g, nil, nil)
		}
		lessonOpened(name, l.ID, err)
	})
	if !ok {
		res.OK = false
		res.Errors = append(res.Errors, live.ProblemJSON{Message: "the stage is busy: try again", Text: name + ": the stage is busy: try again"})
	}
	return res
}

func (ap *authorPanel) showProblems(g *ui.Game, name string, problems []string, reload, watching bool) {
	ap.file, ap.problems, ap.reload, ap.watching, ap.status = name, problems, reload, watching, ""
	ap.show(g)
}

// paste opens the clipboard's text as a lesson file.
func (ap *authorPanel) paste() {
	clip := js.Global().Get("navigator").Get("clipboard")
	if !clip.Truthy() {
		ap.say("This browser gives the page no clipboard: choose a file instead")
		return
	}
	var then, fail js.Func
	then = js.FuncOf(func(_ js.Value, a []js.Value) any {
		then.Release()
		fail.Release()
		if text := a[0].String(); strings.TrimSpace(text) != "" {
			ap.load("pasted.md", text, false, false)
		} else {
			ap.say("The clipboard is empty: copy a lesson's text first")
		}
		return nil
	})
	fail = js.FuncOf(func(js.Value, []js.Value) any {
		then.Release()
		fail.Release()
		ap.say("The browser refused the clipboard: choose a file instead")
		return nil
	})
	clip.Call("readText").Call("then", then, fail)
}

// say shows a status line in the open panel (from a JavaScript callback).
func (ap *authorPanel) say(text string) {
	ap.p.queue(func(g *ui.Game, _ *live.Session) {
		if ap.p.panelOpen("open") {
			ap.status = text
			ap.show(g)
		}
	})
}

func (ap *authorPanel) show(g *ui.Game) {
	buttons := []widgets.PanelButton{
		{Label: "Choose a file…", Cmd: "open file", Primary: true},
		{Label: "Paste the lesson's text", Cmd: "open paste"},
		{Label: "Close", Cmd: "close"},
	}
	panel := &widgets.Panel{Name: "open", Title: "Open a lesson file", Buttons: buttons, Status: ap.status, Failed: ap.status != ""}
	if ap.file == "" {
		panel.Lines = []widgets.PanelLine{
			{Text: "A lesson is a Markdown file: steps, commands and the checks that prove each claim. The stage plays it like its own lessons; go run . lint FILE checks it on the command line."},
			{Text: "Drop a .md file anywhere on the page, or choose one: in Chrome and Edge the stage reloads it on every save. O or Esc closes.", Kind: widgets.LineHint},
		}
		ap.p.setPanel(g, panel, nil)
		return
	}
	n := len(ap.problems)
	plural := "s"
	if n == 1 {
		plural = ""
	}
	panel.Title = fmt.Sprintf("%s has %d problem%s", ap.file, n, plural)
	what := "Nothing was opened; the stage keeps playing what it was playing."
	if ap.reload {
		what = "The saved version did not load; the stage keeps playing the previous one."
	}
	panel.Lines = []widgets.PanelLine{{Text: what}}
	for _, pr := range ap.problems[:min(n, 12)] {
		panel.Lines = append(panel.Lines, widgets.PanelLine{Text: pr, Kind: widgets.LineMono})
	}
	if n > 12 {
		panel.Lines = append(panel.Lines, widgets.PanelLine{Text: fmt.Sprintf("… and %d more: go run . lint %s lists them all", n-12, ap.file)})
	}
	note := fmt.Sprintf("Live reload is off for %s: the page got a copy of the file, not the file itself. To reload on every save, open it with O (or drop it) in Chrome or Edge.", ap.file)
	if ap.watching {
		note = fmt.Sprintf("Watching %s: save it and the stage reloads, on the same step.", ap.file)
	}
	panel.Lines = append(panel.Lines, widgets.PanelLine{Text: note, Kind: widgets.LineHint})
	panel.Buttons[0].Label = "Open another file…"
	ap.p.setPanel(g, panel, map[string]any{"file": ap.file, "problems": ap.problems})
}

// lessonOpened tells the page how opening the lesson went.
func lessonOpened(file, id string, err error) {
	out := struct {
		OK    bool   `json:"ok"`
		File  string `json:"file"`
		ID    string `json:"id"`
		Error string `json:"error,omitempty"`
	}{err == nil, file, id, ""}
	if err != nil {
		out.Error = err.Error()
	}
	b, _ := json.Marshal(out)
	opts := js.Global().Get("Object").New()
	opts.Set("detail", string(b))
	js.Global().Call("dispatchEvent", js.Global().Get("CustomEvent").New("watchscope:lesson", opts))
}
