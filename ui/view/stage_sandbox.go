package view

import "math"

// sandboxPanel is the sandbox's palette: fault buttons and knob toggles,
// each a console command (the same line `go run . console` takes), and
// where the theme draws detail the console's last lines beside them.
func sandboxPanel(sc *Scene, s Snapshot) {
	th := sc.Theme
	size := max(18, th.Bar.Text)
	sc.label(NarrLeft, PanelTop+16, "Sandbox", ProseBold, 28, Left, th.Ink)
	sc.label(NarrLeft+Measure(ProseBold, 28, "Sandbox")+16, PanelTop+24-(LineHeight(th.TextSize(size))-LineHeight(th.TextSize(18)))/2,
		"faults and knobs are console commands · ` opens the console · L picks a lesson", Prose, size, Left, th.Caption)
	// The buttons themselves (SandboxButtons) are widgets (ui/widgets).
	if !th.Detail { // the buttons take the panel's width; the console (`) shows its lines
		return
	}
	log := s.Log[max(0, len(s.Log)-consoleRows):]
	for i, l := range log {
		y := PanelTop + 64 + float64(i)*36
		sc.label(AskLeft+8, y, "$ "+clip(l.Cmd, 48), Mono, 16, Left, th.Muted)
		c := th.Caption
		if l.Failed {
			c = Orange
		}
		sc.label(AskLeft+24, y+18, clip(firstLine(l.Out), 52), Mono, 16, Left, c)
	}
}

// ToggleButton is a sandbox button; On marks a knob away from its default.
type ToggleButton struct {
	Button
	On bool
}

// SandboxButtons are the sandbox's fault and knob buttons: the faults on
// one row, the knobs on the next, each row wrapping at the panel's edge
// should the theme's type need it.
func SandboxButtons(s Snapshot) []ToggleButton {
	k := s.UI.Knobs
	on := func(name string) bool {
		for _, x := range k {
			if x == name {
				return true
			}
		}
		return false
	}
	faults := []ToggleButton{
		{Button{Label: "restart apiserver", Cmd: "sim restart apiserver-0"}, false},
		{Button{Label: "OOM-kill apiserver", Cmd: "sim kill apiserver-0 10s"}, false},
		{Button{Label: "disconnect node-3 30s", Cmd: "sim disconnect node-3 30s"}, false},
		{Button{Label: "compact now", Cmd: "sim compact-now"}, false},
		{Button{Label: "write load 200/s", Cmd: "sim load pods 200 30s"}, false},
		{Button{Label: "heal", Cmd: "sim heal"}, false},
	}
	knobs := []ToggleButton{
		{Button{Label: "cache pods#1000", Cmd: "sim set watch-cache-sizes pods#1000"}, on("cache")},
		{Button{Label: "APF off", Cmd: "sim set priority-and-fairness false"}, on("apf-off")},
		{Button{Label: "WatchList off", Cmd: "sim set watch-list false"}, on("watchlist-off")},
		{Button{Label: "consistent reads off", Cmd: "sim set consistent-reads false"}, on("consistent-off")},
		{Button{Label: "memory limit 1Gi", Cmd: "sim set memory-limit 1Gi"}, on("memory")},
		{Button{Label: "bookmarks off", Cmd: "sim set client-bookmarks false"}, on("bookmarks-off")},
		{Button{Label: "backoff fixed 100ms", Cmd: "sim set client-backoff 100ms"}, on("backoff-fixed")},
	}
	th := s.UI.Theme.OrDark()
	size := SandboxButtonText(th)
	h := max(40, math.Ceil(LineHeight(th.TextSize(size))+14))
	var out []ToggleButton
	x, y := float64(NarrLeft), float64(PanelTop+64)
	for _, row := range [][]ToggleButton{faults, knobs} {
		for i, b := range row {
			w := Measure(Prose, th.TextSize(size), b.Label) + 32
			if i > 0 && x+w > StageEnd-24 {
				x, y = NarrLeft, y+h+16
			}
			b.Region = Region{x, y, w, h}
			out = append(out, b)
			x += w + 12
		}
		x, y = NarrLeft, y+h+16
	}
	return out
}

// SandboxButtonText is the type of the sandbox's buttons in the theme.
func SandboxButtonText(th Theme) float64 { return max(17, th.Bar.Text) }
