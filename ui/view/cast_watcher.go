package view

import (
	"watchscope/ui/scene"
)

func watcherPill(sc *Scene, a *scene.Actor, r Region) {
	fill := Mix(sc.Theme.PanelHi, BluishGreen, 0.22)
	if a.Queued > 0 {
		fill = Mix(sc.Theme.PanelHi, Orange, 0.3)
	}
	sc.rect(Rect{X: r.X, Y: r.Y, W: r.W, H: r.H, Radius: r.H / 2, Fill: fill})
	texts := []string{a.Label}
	if a.Queued > 0 {
		texts = []string{a.Label + " · " + itoa(a.Queued) + " behind", itoa(a.Queued) + " behind"}
	}
	if a.Count > 0 {
		texts = append(texts, "×"+itoa(a.Count))
	}
	sc.label(r.X+r.W/2, r.Y+5, sc.Theme.fitAny(Prose, 16, r.W-16, texts...), Prose, 16, Center, sc.Theme.Ink)
}

// watchersTogether is the pill that stands for n watchers of a's cache
// (layoutCaches): "n watchers", orange with the longest queue when one of
// them is behind.
func watchersTogether(c *scene.Scene, a *scene.Actor, n int) *scene.Actor {
	t := *a
	t.Label, t.Count, t.Queued = itoa(n)+" watchers", n, 0
	for i := range c.Actors {
		if w := &c.Actors[i]; w.Kind == scene.KindCacheWatcher && w.Parent == a.Parent {
			t.Queued = max(t.Queued, w.Queued)
		}
	}
	return &t
}

// pillFocused: the step points at one of the watchers a shared pill
// stands for.
func pillFocused(c *scene.Scene, l *CastLayout, b ActorBox) bool {
	for _, o := range l.Boxes {
		if o.Region == b.Region && o.Kind == scene.KindCacheWatcher && c.Focused(o.ID) {
			return true
		}
	}
	return false
}
