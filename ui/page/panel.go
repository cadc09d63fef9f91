//go:build js

package page

import (
	"encoding/json"
	"sync/atomic"
	"syscall/js"

	"watchscope/ui"
	"watchscope/ui/live"
	"watchscope/ui/widgets"
)

// The page's panels (share.go, author.go, export.go) are dialogs the
// widget layer draws (widgets.Panel). The page runs their commands
// (Game.PageVerbs) and tells the page's JavaScript what is open:
//
//	watchscope.panel()  JSON of the open panel, or null: {name, title,
//	                    lines, rows: [{caption, value}], status, failed,
//	                    working, progress, buttons: [{label, cmd, primary,
//	                    toggle, pressed, row, x, y, w, h}], previewFrame
//	                    (the preview frame shown; -1: no preview),
//	                    extra: {...the panel's own fields}} with each
//	                    button's box in CSS
//	                    pixels of the page (row: the caption of its row of
//	                    choices), for the accessibility layer (web/a11y.js
//	                    mirrors the panel as a dialog of real buttons) and
//	                    tests
type panelJSON struct {
	Name     string         `json:"name"`
	Title    string         `json:"title"`
	Lines    []string       `json:"lines"`
	Rows     []rowJSON      `json:"rows,omitempty"`
	Status   string         `json:"status"`
	Failed   bool           `json:"failed"`
	Working  bool           `json:"working"`
	Progress float64        `json:"progress"`
	Buttons  []buttonJSON   `json:"buttons"`
	Extra    map[string]any `json:"extra,omitempty"`
	Cell     int            `json:"cell"` // physical pixels per picture module
	// PreviewFrame is the preview frame shown (export), -1 without one.
	PreviewFrame int `json:"previewFrame"`
}

// rowJSON is a row of choices: its caption and its value ("12.3 s").
type rowJSON struct {
	Caption string `json:"caption"`
	Value   string `json:"value,omitempty"`
}

type buttonJSON struct {
	Label   string `json:"label"`
	Cmd     string `json:"cmd"`
	Primary bool   `json:"primary"`
	Toggle  bool   `json:"toggle,omitempty"`
	Pressed bool   `json:"pressed,omitempty"`
	Row     string `json:"row,omitempty"` // the caption of its row; "": the panel's buttons`
	// The button's box in physical pixels; panel() turns it into CSS pixels.
	X0, Y0, X1, Y1 int     `json:"-"`
	X              float64 `json:"x"`
	Y              float64 `json:"y"`
	W              float64 `json:"w"`
	H              float64 `json:"h"`
}

// panels is the page's open panel, published after each tick.
type panels struct {
	open  *widgets.Panel
	extra map[string]any
	json  atomic.Pointer[panelJSON]
}

// verb adds a page command; all the parts' runs of a verb are called
// in turn, and the command goes on to the session unless one returns true.
func (p *apiPage) verb(name string, run func(g *ui.Game, s *live.Session, arg string) bool) {
	prev := p.game.PageVerbs[name]
	p.game.PageVerbs[name] = func(arg string) bool {
		done := prev != nil && prev(arg)
		return run(p.game, p.sess, arg) || done
	}
}

// panelVerb adds the page command of a panel: the verb alone opens the
// panel (open) or closes it if it is open; "verb ARG" runs sub[ARG].
func (p *apiPage) panelVerb(name string, open func(*ui.Game, *live.Session), sub map[string]func(*ui.Game, *live.Session)) {
	p.verb(name, func(g *ui.Game, s *live.Session, arg string) bool {
		if arg == "" && p.panelOpen(name) {
			p.setPanel(g, nil, nil)
		} else if arg == "" {
			open(g, s)
		} else if run, ok := sub[arg]; ok {
			run(g, s)
		} else {
			return false
		}
		return true
	})
}

// setPanel opens panel on the stage (nil closes it), with the fields of
// its own that watchscope.panel() adds (the share link).
func (p *apiPage) setPanel(g *ui.Game, panel *widgets.Panel, extra map[string]any) {
	p.panels.open, p.panels.extra = panel, extra
	g.SetPanel(panel)
}

// panelOpen reports whether the panel named name is the one open (a
// panel opened over another replaces it).
func (p *apiPage) panelOpen(name string) bool {
	return p.panels.open != nil && p.panels.open.Name == name
}

// publish stores the open panel's JSON with its buttons' places.
func (ps *panels) publish(g *ui.Game) {
	if ps.open == nil {
		ps.json.Store(nil)
		return
	}
	o := ps.open
	pj := &panelJSON{Name: o.Name, Title: o.Title, Status: o.Status, Failed: o.Failed, Working: o.Working, Progress: o.Progress, Extra: ps.extra}
	for _, l := range o.Lines {
		pj.Lines = append(pj.Lines, l.Text)
	}
	var rows []string // each clickable button's row caption
	for _, r := range o.Rows {
		rj := rowJSON{Caption: r.Caption}
		for _, b := range r.Buttons {
			if b.Cmd == "" {
				rj.Value = b.Label
			} else {
				rows = append(rows, r.Caption)
			}
		}
		pj.Rows = append(pj.Rows, rj)
	}
	rects, cell := g.PanelButtons()
	pj.Cell, pj.PreviewFrame = cell, g.PreviewFrame()
	for i, b := range o.Clickable() {
		bj := buttonJSON{Label: b.Label, Cmd: b.Cmd, Primary: b.Primary, Toggle: b.Toggle, Pressed: b.Pressed}
		if i < len(rows) {
			bj.Row = rows[i]
		}
		if i < len(rects) {
			r := rects[i]
			bj.X0, bj.Y0, bj.X1, bj.Y1 = r.Min.X, r.Min.Y, r.Max.X, r.Max.Y
		}
		pj.Buttons = append(pj.Buttons, bj)
	}
	ps.json.Store(pj)
}

func installPanels(p *apiPage) {
	p.game.PageVerbs = map[string]func(string) bool{}
	p.verb("close", func(g *ui.Game, _ *live.Session, _ string) bool {
		if p.panels.open != nil {
			p.setPanel(g, nil, nil)
		}
		return false // the stage's overlays close too
	})
	p.afterTick = append(p.afterTick, func(*live.Session) { p.panels.publish(p.game) })
	p.api.Set("panel", js.FuncOf(func(js.Value, []js.Value) any {
		pj := p.panels.json.Load()
		if pj == nil {
			return js.Null()
		}
		out := *pj
		out.Buttons = append([]buttonJSON(nil), pj.Buttons...)
		dpr := js.Global().Get("devicePixelRatio").Float()
		left, top := 0.0, 0.0
		if c := js.Global().Get("document").Call("querySelector", "canvas"); c.Truthy() {
			r := c.Call("getBoundingClientRect")
			left, top = r.Get("left").Float(), r.Get("top").Float()
		}
		for i, b := range out.Buttons {
			out.Buttons[i].X, out.Buttons[i].Y = left+float64(b.X0)/dpr, top+float64(b.Y0)/dpr
			out.Buttons[i].W, out.Buttons[i].H = float64(b.X1-b.X0)/dpr, float64(b.Y1-b.Y0)/dpr
		}
		bs, _ := json.Marshal(out)
		return string(bs)
	}))
}
