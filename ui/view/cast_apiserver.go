package view

import (
	"watchscope/ui/scene"
)

func replicaPanel(sc *Scene, a *scene.Actor, r Region) {
	fill := sc.Theme.PanelHi
	if a.Down {
		fill = Mix(sc.Theme.PanelHi, Orange, 0.12)
	}
	sc.rect(Rect{X: r.X, Y: r.Y, W: r.W, H: r.H, Radius: 12, Fill: Mix(fill, sc.Theme.Panel, 0.4)})
	sc.label(r.X+12, r.Y+8, a.Label, ProseBold, 18, Left, sc.Theme.Ink)
	if a.Detail != "" { // down, starting, or not ready
		x := r.X + 24 + Measure(ProseBold, sc.Theme.TextSize(18), a.Label)
		sc.fit(x, r.Y+9, a.Detail, Prose, 16, Left, Orange, r.X+r.W-12-x)
	}
}
