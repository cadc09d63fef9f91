//go:build js

package page

import (
	"syscall/js"

	"watchscope/ui"
	"watchscope/ui/live"
)

// installRecording adds
//
//	watchscope.showRecording(name, text)  the "your cluster" page of a
//	                      recording's text, read again whole: serve --live
//	                      streams one as it grows and web/author.js hands
//	                      it over every second (a dropped file goes to the
//	                      console instead, for sim replay)
func installRecording(p *apiPage) {
	p.api.Set("showRecording", js.FuncOf(func(_ js.Value, args []js.Value) any {
		if len(args) < 2 || args[0].Type() != js.TypeString || args[1].Type() != js.TypeString {
			return false
		}
		name, text := args[0].String(), args[1].String()
		return p.queue(func(_ *ui.Game, s *live.Session) { s.ShowRecording(name, text) })
	}))
}
