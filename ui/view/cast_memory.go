package view

import (
	"watchscope/ui/scene"
)

func memoryBox(sc *Scene, a *scene.Actor, r Region) {
	sc.rect(Rect{X: r.X, Y: r.Y, W: r.W, H: r.H, Radius: 10, Fill: sc.Theme.PanelHi})
	sc.fit(r.X+10, r.Y+6, "memory", ProseBold, 16, Left, sc.Theme.Muted, r.W-20)
	sc.fit(r.X+10, r.Y+28, bytesText(a.Bytes), Mono, 20, Left, sc.Theme.Ink, r.W-20)
	if a.Limit > 0 {
		f := clamp01(float64(a.Bytes) / float64(a.Limit))
		col := BluishGreen
		if f > 0.85 {
			col = Orange
		}
		sc.rect(Rect{X: r.X + 10, Y: r.Y + 56, W: r.W - 20, H: 8, Radius: 4, Fill: sc.Theme.Rule})
		sc.rect(Rect{X: r.X + 10, Y: r.Y + 56, W: (r.W - 20) * f, H: 8, Radius: 4, Fill: col})
		sc.fit(r.X+10, r.Y+r.H-24, "limit "+bytesText(a.Limit), Prose, 16, Left, sc.Theme.Caption, r.W-20)
	} else {
		sc.fit(r.X+10, r.Y+r.H-24, "no limit", Prose, 16, Left, sc.Theme.Caption, r.W-20)
	}
}
