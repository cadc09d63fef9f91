//go:build js

package page

import (
	"encoding/json"
	"syscall/js"

	"watchscope/ui"
	"watchscope/ui/live"
)

// Authoring's part of window.watchscope (web/author.js opens the file):
//
//	watchscope.loadLesson(name, text[, reload])
//	    parses and validates a lesson file's text right away and returns
//	    JSON {ok, file, id, title, steps, errors: [{line, message, text}]},
//	    text being "name:LINE: message" as `go run . lint` prints it. When
//	    ok, the stage opens the lesson at its next tick; with reload, at the
//	    step it is on (same lesson id). A broken file changes nothing.
//	event "watchscope:lesson"
//	    on window once the stage has opened it (or failed to): detail is
//	    JSON {ok, file, id, error}
func installAuthor(p *apiPage) {
	p.api.Set("loadLesson", js.FuncOf(func(_ js.Value, args []js.Value) any {
		if len(args) < 2 || args[0].Type() != js.TypeString || args[1].Type() != js.TypeString {
			return `{"ok":false,"errors":[{"line":0,"message":"loadLesson wants (name, text)","text":"loadLesson wants (name, text)"}]}`
		}
		name, reload := args[0].String(), len(args) > 2 && args[2].Truthy()
		l, res := live.CheckLessonSource(name, args[1].String())
		if l != nil && !p.queue(func(_ *ui.Game, s *live.Session) { lessonOpened(name, l.ID, s.Author().Play(l, reload)) }) {
			res.OK = false
			res.Errors = append(res.Errors, live.ProblemJSON{Message: "the stage is busy: try again", Text: name + ": the stage is busy: try again"})
		}
		b, _ := json.Marshal(res)
		return string(b)
	}))
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
