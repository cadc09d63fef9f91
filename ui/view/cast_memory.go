package view

import (
	"watchscope/ui/scene"
)

// quantity is a size the short way Kubernetes writes a memory quantity,
// in whole MiB or GiB ("406Mi"), for a box too narrow for "405.6 MiB".
func quantity(b int64) string {
	const mi = 1 << 20
	if b >= 10<<30 {
		return itoa(int((b+1<<29)>>30)) + "Gi"
	}
	return itoa(int((b+mi/2)/mi)) + "Mi"
}

func memoryBox(sc *Scene, a *scene.Actor, r Region) {
	sc.rect(Rect{X: r.X, Y: r.Y, W: r.W, H: r.H, Radius: 10, Fill: sc.Theme.PanelHi})
	st := sc.stack(r.X+10, r.Y+6, r.Y+r.H-2, Left)
	st.add(sc.Theme.fitText(ProseBold, 16, "memory", r.W-20), ProseBold, 16, sc.Theme.Muted)
	st.add(sc.Theme.fitAny(Mono, 20, r.W-20, bytesText(a.Bytes), quantity(a.Bytes)), Mono, 20, sc.Theme.Ink)
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
