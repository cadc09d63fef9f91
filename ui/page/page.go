//go:build js

// Package page is WatchScope's browser glue (built for js only): it
// builds the simulated world, starts the stage and installs
// window.watchscope, the page's JavaScript API. The root's main_js.go
// does nothing but call Run.
//
//	watchscope.ready      true once the first frame is drawn
//	watchscope.readyAt    performance.now() at that moment (ms)
//	watchscope.state()    JSON: simulated time, revisions, keys, recent events, console log,
//	                      lesson, step, checks, counts, and each feature's part (live.State)
//	watchscope.send(cmd)  queue a command for the next tick: console lines (etcdctl,
//	                      kubectl, sim), and next, back, lesson ID, sandbox, pick N,
//	                      play, pause, speed X, why ID, theme projector|dark, ...
//	watchscope.stats()    JSON: frames drawn, Go time of the last frame, TPS, FPS, screen size
//	watchscope.typing()   true while the stage's console has the keyboard
//	watchscope.draft()    the console's line as typed so far (not yet run)
//
// Each feature's file adds its part (see parts): loadLesson (author.go),
// present (present.go), panel (panel.go), qr (share.go), exportPNG/exportGIF/exportCancel
// (export.go, with the export panel), frameStats (stats.go), moment and crashTest (crash.go).
//
// Query parameters (a deep link): lesson=ID step=N seed=S speed=X
// theme=projector motion=reduced nodes=N demo=off. A bad one is dropped
// and named in a one-line message on the stage.
package page

import (
	"encoding/json"
	"runtime/debug"
	"syscall/js"
	"time"

	"github.com/hajimehoshi/ebiten/v2"

	"watchscope/ui"
	"watchscope/ui/keys"
	"watchscope/ui/live"
)

// memoryLimit is the Go runtime's soft memory limit in the browser. Wasm
// linear memory never shrinks, and pages the collector frees between
// live objects are not always reusable for the next large allocation, so
// linear memory settles above the limit. The limit must leave the
// collector room above the largest live heap: the 5,000-node world peaks
// at ~290 MiB live just before the API server's ten-minute compaction
// (etcd then holds ten minutes of history), and with a 340 MiB limit it
// stopped making progress there (a collection after every few MiB). On
// the page's frame schedule (engine BenchmarkWorld5000PeakFrames under
// Node), 400 MiB ran the eleven minutes at 0.97 of real time and ended
// at 429 MiB of linear memory; 440 MiB with GOGC=50 at 443 MiB. Both are
// under the 512 MB budget of issue "Clients and the world"; smaller
// worlds never reach the limit.
const memoryLimit = 400 << 20

// Run starts the stage in the page and never returns.
func Run() {
	debug.SetMemoryLimit(memoryLimit)
	perf := js.Global().Get("performance")
	mainAt := perf.Call("now").Float()
	sess, err := arrive(js.Global().Get("location").Get("search").String(), nil)
	openedAt := perf.Call("now").Float()
	if err != nil {
		panic(err)
	}
	untabTouchInput()
	g := ui.New(sess)
	installAPI(g, sess)
	api := js.Global().Get("watchscope")
	api.Set("mainAt", mainAt)     // performance.now() when Go's main started (ms)
	api.Set("openedAt", openedAt) // ... and when the session was (a late step's replay goes on: state().busy)
	ebiten.SetWindowTitle("WatchScope")
	ebiten.SetScreenClearedEveryFrame(false)
	if err := ebiten.RunGame(g); err != nil {
		panic(err)
	}
}

// tickWork is the Go time a tick may spend on queued commands and long
// work (a lesson stepping back replays its steps, live/work.go) before it
// leaves the rest for the next frame, so the page keeps drawing and
// state() keeps answering while a long lesson rewinds.
const tickWork = 10 * time.Millisecond

// untabTouchInput takes ebitenui's hidden text field (#tempInput, which it
// adds to the page for touch keyboards and focuses itself on a tap) out of
// the Tab order and the accessibility tree: the first Tab belongs to the
// accessibility layer's skip link (web/a11y.js), and a screen reader must
// not land on an unlabelled, invisible input.
func untabTouchInput() {
	if in := js.Global().Get("document").Call("getElementById", "tempInput"); in.Truthy() {
		in.Set("tabIndex", -1)
		in.Call("setAttribute", "aria-hidden", "true")
	}
}

// prefersReducedMotion reads the system setting (CSS prefers-reduced-motion):
// the stage then highlights where packets arrive instead of moving them.
func prefersReducedMotion() bool {
	mm := js.Global().Get("matchMedia")
	if mm.Type() != js.TypeFunction {
		return false
	}
	return js.Global().Call("matchMedia", "(prefers-reduced-motion: reduce)").Get("matches").Truthy()
}

// installAPI publishes window.watchscope. Its functions never block and
// never change the session: send() drops the command into a buffered
// channel the game drains on its next tick. state() reads the session
// when asked, between two frames: JavaScript only calls into Go while
// every goroutine waits, and wasm's goroutines never preempt each other,
// so the game is then either between frames (the session whole) or
// blocked inside one (ui.Game.InFrame; state() answers the last JSON it
// made). Marshalling the state after every tick instead was up to a
// third of the page's Go time per frame in a 5,000-node storm
// (BenchmarkStormPage), for a function a test calls a few times a second.
func installAPI(g *ui.Game, sess *live.Session) {
	inbox := make(chan string, 64)
	type stamp struct {
		sess          *live.Session // a followed link puts another on the stage (open.go)
		ticks, frames int64
	}
	// The first state is made when first asked, after the first frame:
	// marshalling it builds encoding/json's encoders for the whole State
	// type, tens of milliseconds in wasm that the first frame need not wait.
	var state string
	var stateAt stamp

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
	api.Set("state", js.FuncOf(func(js.Value, []js.Value) any {
		s := g.Session()
		if at := (stamp{s, s.Ticks(), g.Frames()}); state == "" || at != stateAt && !g.InFrame() {
			state, stateAt = s.StateJSON(), at
		}
		return state
	}))
	// typing is true while the stage's console has the keyboard: the
	// page's own keys (notes window, share, open, export) stay quiet then.
	api.Set("typing", js.FuncOf(func(js.Value, []js.Value) any { return g.ConsoleOpen() }))
	api.Set("draft", js.FuncOf(func(js.Value, []js.Value) any { return g.ConsoleText() }))
	api.Set("stats", js.FuncOf(func(js.Value, []js.Value) any { return statsJSON(g, g.Session()) }))
	js.Global().Set("watchscope", api)

	jobs := make(chan func(*ui.Game, *live.Session), 16)
	g.Jobs = func() (func(*ui.Game, *live.Session), bool) {
		select {
		case j := <-jobs:
			return j, true
		default:
			return nil, false
		}
	}
	p := &apiPage{api: api, game: g, sess: sess, inbox: inbox, jobs: jobs}
	for _, part := range parts {
		part(p)
	}
	g.Inbox = func() (string, bool) {
		select {
		case c := <-inbox:
			return c, true
		default:
			return "", false
		}
	}
	installKeys(g, inbox)
	g.AfterTick = func(s *live.Session) {
		for _, f := range p.afterTick {
			f(s)
		}
	}
	g.AfterDraw = func(frame int64) {
		for _, f := range p.afterDraw {
			f(frame)
		}
		if frame == 1 {
			api.Set("readyAt", js.Global().Get("performance").Call("now"))
			api.Set("ready", true)
		}
	}
}

// apiPage is what a part of the page API (one file of this package) gets to work
// with. Its JavaScript functions must not touch the session directly:
// they queue a command (inbox) or a job that runs on the game loop.
type apiPage struct {
	api       js.Value // window.watchscope
	game      *ui.Game
	sess      *live.Session // for page verbs, which run on the game loop
	panels    panels        // the open panel (panel.go)
	inbox     chan string
	jobs      chan func(*ui.Game, *live.Session)
	afterTick []func(*live.Session) // after each tick, on the game loop
	afterDraw []func(frame int64)   // after each drawn frame
}

// parts install the feature parts of window.watchscope, one line each;
// a new part is its own file plus a line here.
var parts = []func(*apiPage){
	installPanels,    // panel.go: the page's panels on the stage (first: the others open them)
	installPresent,   // present.go: the speaker notes window's feed
	installShare,     // share.go: the QR code of a link
	installAuthor,    // author.go: open a lesson file
	installExport,    // export.go: PNG and GIF for slides
	installStats,     // stats.go: the frame budget as the browser sees it
	installCrash,     // crash.go: the moment a crash screen links to
	installLayout,    // layout.go: the stage's text boxes in either theme
	installOpen,      // open.go: follow a deep link without reloading
	installRecording, // recording.go: a live recording's page (serve --live)
}

// queue hands a job to the game loop; false when the queue is full.
func (p *apiPage) queue(job func(*ui.Game, *live.Session)) bool {
	select {
	case p.jobs <- job:
		return true
	default:
		return false
	}
}

func statsJSON(g *ui.Game, sess *live.Session) string {
	var screen [2]int
	screen[0], screen[1] = g.ScreenSize()
	b, _ := json.Marshal(struct {
		Frames     int64   `json:"frames"`
		LastDrawMs float64 `json:"lastDrawMs"`
		MeanDrawMs float64 `json:"meanDrawMs"`
		TPS        float64 `json:"tps"`
		FPS        float64 `json:"fps"`
		SimMs      float64 `json:"simMs"`     // the last tick's simulation
		RefreshMs  float64 `json:"refreshMs"` // the last tick's snapshot for the stage
		Screen     [2]int  `json:"screen"`    // the screen image's size in pixels (ui.MaxBackingPixels at most)
	}{g.Frames(), ms(g.DrawTime), ms(g.DrawTotal / time.Duration(max(1, g.Frames()))),
		ebiten.ActualTPS(), ebiten.ActualFPS(), ms(sess.Timing.Sim), ms(sess.Timing.Refresh), screen})
	return string(b)
}

func ms(d time.Duration) float64 { return float64(d.Microseconds()) / 1000 }

// installKeys listens to keydown on the page and queues the stage
// commands of the key table (ui/keys), and the page's own that Go runs
// (share, open, export: Game.PageVerbs; the notes window is web/present.js's):
// an event is never lost, however short the press, which polling once per
// tick cannot promise. Fullscreen happens
// right here, inside the key's user gesture, as browsers require.
func installKeys(g *ui.Game, inbox chan string) {
	g.PageKeys = true
	doc := js.Global().Get("document")
	js.Global().Call("addEventListener", "keydown", js.FuncOf(func(_ js.Value, args []js.Value) any {
		e := args[0]
		if e.Get("repeat").Truthy() || e.Get("ctrlKey").Truthy() || e.Get("metaKey").Truthy() || e.Get("altKey").Truthy() {
			return nil
		}
		if typingInForm(e.Get("target")) { // a field of the page (the accessibility layer's share link) keeps its keys
			return nil
		}
		if tag := e.Get("target").Get("tagName"); e.Get("code").String() == "Enter" && tag.Truthy() &&
			(tag.String() == "BUTTON" || tag.String() == "A") { // Enter presses the focused control, nothing more
			return nil
		}
		b, ok := keys.Lookup(keys.Stage, e.Get("code").String(), e.Get("key").String())
		ok = ok && (b.By == keys.Go || b.By == keys.JS && g.Knows(b.Verb()))
		cmd := b.Cmd
		if g.ConsoleOpen() { // the console types; only Escape leaves it
			cmd, ok = "close", cmd == "close"
		}
		if ok && cmd == "fullscreen" {
			if doc.Get("fullscreenElement").Truthy() {
				doc.Call("exitFullscreen")
			} else if el := doc.Get("documentElement"); el.Get("requestFullscreen").Truthy() {
				el.Call("requestFullscreen").Call("catch", js.FuncOf(func(js.Value, []js.Value) any { return nil }))
			}
			return nil
		}
		if ok {
			select {
			case inbox <- cmd:
			default:
			}
		}
		return nil
	}), true)
}

// typingInForm reports whether a key event's target is a form field the
// user is typing into, whose keys must not become stage commands.
func typingInForm(t js.Value) bool {
	if t.IsUndefined() || t.IsNull() {
		return false
	}
	switch t.Get("tagName").String() {
	case "INPUT", "TEXTAREA", "SELECT":
		return true
	}
	return t.Get("isContentEditable").Truthy()
}
