//go:build js

package page

import (
	"encoding/json"
	"syscall/js"

	"watchscope/ui/live"
)

// Presenter mode's part of window.watchscope (web/present.js relays it to
// the notes window, web/presenter.html, over a BroadcastChannel):
//
//	watchscope.present()         JSON of State.Present now: the lesson, the
//	                             step on screen, its speaker notes, the next
//	                             step, the next and last cue, the hold
//	event "watchscope:present"   on window, detail = that JSON, after every
//	                             tick that changed it (so the page pushes
//	                             changes instead of polling state())
func installPresent(p *apiPage) {
	var last string
	p.api.Set("present", js.FuncOf(func(js.Value, []js.Value) any { return last }))
	event := js.Global().Get("CustomEvent")
	opts := js.Global().Get("Object").New()
	p.afterTick = append(p.afterTick, func(s *live.Session) {
		b, err := json.Marshal(s.Present())
		if err != nil || string(b) == last {
			return
		}
		last = string(b)
		opts.Set("detail", last)
		js.Global().Call("dispatchEvent", event.New("watchscope:present", opts))
	})
}
