//go:build js

package page

import (
	"encoding/json"
	"syscall/js"

	"watchscope/ui"
	"watchscope/ui/live"
	"watchscope/ui/view"
)

// installLayout adds
//
//	watchscope.layoutTexts(theme)  lays the stage out in theme ("dark" or
//	                               "projector") on the next tick; the text
//	                               boxes (JSON, as state().scene.texts)
//	                               then appear in watchscope.laidOut[theme]
//	                               (false for a name that is no theme)
//
// so a test checks both themes' text boxes in one page load, without
// switching what the audience sees.
func installLayout(p *apiPage) {
	out := js.Global().Get("Object").New()
	p.api.Set("laidOut", out)
	p.api.Set("layoutTexts", js.FuncOf(func(_ js.Value, args []js.Value) any {
		theme := "dark"
		if len(args) > 0 {
			theme = args[0].String()
		}
		th, ok := view.ThemeNamed(theme)
		if !ok {
			return false
		}
		out.Delete(theme)
		return p.queue(func(_ *ui.Game, s *live.Session) {
			b, err := json.Marshal(s.TextsIn(th))
			if err != nil {
				return
			}
			out.Set(theme, string(b))
		})
	}))
}
