package view

import (
	"watchscope/ui/scene"
)

// dispatcherBox is the card of a cache's dispatcher (a.Dispatch): what
// one dispatcher costs and does for all the cache's watchers, counted by
// the simulation's cacher: whom the latest event was offered to (the
// trigger index keeps that near two for a thousand kubelets), the
// buffers it found full, the time it stood waiting within its budget,
// and the watchers it cut off.
func dispatcherBox(sc *Scene, a *scene.Actor, r Region) {
	d := a.Dispatch
	sc.rect(Rect{X: r.X, Y: r.Y, W: r.W, H: r.H, Radius: 10, Fill: sc.Theme.PanelHi})
	sc.fit(r.X+12, r.Y+8, "dispatcher · "+a.Resource+" cache", ProseBold, 18, Left, sc.Theme.Ink, r.W-24)
	ms := func(n int64) string { return thousands(n) + " ms" }
	rows := []struct {
		name, value string
		hot         bool
	}{
		{"watchers", thousands(int64(d.Watchers)), false},
		{"found by node (index)", thousands(int64(d.Indexed)), false},
		{"latest event offered to", thousands(d.LastOffers), false},
		{"events that met a full buffer", thousands(d.Blocked), d.Blocked > 0},
		{"stood waiting, in all", ms(d.WaitedMs), d.WaitedMs > 0},
		{"longest single wait", ms(d.LongestMs), d.LongestMs > 0},
		{"budget it could wait now", ms(d.BudgetMs), false},
		{"watchers cut off as too slow", thousands(d.Cut), d.Cut > 0},
	}
	pitch := sc.Theme.Pitch(18, 24)
	y := r.Y + 12 + pitch
	for i, row := range rows {
		if !sc.Theme.Detail && i > 0 && !row.hot { // the projector: the watchers, and what went wrong
			continue
		}
		if y+pitch-2 > r.Y+r.H {
			break
		}
		color := sc.Theme.Ink
		if row.hot {
			color = sc.Theme.Yellow
		}
		vw := Measure(Mono, sc.Theme.TextSize(18), row.value)
		sc.fit(r.X+12, y+2, row.name, Prose, 16, Left, sc.Theme.Muted, r.W-36-vw)
		sc.label(r.X+r.W-12, y, row.value, Mono, 18, Right, color)
		y += pitch
	}
}
