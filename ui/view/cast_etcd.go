package view

import (
	"strconv"

	"watchscope/ui/scene"
)

func etcdBox(sc *Scene, a *scene.Actor, r Region) {
	sc.rect(Rect{X: r.X, Y: r.Y, W: r.W, H: r.H, Radius: 10, Fill: sc.Theme.PanelHi})
	sc.label(r.X+12, r.Y+8, a.Label, ProseBold, 18, Left, sc.Theme.Ink)
	sc.label(r.X+12, r.Y+8+sc.Theme.Pitch(18, 30), "revision", Prose, 16, Left, sc.Theme.Caption)
	sc.label(r.X+r.W-12, r.Y+30, thousands(int64(a.RV)), Mono, 32, Right, sc.Theme.Ink)
	if a.Compacted > 0 {
		y := r.Y + r.H - sc.Theme.Pitch(18, 28)
		sc.label(r.X+12, y, "compacted at", Prose, 16, Left, sc.Theme.Caption)
		sc.label(r.X+r.W-12, y, strconv.FormatInt(a.Compacted, 10), Mono, 18, Right, sc.Theme.Yellow)
	}
}
