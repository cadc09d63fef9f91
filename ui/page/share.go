//go:build js

package page

import (
	"encoding/base64"
	"fmt"
	"strings"
	"syscall/js"

	"watchscope/ui"
	"watchscope/ui/live"
	"watchscope/ui/widgets"
)

// Share exactly: the share panel (key S), drawn on the stage by the
// widget layer (widgets.Panel), with the link of the current moment, a
// "Copy link" button and the same link as a QR code for the audience.
//
// The link is the page's own address (file:// included) plus the app's
// query (live.ShareJSON, ui/live/share.go): it replays the same seed and
// commands to the same virtual time, so whoever opens it sees the same
// world, trace hash and all. The panel takes the moment when it opens and
// keeps it (a QR code that changed under the audience's phones would be
// useless); "Update to now" takes the moment again.
//
//	share           open or close the panel (key S)
//	share copy      put the link on the clipboard (the button)
//	share update    take the moment again (the button)
//	close           close it (Esc, a click beside it)
//
// The clipboard is the browser's: navigator.clipboard.writeText, or a
// hidden text area and execCommand("copy") where that API is missing
// (file:// in some browsers, an iframe without the permission).
//
// window.watchscope.qr(text) stays for embedding pages: {png, modules,
// scale}, the code as a PNG (live.QRPNG), or {error}.
type sharePanel struct {
	p       *apiPage
	url     string
	what    string
	note    string
	black   func(x, y int) bool
	modules int // 0: the link is too long for a QR code
	status  string
	failed  bool
}

func installShare(p *apiPage) {
	sp := &sharePanel{p: p}
	p.panelVerb("share", sp.take, map[string]func(*ui.Game, *live.Session){
		"copy": func(*ui.Game, *live.Session) { sp.copy() },
		"update": func(g *ui.Game, s *live.Session) {
			if p.panelOpen("share") {
				sp.take(g, s)
			}
		},
	})
	p.api.Set("qr", js.FuncOf(func(_ js.Value, args []js.Value) any {
		if len(args) == 0 || args[0].Type() != js.TypeString {
			return js.ValueOf(map[string]any{"error": "qr wants the text to encode"})
		}
		png, modules, err := live.QRPNG(args[0].String())
		if err != nil {
			return js.ValueOf(map[string]any{"error": err.Error()})
		}
		return js.ValueOf(map[string]any{"png": "data:image/png;base64," + base64.StdEncoding.EncodeToString(png), "modules": modules, "scale": live.QRScale})
	}))
}

// take reads the moment now and shows it.
func (sp *sharePanel) take(g *ui.Game, s *live.Session) {
	st, link := s.State(), s.Share()
	base, _, _ := strings.Cut(js.Global().Get("location").Get("href").String(), "#")
	base, _, _ = strings.Cut(base, "?")
	sp.url, sp.what, sp.note = base+link.Query, describeMoment(st, link), ""
	if link.Note != "" {
		sp.note = "Note: " + link.Note + "."
	}
	sp.status, sp.failed = "", false
	black, n, err := live.QRModules(sp.url)
	sp.black, sp.modules = black, n
	if err != nil {
		sp.black, sp.modules = nil, 0
	}
	sp.show(g)
}

// describeMoment is the panel's line under the title: what the link opens.
func describeMoment(st live.State, link live.ShareJSON) string {
	hash := "trace " + link.Hash[:min(12, len(link.Hash))]
	if st.Mode == "lesson" {
		// As the stage counts: the step whose question is showing, or the last played.
		step := st.Step
		if st.Pending {
			step++
		}
		where := fmt.Sprintf("step %d of %d", step, st.Steps)
		if step == 0 {
			where = "introduction"
		}
		q := ""
		if st.Pending {
			q = " · question showing"
		}
		return fmt.Sprintf("Lesson %s · %s%s · %s", st.Lesson, where, q, hash)
	}
	n := link.Commands
	plural := "s"
	if n == 1 {
		plural = ""
	}
	return fmt.Sprintf("Sandbox at %.1f s · %d command%s · %s", float64(link.TimeMs)/1000, n, plural, hash)
}

// show hands the panel to the stage.
func (sp *sharePanel) show(g *ui.Game) {
	lines := []widgets.PanelLine{{Text: sp.what}}
	if sp.note != "" {
		lines = append(lines, widgets.PanelLine{Text: sp.note, Kind: widgets.LineNote})
	}
	lines = append(lines, widgets.PanelLine{Text: sp.url, Kind: widgets.LineMono})
	if sp.modules == 0 {
		lines = append(lines, widgets.PanelLine{Kind: widgets.LineNote,
			Text: fmt.Sprintf("This link is too long for a QR code (%d characters): copy it instead.", len(sp.url))})
	}
	lines = append(lines, widgets.PanelLine{Kind: widgets.LineHint, Text: "Opens paused at the same moment, in any browser. S or Esc closes."})
	if off := js.Global().Get("watchscopeOffline"); off.Truthy() && off.Get("ready").Truthy() {
		// Trainers check this before the talk: will it run without Wi-Fi?
		lines = append(lines, widgets.PanelLine{Kind: widgets.LineHint, Text: "This browser keeps a copy of WatchScope: it works with the network off."})
	}
	panel := &widgets.Panel{
		Name: "share", Title: "Share this moment", Lines: lines, Status: sp.status, Failed: sp.failed,
		Buttons: []widgets.PanelButton{
			{Label: "Copy link", Cmd: "share copy", Primary: true},
			{Label: "Update to now", Cmd: "share update"},
			{Label: "Close", Cmd: "close"},
		},
	}
	if sp.modules > 0 {
		black, n := sp.black, sp.modules
		panel.Modules = n + 2*live.QRQuiet
		panel.Picture = func(x, y int) bool {
			x, y = x-live.QRQuiet, y-live.QRQuiet
			return x >= 0 && y >= 0 && x < n && y < n && black(x, y)
		}
	}
	sp.p.setPanel(g, panel, map[string]any{"link": sp.url, "modules": sp.modules})
}

// copy puts the link on the clipboard; the answer comes back as a job.
func (sp *sharePanel) copy() {
	if !sp.p.panelOpen("share") {
		return
	}
	copyText(sp.url, func(ok bool) {
		sp.p.queue(func(g *ui.Game, _ *live.Session) {
			if !sp.p.panelOpen("share") {
				return
			}
			sp.status, sp.failed = "Copied to the clipboard", false
			if !ok {
				sp.status, sp.failed = "The browser refused the clipboard: the link is also in the page's text (Tab)", true
			}
			sp.show(g)
		})
	})
}

// copyText writes text to the clipboard and calls done with the outcome.
func copyText(text string, done func(ok bool)) {
	nav := js.Global().Get("navigator").Get("clipboard")
	if !nav.Truthy() || !js.Global().Get("isSecureContext").Truthy() {
		done(copyByCommand(text))
		return
	}
	var then, fail js.Func
	then = js.FuncOf(func(js.Value, []js.Value) any {
		then.Release()
		fail.Release()
		done(true)
		return nil
	})
	fail = js.FuncOf(func(js.Value, []js.Value) any {
		then.Release()
		fail.Release()
		done(copyByCommand(text))
		return nil
	})
	nav.Call("writeText", text).Call("then", then, fail)
}

// copyByCommand copies text through a hidden text area, the way that
// works where the Clipboard API does not; the canvas gets the focus back.
func copyByCommand(text string) bool {
	doc := js.Global().Get("document")
	area := doc.Call("createElement", "textarea")
	area.Set("value", text)
	area.Call("setAttribute", "readonly", "")
	area.Get("style").Set("cssText", "position:fixed;left:-9999px;top:0;opacity:0")
	doc.Get("body").Call("appendChild", area)
	area.Call("select")
	ok := doc.Call("execCommand", "copy").Truthy()
	area.Call("remove")
	if c := doc.Call("querySelector", "canvas"); c.Truthy() {
		c.Call("focus")
	}
	return ok
}
