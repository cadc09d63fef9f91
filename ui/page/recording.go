//go:build js

package page

import (
	"syscall/js"

	"watchscope/ui"
	"watchscope/ui/live"
)

// installRecording adds
//
//	watchscope.showRecording(name, text, more)  the "your cluster" page
//	                      of a recording as serve --live streams it:
//	                      web/author.js hands over every second the lines
//	                      that came since it last did (more true), or the
//	                      whole text so far (more false, or left out),
//	                      which starts the page anew (a dropped file goes
//	                      to the console instead, for sim replay)
func installRecording(p *apiPage) {
	p.api.Set("showRecording", js.FuncOf(func(_ js.Value, args []js.Value) any {
		if len(args) < 2 || args[0].Type() != js.TypeString || args[1].Type() != js.TypeString {
			return false
		}
		name, text := args[0].String(), args[1].String()
		more := len(args) > 2 && args[2].Truthy()
		return p.queue(func(_ *ui.Game, s *live.Session) { s.ShowRecording(name, text, more) })
	}))
}
