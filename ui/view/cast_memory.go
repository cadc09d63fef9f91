package view

import (
	"watchscope/ui/scene"
)

func memoryBox(sc *Scene, a *scene.Actor, r Region) {
	sc.rect(Rect{X: r.X, Y: r.Y, W: r.W, H: r.H, Radius: 10, Fill: sc.Theme.PanelHi})
	st := sc.stack(r.X+10, r.Y+6, r.Y+r.H-2, Left)
	st.add(sc.Theme.fitText(ProseBold, 16, "memory", r.W-20), ProseBold, 16, sc.Theme.Muted)
	st.add(sc.Theme.fitText(Mono, 20, bytesText(a.Bytes), r.W-20), Mono, 20, sc.Theme.Ink)
	limit := "no limit"
	if a.Limit > 0 {
		f := clamp01(float64(a.Bytes) / float64(a.Limit))
		col := BluishGreen
		if f > 0.85 {
			col = Orange
		}
		sc.rect(Rect{X: r.X + 10, Y: st.y, W: r.W - 20, H: 8, Radius: 4, Fill: sc.Theme.Rule})
		sc.rect(Rect{X: r.X + 10, Y: st.y, W: (r.W - 20) * f, H: 8, Radius: 4, Fill: col})
		st.y += 14
		limit = "limit " + bytesText(a.Limit)
	}
	st.y = max(st.y, r.Y+r.H-2-sc.Theme.rowH(16)) // the limit at the bottom
	st.add(sc.Theme.fitText(Prose, 16, limit, r.W-20), Prose, 16, sc.Theme.Caption)
}
