package view

import (
	"math"
	"strings"

	"watchscope/ui/scene"
)

// castWires join actors that talk: etcd to its watches, a cache's watch to
// the cache, a cache's watchers to the clients, pollers and pages to
// the replica that answers them.
func castWires(sc *Scene, c *scene.Scene, l *CastLayout) {
	wire := func(ax, ay, bx, by float64) {
		sc.line(Line{X0: ax, Y0: ay, X1: bx, Y1: by, Width: 2, Color: sc.Theme.Faint})
	}
	for _, e := range c.Of(scene.KindEtcd) {
		eb, ok := l.Box(e.ID)
		if !ok {
			continue
		}
		last := eb.X + eb.W
		for _, w := range c.Of(scene.KindEtcdWatch) {
			if wb, ok := l.Box(w.ID); ok {
				last = math.Max(last, wb.X)
				if cx, cy, ok := l.Anchor(w.Source, "bottom"); ok {
					wire(wb.X+wb.W/2, wb.Y, cx, cy)
				}
			}
		}
		y := eb.Y + eb.H/2
		wire(eb.X+eb.W, y, last, y)
	}
	for _, w := range c.Of(scene.KindCacheWatcher) {
		wb, ok := l.Box(w.ID)
		if !ok {
			continue
		}
		for _, cl := range clientsOf(c, w) {
			if x, y, ok := l.Anchor(cl, "bottom"); ok {
				wire(wb.X+wb.W/2, wb.Y, x, y)
			}
		}
	}
	for _, a := range c.Actors {
		if a.Kind != scene.KindPoller && a.Kind != scene.KindPage {
			continue
		}
		target := answererOf(c, &a)
		if x, y, ok := l.Anchor(a.ID, "bottom"); ok {
			if b, ok := l.Box(target); ok {
				wire(x, y, b.X+b.W/2, b.Y)
			}
		}
	}
}

// clientsOf are the client-band actors a cache watcher serves.
func clientsOf(c *scene.Scene, w *scene.Actor) []string {
	var out []string
	for _, a := range c.Actors {
		switch {
		case w.Count == 0 && (a.ID == scene.InformerID(w.Label, w.Resource) || a.ID == scene.ClientID(w.Label)):
			out = append(out, a.ID)
		case w.Count > 0 && a.Resource == w.Resource && (a.Kind == scene.KindInformer || a.Kind == scene.KindKubelets):
			out = append(out, a.ID)
		}
	}
	return out
}

// answererOf is the actor that answers a poller's or a page's LIST: the
// cache of its resource on its replica (the first replica when unknown),
// else the replica.
func answererOf(c *scene.Scene, a *scene.Actor) string {
	rep := a.Replica
	if !strings.HasPrefix(rep, "apiserver-") {
		rep = "apiserver-0"
	}
	if c.Find(scene.CacheID(rep, a.Resource)) != nil {
		return scene.CacheID(rep, a.Resource)
	}
	return rep
}
