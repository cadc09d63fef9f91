package view

import (
	"watchscope/ui/scene"
)

// groupBox is a client, the kubelets or the pollers: its name (with a
// count) and one line of what it does.
func groupBox(sc *Scene, a *scene.Actor, r Region) {
	sc.rect(Rect{X: r.X, Y: r.Y, W: r.W, H: r.H, Radius: 10, Fill: sc.Theme.PanelHi})
	title := a.Label
	if a.Kind == scene.KindClient && a.Count > 1 {
		title = countBadge(a) + a.Label
	}
	st := sc.stack(r.X+12, r.Y+8, r.Y+r.H-2, Left)
	st.add(sc.Theme.fitText(ProseBold, 20, title, r.W-24), ProseBold, 20, sc.Theme.Ink)
	st.y = max(st.y, r.Y+40)
	for _, line := range firstLines(Wrap(a.Detail, Prose, sc.Theme.TextSize(16), r.W-24), 2) {
		if !st.add(line, Prose, 16, sc.Theme.Muted) {
			break
		}
	}
	n := min(a.Count, 24) // a few visible members of a group
	for i := 0; i < n; i++ {
		x := r.X + 12 + float64(i%12)*16
		y := r.Y + r.H - 40 + float64(i/12)*16
		if x+12 > r.X+r.W-8 {
			continue
		}
		sc.rect(Rect{X: x, Y: y, W: 12, H: 12, Radius: 3, Fill: Mix(sc.Theme.PanelHi, SkyBlue, 0.55)})
	}
}
