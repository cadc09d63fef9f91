package view

import (
	"watchscope/ui/scene"
)

func snapshotCard(sc *Scene, a *scene.Actor, r Region) {
	sc.rect(Rect{X: r.X, Y: r.Y, W: r.W, H: r.H, Radius: 8, Fill: Mix(sc.Theme.PanelHi, ReddishPurple, 0.18)})
	sc.fit(r.X+10, r.Y+6, "snapshot", ProseBold, 16, Left, sc.Theme.Ink, r.W-20)
	sc.label(r.X+10, r.Y+6+sc.Theme.Pitch(16, 22), sc.Theme.fitAny(Mono, 16, r.W-20, "rv "+itoa(int(a.RV)), itoa(int(a.RV))), Mono, 16, Left, sc.Theme.Muted)
}
