// Package ui is WatchScope's Ebiten front end. It draws what package
// ui/view lays out and turns keys into session actions; it holds no
// simulation logic and never changes the world except through console
// commands queued on the session.
package ui

import (
	"image"
	"math"
	"strings"
	"time"

	"github.com/hajimehoshi/ebiten/v2"

	"watchscope/ui/live"
	"watchscope/ui/view"
	"watchscope/ui/widgets"
)

// Game is the ebiten.Game of the stage.
type Game struct {
	sess *live.Session
	r    *renderer
	w    *widgets.Layer // the controls and dialogs, over the scene
	fr   view.Frame

	// PageKeys is set when the page delivers the presenter keys itself
	// (ui/page listens to keydown): a clicker's keydown and keyup can
	// land between two ticks, and a key polled per tick would be lost.
	PageKeys bool

	// Hooks for the page (ui/page): Inbox is polled every tick for
	// commands sent by window.watchscope.send; AfterTick and AfterDraw
	// run after each Update and Draw.
	Inbox func() (string, bool)
	// Jobs is polled every tick for work the page queued that needs the
	// session itself (opening a lesson from a file, an export): it runs
	// on the game loop, where the session may be touched.
	Jobs      func() (func(*Game, *live.Session), bool)
	AfterTick func(*live.Session)
	AfterDraw func(frame int64)
	// PageVerbs are the page's commands (share, open: ui/page), tried
	// after the game's own; one that returns false passes the command on
	// to the session ("close" closes the page's panel and the stage's
	// overlays alike).
	PageVerbs map[string]func(arg string) bool
	// OnScene, when set, sees the screen once a frame's scene is drawn
	// and before the widget layer draws its controls and dialogs over it
	// (export reads its pixels here: the stage without the export panel).
	OnScene func(screen *ebiten.Image)

	frames  int64
	inFrame bool // inside Update or Draw (see InFrame)
	drawKey drawKey
	dirty   bool // input changed what the stage shows
	escape  bool // the page saw Escape while the console was open
	// scrub is the last cursor command a drag on the "your cluster"
	// page's time strip sent ("" when no drag is on).
	scrub string
	// DrawTime is the Go time the last drawn frame took (layout + issuing
	// draw calls; the GPU work happens later).
	DrawTime time.Duration
	// DrawTotal is the Go time of all drawn frames (DrawTotal/Frames is the mean).
	DrawTotal time.Duration
	// FrameUpdate is the Go time of every Update since the Draw before
	// the last drawn frame: with DrawTime, all the Go work of that frame.
	FrameUpdate time.Duration

	catchUp catchUp
}

// catchUp turns Ebiten's catch-up updates into one tick per frame. When
// the browser draws slower than Ebiten's 60 ticks a second (a software
// renderer, a busy laptop), Ebiten calls Update up to five times before
// each Draw to catch up. Ticking the session each time would multiply the
// Go work of a frame that was already slow (the world's budget, the
// snapshot, the page's state) and draw only the last: so the first update
// after a Draw ticks the session, and the others only read input and add
// their real time to the next tick's.
type catchUp struct {
	ticked  bool          // the session ticked since the last Draw
	pending time.Duration // real time of the updates that did not tick
	work    time.Duration // Go time of the updates since the last Draw
}

// maxPending bounds the time carried by updates that did not tick, for a
// loop that updates without drawing (it then ticks anyway): the stage
// clock's largest step (view.Clock.MaxStep's default), more than Ebiten's
// five updates of a frame.
const maxPending = 100 * time.Millisecond

// drawKey is what must change for the screen to need a new frame while
// nothing moves.
type drawKey struct {
	rev, compact int64
	logN         int
	lastLog      string
	paused       bool
	simTime      string
	message      string // the message line: a rewind's progress changes nothing else
	w, h         int
}

// New returns the game for a session.
func New(sess *live.Session) *Game {
	g := &Game{sess: sess, r: newRenderer()}
	g.w = widgets.New(g.send)
	return g
}

// Session is the session on the stage.
func (g *Game) Session() *live.Session { return g.sess }

// SetSession puts another session on the stage (a deep link followed
// without reloading the page): the controls stay, the console closes, and
// the next frame is drawn whatever changed.
func (g *Game) SetSession(s *live.Session) {
	g.sess = s
	g.w.SetConsole(false)
	g.dirty = true
}

// Update reads input and page commands, then ticks the session once per
// drawn frame (see catchUp).
// inboxBudget bounds the Go time one tick spends on commands sent by the
// page (window.watchscope.send) before it leaves the rest to the next.
const inboxBudget = 30 * time.Millisecond

func (g *Game) Update() error {
	g.inFrame = true
	defer func() { g.inFrame = false }()
	start := time.Now()
	g.input()
	g.w.Update(g.sess.Snapshot())
	if g.Inbox != nil {
		// A burst of commands (a script, a lesson stepped five times at
		// once) is spread over ticks: each takes commands until
		// inboxBudget of Go time is spent, so the page keeps drawing and
		// answering while it works through them, in order.
		// While the session works through a rewind its queue may fill:
		// then the rest waits in the inbox (and send() says false when
		// that is full too) rather than being dropped.
		for !g.sess.QueueFull() {
			cmd, ok := g.Inbox()
			if !ok {
				break
			}
			g.send(cmd)
			if time.Since(start) > inboxBudget {
				break
			}
		}
	}
	if g.Jobs != nil {
		for job, ok := g.Jobs(); ok; job, ok = g.Jobs() {
			job(g, g.sess)
			g.dirty = true
		}
	}
	c := &g.catchUp
	dt := time.Second / time.Duration(ebiten.TPS())
	if c.ticked && c.pending+2*dt <= maxPending { // the next update can still tick it all
		c.pending += dt
		c.work += time.Since(start)
		g.sess.Spent(time.Since(start))
		return nil
	}
	g.sess.Tick(dt + c.pending)
	c.ticked, c.pending = true, 0
	if g.AfterTick != nil {
		g.AfterTick(g.sess)
	}
	c.work += time.Since(start)
	g.sess.Spent(time.Since(start) - g.sess.Timing.Sim - g.sess.Timing.Refresh)
	return nil
}

// Draw paints the stage when something changed; otherwise the previous
// frame stays on screen (the screen is not cleared every frame).
func (g *Game) Draw(screen *ebiten.Image) {
	g.inFrame = true
	defer func() { g.inFrame = false }()
	work := g.catchUp.work
	g.catchUp.ticked, g.catchUp.work = false, 0
	b := screen.Bounds()
	g.fr = view.Fit(b.Dx(), b.Dy())
	k := g.key(b.Dx(), b.Dy())
	if g.frames > 0 && k == g.drawKey && g.sess.Settled() && !g.dirty && !g.w.Dirty() {
		return
	}
	g.dirty = false
	start := time.Now()
	g.r.draw(screen, g.sess.Scene(), g.fr)
	if g.OnScene != nil {
		g.OnScene(screen)
	}
	g.w.Draw(screen, g.fr, g.sess.Snapshot())
	g.DrawTime = time.Since(start)
	g.DrawTotal += g.DrawTime
	g.FrameUpdate = work
	g.drawKey = k
	g.frames++
	if g.AfterDraw != nil {
		g.AfterDraw(g.frames)
	}
}

func (g *Game) key(w, h int) drawKey {
	s := g.sess.Snapshot()
	k := drawKey{rev: s.Rev, compact: s.CompactRev, logN: len(s.Log), paused: s.Paused,
		simTime: view.SimTime(s.Now), message: s.UI.Message, w: w, h: h}
	if len(s.Log) > 0 {
		k.lastLog = s.Log[len(s.Log)-1].Cmd
	}
	return k
}

// send runs one of the game's own verbs or queues the command for the
// session (a stage verb or a console line).
func (g *Game) send(cmd string) {
	g.dirty = true
	verb, arg, _ := strings.Cut(cmd, " ")
	if run, ok := gameVerbs[verb]; ok && run(g, arg) {
		return
	}
	if run, ok := g.PageVerbs[verb]; ok && run(arg) {
		return
	}
	g.sess.Send(cmd)
}

// gameVerbs are the commands the game runs itself, since they concern the
// window (theme, fullscreen) or the keyboard (console, digits)
// rather than the world. A verb that returns false passes the command on
// to the session.
var gameVerbs = map[string]func(g *Game, arg string) bool{
	"theme": func(g *Game, arg string) bool {
		c := g.sess.Chrome()
		if arg == "toggle" {
			arg = view.Projector.Name
			if c.Theme == view.Projector {
				arg = view.Dark.Name
			}
		}
		th, ok := view.ThemeNamed(arg)
		if ok {
			c.Theme = th
		}
		return ok
	},
	"fullscreen": func(*Game, string) bool { ebiten.SetFullscreen(!ebiten.IsFullscreen()); return true },
	"close": func(g *Game, _ string) bool { // Escape leaves the console first
		g.escape = g.w.ConsoleOpen()
		return g.escape
	},
	"console": func(g *Game, _ string) bool {
		g.w.SetConsole(true)
		g.sess.Chrome().Console = true
		return true
	},
	"digit": func(g *Game, arg string) bool {
		g.sess.Send(g.digit(arg))
		return true
	},
}

// Knows reports whether verb is a command the game or its session runs.
func (g *Game) Knows(verb string) bool {
	_, ok := gameVerbs[verb]
	_, page := g.PageVerbs[verb]
	return ok || page || g.sess.Knows(verb)
}

// Redraw asks for a new frame even if nothing changed.
func (g *Game) Redraw() { g.dirty = true }

// ConsoleOpen reports whether the console overlay takes the keyboard.
func (g *Game) ConsoleOpen() bool { return g.w.ConsoleOpen() }

// ConsoleText is the line being typed in the console, as the widgets
// hold it after their last update (a paste lands on the next tick).
func (g *Game) ConsoleText() string { return g.w.ConsoleText() }

// Paste types the first line of text into the open console (the page
// reads the clipboard; see ui/widgets).
func (g *Game) Paste(text string) { g.w.Paste(text) }

// SetPanel opens the page's panel (nil closes it): a dialog drawn by the
// widget layer (widgets.Panel) whose buttons send commands.
func (g *Game) SetPanel(p *widgets.Panel) {
	g.w.SetPanel(p)
	g.dirty = true
}

// PreviewFrame is the frame of the open panel's preview on the screen,
// -1 without one.
func (g *Game) PreviewFrame() int { return g.w.PreviewFrame() }

// PanelButtons is the open panel's buttons' places on the screen, in
// physical pixels, and the physical pixels per module of its picture.
func (g *Game) PanelButtons() ([]image.Rectangle, int) {
	rs, cell := g.w.PanelButtons()
	out := make([]image.Rectangle, len(rs))
	for i, r := range rs {
		out[i] = image.Rect(int(g.fr.X(r.X)+0.5), int(g.fr.Y(r.Y)+0.5), int(g.fr.X(r.X+r.W)+0.5), int(g.fr.Y(r.Y+r.H)+0.5))
	}
	return out, cell
}

// Layout returns the window's size in physical pixels, up to
// MaxBackingPixels: the stage draws at the display's full resolution, so
// Ebiten does not upscale it, unless the window is larger than that.
func (g *Game) Layout(outsideWidth, outsideHeight int) (int, int) {
	w, h := g.LayoutF(float64(outsideWidth), float64(outsideHeight))
	return int(w), int(h)
}

// LayoutF is Layout with fractional sizes, as devicePixelRatio often is.
func (g *Game) LayoutF(outsideWidth, outsideHeight float64) (float64, float64) {
	return BackingSize(outsideWidth, outsideHeight, ebiten.Monitor().DeviceScaleFactor())
}

// MaxBackingPixels caps the screen image: a 1920x1080 display's worth of
// device pixels. Without a GPU (Chromium's SwiftShader draws WebGL on the
// CPU) a frame's cost grows with its pixels: a 3840x2160 window took
// seconds a frame, and the page stopped answering in time. Above the cap
// the stage renders at the largest size of the window's aspect that fits
// it and the browser scales the canvas up; at 1920x1080 and below it
// renders every device pixel.
const MaxBackingPixels = 1920 * 1080

// BackingSize is the screen image for a window of w x h CSS pixels at
// device scale factor scale: its device pixels, scaled down (keeping the
// aspect) to at most MaxBackingPixels.
func BackingSize(w, h, scale float64) (float64, float64) {
	pw, ph := float64(int(w*scale+0.5)), float64(int(h*scale+0.5))
	if pw*ph <= MaxBackingPixels {
		return pw, ph
	}
	k := math.Sqrt(MaxBackingPixels / (pw * ph))
	return max(1, math.Floor(pw*k)), max(1, math.Floor(ph*k))
}

// InFrame reports whether the game is inside Update or Draw. The page's
// JavaScript functions run while the game's goroutine waits; in the
// middle of a frame (a job that blocked) the session may be half way
// through a tick, and they must not read it.
func (g *Game) InFrame() bool { return g.inFrame }

// ScreenSize is the size of the screen image the last frame was drawn
// on (the backing store Layout asked for, at most MaxBackingPixels).
func (g *Game) ScreenSize() (w, h int) { return g.fr.W, g.fr.H }

// Frames is the number of frames drawn.
func (g *Game) Frames() int64 { return g.frames }
