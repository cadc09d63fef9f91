//go:build js

// The browser entry point: builds the simulated world, starts the stage
// and installs window.watchscope, the page's JavaScript API:
//
//	watchscope.ready      true once the first frame is drawn
//	watchscope.readyAt    performance.now() at that moment (ms)
//	watchscope.state()    JSON: simulated time, revisions, keys, recent events, console log
//	watchscope.send(cmd)  queue a console command for the next tick; false if the queue is full
//	watchscope.stats()    JSON: frames drawn, Go time of the last frame, TPS, FPS
//
// Query parameters: seed=N (world seed, default 1), demo=off (no idle
// script), speed=X (virtual seconds per real second).
package main

import (
	"encoding/json"
	"net/url"
	"strconv"
	"strings"
	"sync/atomic"
	"syscall/js"
	"time"

	"github.com/hajimehoshi/ebiten/v2"

	"watchscope/ui"
	"watchscope/ui/live"
)

func main() {
	q := query()
	seed, _ := strconv.ParseUint(q.Get("seed"), 10, 64)
	if seed == 0 {
		seed = 1
	}
	speed, _ := strconv.ParseFloat(q.Get("speed"), 64)
	sim, err := live.NewWorld(seed)
	if err != nil {
		panic(err)
	}
	sess := live.New(sim, live.Options{Demo: q.Get("demo") != "off", Speed: speed})
	g := ui.New(sess)
	installAPI(g, sess)
	ebiten.SetWindowTitle("WatchScope")
	ebiten.SetScreenClearedEveryFrame(false)
	if err := ebiten.RunGame(g); err != nil {
		panic(err)
	}
}

func query() url.Values {
	s := js.Global().Get("location").Get("search").String()
	v, _ := url.ParseQuery(strings.TrimPrefix(s, "?"))
	return v
}

// installAPI publishes window.watchscope. Its functions never block and
// never touch the session: send() drops the command into a buffered
// channel the game drains on its next tick, and state() returns the JSON
// the game published after its last tick.
func installAPI(g *ui.Game, sess *live.Session) {
	inbox := make(chan string, 64)
	var state atomic.Pointer[string]
	empty := sess.StateJSON()
	state.Store(&empty)

	api := js.Global().Get("Object").New()
	api.Set("ready", false)
	api.Set("send", js.FuncOf(func(_ js.Value, args []js.Value) any {
		if len(args) == 0 {
			return false
		}
		select {
		case inbox <- args[0].String():
			return true
		default:
			return false
		}
	}))
	api.Set("state", js.FuncOf(func(js.Value, []js.Value) any { return *state.Load() }))
	api.Set("stats", js.FuncOf(func(js.Value, []js.Value) any { return statsJSON(g) }))
	js.Global().Set("watchscope", api)

	g.Inbox = func() (string, bool) {
		select {
		case c := <-inbox:
			return c, true
		default:
			return "", false
		}
	}
	g.AfterTick = func(s *live.Session) {
		j := s.StateJSON()
		state.Store(&j)
	}
	g.AfterDraw = func(frame int64) {
		if frame == 1 {
			api.Set("readyAt", js.Global().Get("performance").Call("now"))
			api.Set("ready", true)
		}
	}
}

func statsJSON(g *ui.Game) string {
	b, _ := json.Marshal(struct {
		Frames     int64   `json:"frames"`
		LastDrawMs float64 `json:"lastDrawMs"`
		MeanDrawMs float64 `json:"meanDrawMs"`
		TPS        float64 `json:"tps"`
		FPS        float64 `json:"fps"`
	}{g.Frames(), ms(g.DrawTime), ms(g.DrawTotal / time.Duration(max(1, g.Frames()))),
		ebiten.ActualTPS(), ebiten.ActualFPS()})
	return string(b)
}

func ms(d time.Duration) float64 { return float64(d.Microseconds()) / 1000 }
