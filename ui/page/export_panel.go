//go:build js

package page

import (
	"fmt"
	"strconv"

	"watchscope/ui"
	"watchscope/ui/live"
	"watchscope/ui/widgets"
)

// The export panel as it is drawn: its text, its rows of choices and its
// buttons, from the exporter's state (export.go).

// size is a file's size in words: "312 KB", "1.4 MB".
func size(n int) string {
	if n >= 1<<20 {
		return fmt.Sprintf("%.1f MB", float64(n)/(1<<20))
	}
	return fmt.Sprintf("%d KB", max(1, (n+512)>>10))
}

// refresh shows the panel again if it is the one open.
func (x *exporter) refresh() {
	if x.p.panelOpen("export") {
		x.show(x.p.game)
	}
}

// show hands the panel to the stage.
func (x *exporter) show(g *ui.Game) {
	lines := []widgets.PanelLine{{Text: x.where},
		{Kind: widgets.LineHint, Text: "Both leave out the controls and this panel. E or Esc closes."}}
	panel := &widgets.Panel{Name: "export", Title: "Export for slides", Lines: lines,
		Rows: x.rows(), Buttons: x.buttons(), Status: x.status, Failed: x.failed}
	extra := map[string]any{"unit": x.unit, "from": x.from, "to": x.to, "max": x.most,
		"fps": x.fps, "width": x.width, "downloads": x.downloads}
	if x.gif != nil {
		frame, frames, bytes := x.gif.Progress()
		panel.Working, panel.Progress = true, float64(frame)/float64(max(1, frames))
		if frame > 0 {
			panel.Status, panel.Failed = fmt.Sprintf("Frame %d of %d · %s", frame, frames, size(bytes)), false
		}
	}
	if f := x.result; f != nil {
		extra["file"], extra["bytes"] = f.name, len(f.data)
		if f.preview != nil {
			panel.Preview, extra["preview"] = f.preview, f.previewInfo
		}
	}
	x.p.setPanel(g, panel, extra)
}

// where is the panel's first line: where the pictures come from, the
// lesson named by its title (the files keep its id).
func where(s *live.Session, unit string, most float64) string {
	if unit == "step" {
		return fmt.Sprintf("Lesson: %s (steps 0 to %d). PNG: the stage as it is now. GIF: a range of the steps played, each shown for 2 s with its packets moving.", s.Export().Title(), int(most))
	}
	return fmt.Sprintf("Sandbox at %s. PNG: the stage as it is now. GIF: a range of its past, replayed (at most 60 s).", s.State().Time)
}

// rows are the GIF's choices: the range as steppers, fps and width.
func (x *exporter) rows() []widgets.PanelRow {
	stepper := func(which string, v float64) []widgets.PanelButton {
		if x.unit == "step" {
			return []widgets.PanelButton{{Label: "−1", Cmd: "export " + which + " -1"},
				{Label: fmt.Sprintf("step %d", int(v))}, {Label: "+1", Cmd: "export " + which + " +1"}}
		}
		return []widgets.PanelButton{{Label: "−1 s", Cmd: "export " + which + " -1"}, {Label: "−0.1 s", Cmd: "export " + which + " -0.1"},
			{Label: fmt.Sprintf("%.1f s", v)},
			{Label: "+0.1 s", Cmd: "export " + which + " +0.1"}, {Label: "+1 s", Cmd: "export " + which + " +1"}}
	}
	choices := func(what string, opts []int, chosen int) []widgets.PanelButton {
		var out []widgets.PanelButton
		for _, n := range opts {
			out = append(out, widgets.PanelButton{Label: strconv.Itoa(n), Cmd: fmt.Sprintf("export %s %d", what, n), Toggle: true, Pressed: n == chosen})
		}
		return out
	}
	return []widgets.PanelRow{
		{Caption: "GIF from", Buttons: stepper("from", x.from)},
		{Caption: "to", Buttons: stepper("to", x.to)},
		{Caption: "fps", Buttons: choices("fps", exportFPS, x.fps)},
		{Caption: "width (px)", Buttons: choices("width", exportWidths, x.width)},
	}
}

// buttons are the panel's actions: Make GIF becomes Cancel while one is
// made, and Download appears once there is a file.
func (x *exporter) buttons() []widgets.PanelButton {
	ready := x.result != nil && x.gif == nil
	out := []widgets.PanelButton{{Label: "PNG of the stage", Cmd: "export png", Primary: !ready}}
	if x.gif != nil {
		out = append(out, widgets.PanelButton{Label: "Cancel GIF", Cmd: "export cancel"})
	} else {
		out = append(out, widgets.PanelButton{Label: "Make GIF", Cmd: "export gif", Primary: !ready})
	}
	if ready {
		kind := "PNG"
		if x.result.mime == "image/gif" {
			kind = "GIF"
		}
		out = append(out, widgets.PanelButton{Label: fmt.Sprintf("Download %s (%s)", kind, size(len(x.result.data))), Cmd: "export download", Primary: true})
	}
	return append(out, widgets.PanelButton{Label: "Close", Cmd: "close"})
}
