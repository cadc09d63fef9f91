//go:build js

package page

import (
	"net/url"
	"strings"
	"syscall/js"

	"watchscope/ui"
	"watchscope/ui/live"
)

// arrive is what a deep link does to the stage, from its query string
// (location.search): the session the link asks for (live.OpenWithin, in
// the link's theme, on the page's tickWork: a late step's replay goes on
// over the first frames, state().busy says how far), and the system's
// reduced-motion setting. Page load runs it before the first frame with
// nothing on the stage; watchscope.open(url) and the browser's back and
// forward buttons run the same function on the game loop, with the
// session on the stage as prev, so a link followed without reloading
// opens exactly what loading it would.
func arrive(search string, prev *live.Session) (*live.Session, error) {
	q, _ := url.ParseQuery(strings.TrimPrefix(search, "?"))
	link := live.ParseLink(q)
	sess, err := live.OpenWithin(link, prev, tickWork)
	if err != nil {
		return nil, err
	}
	if prefersReducedMotion() {
		sess.Chrome().Reduced = true
	}
	return sess, nil
}

// installOpen adds
//
//	watchscope.open(url)  follows a deep link ("?lesson=gone-410&step=5")
//	                      without reloading the page: the address bar
//	                      gets it (history.pushState) and the stage
//	                      arrives there on its next tick; false when the
//	                      URL is not this page's
//	watchscope.arrivals   how many links the stage has arrived at: 1
//	                      after page load, one more per open or per
//	                      back/forward, counted once the stage has drawn
//	                      the new place and ticked with its replay done
//	                      (state() and its scene.texts then describe it)
//
// and makes the browser's back and forward buttons (popstate) arrive at
// the address they restore, the same way.
func installOpen(p *apiPage) {
	arrivals := 1
	p.api.Set("arrivals", arrivals)
	// arrived is the session last arrived at, until it has drawn a frame
	// and ticked after it: state().scene.texts are the last frame's.
	var arrived *live.Session
	drawn := false
	follow := func(search string) bool {
		return p.queue(func(g *ui.Game, s *live.Session) {
			s.Work().Flush() // commands the page sent before the link (progress.js's record) reach s first
			s.Tick(0)
			next, err := arrive(search, s)
			if err != nil {
				return // live.OpenFrom falls back to the sandbox; only a broken build errs
			}
			g.SetSession(next)
			arrived, drawn = next, false
		})
	}
	p.afterDraw = append(p.afterDraw, func(int64) {
		drawn = drawn || (arrived != nil && p.game.Session() == arrived && arrived.Work().Busy() == "")
	})
	p.afterTick = append(p.afterTick, func(s *live.Session) {
		if arrived != nil && s == arrived && drawn {
			arrived = nil
			arrivals++
			p.api.Set("arrivals", arrivals)
		}
	})
	loc := js.Global().Get("location")
	p.api.Set("open", js.FuncOf(func(_ js.Value, args []js.Value) any {
		if len(args) == 0 {
			return false
		}
		u := js.Global().Get("URL").New(args[0].String(), loc.Get("href"))
		if u.Get("origin").String() != loc.Get("origin").String() || u.Get("pathname").String() != loc.Get("pathname").String() {
			return false
		}
		js.Global().Get("history").Call("pushState", nil, "", u.Get("href"))
		return follow(u.Get("search").String())
	}))
	js.Global().Call("addEventListener", "popstate", js.FuncOf(func(js.Value, []js.Value) any {
		follow(loc.Get("search").String())
		return nil
	}))
}
