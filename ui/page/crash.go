//go:build js

package page

import (
	"syscall/js"

	"watchscope/ui"
	"watchscope/ui/live"
)

// The crash screen's part of window.watchscope (web/loader.js draws the
// screen when the Go program stops: a panic, running out of memory):
//
//	watchscope.moment       the share link's query of the newest moment
//	                        (live.Session.Share), kept after every tick in
//	                        which it changed, so the page still has it when
//	                        the program that made it is gone
//	watchscope.crashTest(k) only when the page's address ends in
//	                        #test-hooks: make the app fail as a real fault
//	                        would, k = "panic" (a panic in the stage's
//	                        update) or "oom" (allocate until the wasm memory
//	                        cannot grow). It only ever breaks the page of
//	                        whoever calls it, as closing the tab would.
func installCrash(p *apiPage) {
	last := ""
	p.afterTick = append(p.afterTick, func(s *live.Session) {
		if q := s.Share().Query; q != last {
			last = q
			p.api.Set("moment", q)
		}
	})
	if js.Global().Get("location").Get("hash").String() != "#test-hooks" {
		return
	}
	p.api.Set("crashTest", js.FuncOf(func(_ js.Value, args []js.Value) any {
		if len(args) == 0 {
			return false
		}
		switch args[0].String() {
		case "panic":
			return p.queue(func(*ui.Game, *live.Session) { panic("crash test: a panic in the stage's update") })
		case "oom":
			return p.queue(func(*ui.Game, *live.Session) { exhaustMemory() })
		}
		return false
	}))
}

// hoard keeps what exhaustMemory allocates reachable.
var hoard [][]byte

// exhaustMemory allocates 256 MiB blocks until the runtime cannot grow
// the wasm memory any more and stops with "fatal error: out of memory".
// Fresh wasm pages are zero, so the blocks are never written.
func exhaustMemory() {
	for {
		hoard = append(hoard, make([]byte, 256<<20))
	}
}
