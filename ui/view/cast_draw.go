package view

import (
	"strings"

	"watchscope/ui/scene"
)

// castStage draws the lesson world's cast as a diagram: bands, wires,
// actors, the callout of the step's answer, the charts, and the focus.
func castStage(sc *Scene, s Snapshot) CastLayout {
	c := &s.Cast
	l := LayoutCast(c, sc.Theme)
	if !Clientless(c) { // else no band: the callout alone, or the API servers, take its room
		bandFrame(sc, CastClientsTop, CastClientsBot, "CLIENTS", "who asks, and what they keep")
	}
	bandFrame(sc, l.APITop, CastAPIBot, "API SERVER", "")
	bandFrame(sc, CastEtcdTop, CastEtcdBot, "ETCD", "every write takes the next revision")
	castWires(sc, c, &l)
	for _, b := range l.Boxes {
		a := c.Find(b.ID)
		if a == nil || b.Pill < 0 {
			continue
		}
		if b.Pill > 1 {
			a = watchersTogether(c, a, b.Pill)
		}
		drawActor(sc, a, b.Region)
	}
	for _, d := range l.Dispatchers {
		if a := c.Find(d.ID); a != nil && a.Dispatch != nil {
			dispatcherBox(sc, a, d.Region)
		}
	}
	if c.Callout != nil {
		callout(sc, c, &l)
	}
	castCharts(sc, c)
	castFocus(sc, c, &l)
	return l
}

// bandFrame is one band's panel with its title on the left. The title
// and its caption are Detail: in the projector the boxes name themselves
// (apiserver-0, etcd-0) and the band's row goes to them (bandHead).
func bandFrame(sc *Scene, top, bottom float64, title, caption string) {
	sc.rect(Rect{X: StageLeft, Y: top, W: StageRight - StageLeft, H: bottom - top, Radius: 12, Fill: sc.Theme.Panel})
	if !sc.Theme.Detail {
		return
	}
	sc.label(StageLeft+bandPad, top+8, title, ProseBold, 16, Left, sc.Theme.Muted)
	if caption != "" {
		x := StageLeft + bandPad + Measure(ProseBold, sc.Theme.TextSize(16), title) + 16
		sc.label(x, top+8, caption, Prose, 16, Left, sc.Theme.Caption)
	}
}

// drawers draw each kind of actor in its box.
var drawers = map[scene.Kind]func(*Scene, *scene.Actor, Region){
	scene.KindInformer: informerBox, scene.KindClient: groupBox, scene.KindKubelets: groupBox,
	scene.KindPoller: groupBox, scene.KindPage: pageCard, scene.KindAPIServer: replicaPanel,
	scene.KindCache: cacheRing, scene.KindCacheWatcher: watcherPill, scene.KindMemory: memoryBox,
	scene.KindAPF: apfBox, scene.KindSnapshot: snapshotCard, scene.KindEtcd: etcdBox,
	scene.KindEtcdWatch: etcdWatchPill,
}

func drawActor(sc *Scene, a *scene.Actor, r Region) {
	if draw, ok := drawers[a.Kind]; ok {
		draw(sc, a, r)
	}
}

func countBadge(a *scene.Actor) string {
	if a.Count > 1 {
		return "×" + thousands(int64(a.Count)) + " "
	}
	return ""
}

func resourceOf(a *scene.Actor) string {
	if a.Resource == "" {
		return "its"
	}
	return a.Resource
}

// castFocus dims, by an overlay, every actor the step does not point at
// and frames the ones it does.
func castFocus(sc *Scene, c *scene.Scene, l *CastLayout) {
	if len(c.Focus) == 0 {
		return
	}
	o := sc.over()
	for _, b := range l.Boxes {
		if c.Focused(b.ID) || b.Dim.W == 0 || b.Pill < 0 || b.Pill > 1 && pillFocused(c, l, b) {
			continue
		}
		o.rect(Rect{X: b.Dim.X, Y: b.Dim.Y, W: b.Dim.W, H: b.Dim.H, Radius: 8, Fill: Fade(o.Theme.Background, o.Theme.Veil)})
	}
	for i, a := range shownCharts(c, sc.Theme) {
		if !c.Focused(a.ID) {
			r := chartRegion(sc.Theme, i)
			o.rect(Rect{X: r.X, Y: r.Y, W: r.W, H: r.H, Radius: 12, Fill: Fade(o.Theme.Background, o.Theme.Veil)})
		}
	}
	for _, id := range c.Focus {
		if b, ok := l.Box(id); ok {
			outline(o, Region{b.X - 3, b.Y - 3, b.W + 6, b.H + 6}, sc.Theme.Yellow)
		}
		if strings.HasPrefix(id, "chart/") {
			for i, a := range shownCharts(c, sc.Theme) {
				if a.ID == id {
					r := chartRegion(sc.Theme, i)
					outline(o, Region{r.X - 3, r.Y - 3, r.W + 6, r.H + 6}, sc.Theme.Yellow)
				}
			}
		}
	}
}
