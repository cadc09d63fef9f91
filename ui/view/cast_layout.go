package view

import (
	"math"
	"strings"

	"watchscope/ui/scene"
)

// The stage as a diagram (issue 15): the lesson world's actors in three
// bands, top to bottom the way the bytes flow, with the live charts of
// the step's metrics on the right and the callout of the step's answer
// in the clients band's right end.
//
//	48                                       876          1416 1448    1872
//	+--------------------------------------------------------+ +---------+ 112
//	| CLIENTS  [informer: Reflector>FIFO>Indexer>handlers]   | | chart   |
//	|          [kubelets x200] [pollers x5] [pages] | callout| |         |
//	+--------------------------------------------------------+ |         | 304
//	| API SERVER  +- apiserver-0 ----------------+ +- ... -+ | | chart   |
//	|             | watchers  watchers   memory  |         | | |         |
//	|             |  (ring)    (ring)    APF     |         | | |         |
//	|             | oldest..newest RV            |         | | |         |
//	+--------------------------------------------------------+ |         | 608
//	| ETCD  [etcd-0 rev] --[cache watch]--[cache watch]--[x200 direct]  |
//	+--------------------------------------------------------+ +---------+ 784
const (
	CastClientsTop = ClientsTop
	CastClientsBot = 296
	CastAPITop     = 312
	CastAPIBot     = 632
	CastEtcdTop    = 648
	CastEtcdBot    = EtcdBot
	CalloutLeft    = 876
	bandPad        = 16
	bandLabelH     = 32
)

// bandHead is the room above a band's boxes: its name's row where the
// theme draws the band's name (bandFrame), a margin where it does not.
func bandHead(th Theme) float64 {
	if th.Detail {
		return bandLabelH
	}
	return 8
}

// ActorBox is where the stage draws one actor, in design pixels.
type ActorBox struct {
	ID   string
	Kind scene.Kind
	Region
	// Dim is the part the focus overlay dims when the actor is out of
	// focus (a replica's header, not the caches drawn inside it).
	Dim Region
	// Pill, for a cache's watcher: how many of its cache's watchers its
	// pill stands for when that is more than one (layoutCaches), or -1
	// when another watcher's pill, in the same box, stands for it.
	Pill int
}

// CastLayout is the diagram's geometry for one cast: a box per drawn
// actor, looked up by id for wires, packets and hit tests.
type CastLayout struct {
	Boxes   []ActorBox
	Callout Region // the callout's box (zero when the step has none)
	// Dispatchers are the cards of the caches whose dispatcher the step
	// points at (Actor.Dispatch), beside their cache where there is room;
	// each box's ID is its cache's.
	Dispatchers []ActorBox
	// APITop is the API server band's top: CastAPITop, or CastClientsTop
	// when there is no client to draw and no callout (the clients band is
	// not drawn; its room goes to the API servers).
	APITop float64
	byID   map[string]int
	theme  Theme // what the labels are measured in
}

// Box returns the box of actor id.
func (l *CastLayout) Box(id string) (ActorBox, bool) {
	i, ok := l.byID[id]
	if !ok {
		return ActorBox{}, false
	}
	return l.Boxes[i], true
}

// Anchor is the point wires and packets meet actor id at: the middle of
// its top edge (side "top"), of its bottom edge ("bottom"), or its centre.
func (l *CastLayout) Anchor(id, side string) (x, y float64, ok bool) {
	b, ok := l.Box(id)
	if !ok {
		return 0, 0, false
	}
	x = b.X + b.W/2
	switch side {
	case "top":
		return x, b.Y, true
	case "bottom":
		return x, b.Y + b.H, true
	}
	return x, b.Y + b.H/2, true
}

// Near is the centre of actor id's box or, when it is not drawn on its
// own, of the box that stands for it: its counted group
// ("client/kubectl-w-7" in "client/kubectl-w"), else its nearest drawn
// parent ("apiserver-0/cache/pods/watcher/app" in ".../cache/pods").
func (l *CastLayout) Near(id string) (x, y float64, ok bool) {
	for p := id; p != ""; {
		if x, y, ok := l.Anchor(p, ""); ok {
			return x, y, true
		}
		if g := groupOf(p); g != p {
			if x, y, ok := l.Anchor(g, ""); ok {
				return x, y, true
			}
		}
		i := strings.LastIndex(p, "/")
		if i < 0 {
			break
		}
		p = p[:i]
	}
	return 0, 0, false
}

// groupOf drops the member number from every part of an id:
// "informer/kubectl-w-7/pods" -> "informer/kubectl-w/pods".
func groupOf(id string) string {
	parts := strings.Split(id, "/")
	for i, p := range parts {
		j := len(p)
		for j > 0 && p[j-1] >= '0' && p[j-1] <= '9' {
			j--
		}
		if j < len(p) && j > 1 && p[j-1] == '-' {
			parts[i] = p[:j-1]
		}
	}
	return strings.Join(parts, "/")
}

func (l *CastLayout) put(a *scene.Actor, r, dim Region) {
	if l.byID == nil {
		l.byID = map[string]int{}
	}
	l.byID[a.ID] = len(l.Boxes)
	l.Boxes = append(l.Boxes, ActorBox{ID: a.ID, Kind: a.Kind, Region: r, Dim: dim})
}

// LayoutCast places every actor of c in theme th (whose larger type may
// leave two watchers' names no room side by side). It is a pure function
// of the cast and the theme, so the packets (issue 16) and the tests ask
// it where an actor is.
func LayoutCast(c *scene.Scene, th Theme) CastLayout {
	l := CastLayout{theme: th, APITop: CastAPITop}
	right := float64(StageRight)
	switch {
	case Clientless(c) && c.Callout != nil: // the callout alone, across the band's room
		l.Callout = Region{StageLeft, CastClientsTop, StageRight - StageLeft, CastClientsBot - CastClientsTop}
	case Clientless(c):
		l.APITop = CastClientsTop
	case c.Callout != nil:
		head := bandHead(th)
		l.Callout = Region{CalloutLeft, CastClientsTop + head, StageRight - CalloutLeft - bandPad, CastClientsBot - CastClientsTop - head - 8}
		right = CalloutLeft - bandPad
	}
	layoutClients(&l, c, right)
	layoutReplicas(&l, c)
	layoutEtcd(&l, c)
	return l
}

// Clientless reports whether the cast has nothing for the clients band
// (no informer, client, kubelet, poller or LIST page; the console asks):
// the band is then not drawn (issue 26: a box with nothing of the lesson
// in it is not drawn, its room goes to what the step is about).
func Clientless(c *scene.Scene) bool {
	for _, k := range []scene.Kind{scene.KindInformer, scene.KindClient, scene.KindKubelets, scene.KindPoller, scene.KindPage} {
		if len(c.Of(k)) > 0 {
			return false
		}
	}
	return true
}

// item is one box of a row: its actor, the width it wants and the least
// it can do with.
type item struct {
	a         *scene.Actor
	want, min float64
}

// row lays items left to right in [x0, x1): at their wanted widths when
// they fit, shrunk alike toward their minimums when not, and the ones
// that still do not fit are left out (the caller says how many).
func row(items []item, x0, x1, gap float64) (xs, ws []float64, dropped int) {
	total, least := 0.0, 0.0
	for _, it := range items {
		total += it.want + gap
		least += it.min + gap
	}
	scale := 1.0
	if total > x1-x0 && total > least {
		scale = math.Max(0, (x1-x0-least)/(total-least))
	}
	x := x0
	for _, it := range items {
		w := it.min + (it.want-it.min)*math.Min(1, scale)
		if x+w > x1 {
			dropped++
			continue
		}
		xs, ws = append(xs, x), append(ws, w)
		x += w + gap
	}
	return xs, ws, dropped
}

// layoutClients: informers, other clients, kubelets, pollers, then the
// step's LIST pages two to a column.
func layoutClients(l *CastLayout, c *scene.Scene, right float64) {
	head := bandHead(l.theme)
	top, h := CastClientsTop+head, CastClientsBot-CastClientsTop-head-8
	var items []item
	var pages []*scene.Actor
	for i := range c.Actors {
		a := &c.Actors[i]
		switch a.Kind {
		case scene.KindInformer:
			items = append(items, item{a, 440, 280})
		case scene.KindClient:
			if !hasChild(c, a.ID) {
				items = append(items, item{a, 220, 150})
			}
		case scene.KindKubelets, scene.KindPoller:
			items = append(items, item{a, 240, 170})
		case scene.KindPage:
			pages = append(pages, a)
		}
	}
	if len(pages) > 0 { // one pseudo-item: the pages block
		cols := (len(pages) + 1) / 2
		items = append(items, item{nil, float64(cols)*168 - 8, float64(cols)*120 - 8})
	}
	items = keepFitting(c, items, right-StageLeft-bandPad, 16)
	xs, ws, _ := row(items, StageLeft+bandPad, right, 16)
	for i := range xs {
		r := Region{xs[i], top, ws[i], h}
		if items[i].a == nil {
			layoutPages(l, pages, r)
			continue
		}
		l.put(items[i].a, r, r)
	}
}

// keepFitting drops items until their minimum widths fit in w: first
// what the step does not point at (pages and the callout's receiver
// count as pointed at), from the right.
func keepFitting(c *scene.Scene, items []item, w, gap float64) []item {
	need := func(its []item) float64 {
		t := 0.0
		for _, it := range its {
			t += it.min + gap
		}
		return t
	}
	wanted := func(it item) bool {
		return it.a == nil || c.Focused(it.a.ID) || (c.Callout != nil && c.Callout.Actor == it.a.ID)
	}
	for i, it := range items { // several informers the step points at: narrower, rather than one left out
		if need(items) > w && it.a != nil && it.a.Kind == scene.KindInformer && wanted(it) {
			items[i].min = 200
		}
	}
	for pass := 0; pass < 2 && need(items) > w; pass++ {
		for i := len(items) - 1; i >= 0 && need(items) > w; i-- {
			if pass == 1 || !wanted(items[i]) {
				items = append(items[:i:i], items[i+1:]...)
			}
		}
	}
	return items
}

func layoutPages(l *CastLayout, pages []*scene.Actor, r Region) {
	cols := (len(pages) + 1) / 2
	w := (r.W+8)/float64(cols) - 8
	ph := (r.H - 8) / 2
	for i, p := range pages {
		pr := Region{r.X + float64(i/2)*(w+8), r.Y + float64(i%2)*(ph+8), w, ph}
		l.put(p, pr, pr)
	}
}
