package view

import (
	"math"

	"watchscope/ui/scene"
)

// The API server and etcd bands of the cast layout (cast_layout.go has the
// bands, the clients and the types): each replica with its caches, memory,
// APF and snapshots, the dispatcher card in the room the caches leave, and
// etcd with its members.

func hasChild(c *scene.Scene, id string) bool {
	for i := range c.Actors {
		if c.Actors[i].Parent == id {
			return true
		}
	}
	return false
}

// layoutReplicas shares the API band among the replicas (replicaWidths)
// and lays each one's caches out in its share, with memory and APF at its
// right end and the snapshots it holds beside its caches.
func layoutReplicas(l *CastLayout, c *scene.Scene) {
	reps := c.Of(scene.KindAPIServer)
	if len(reps) == 0 {
		return
	}
	const gap = 16.0
	x := float64(StageLeft + bandPad)
	widths, share := replicaWidths(c, reps, StageRight-bandPad-x, gap)
	equal := (StageRight - bandPad - x - gap*float64(len(reps)-1)) / float64(len(reps))
	side := math.Min(180, equal*0.3) // memory and APF: as wide as in equal shares, in every replica
	top, bot := l.APITop+bandHead(l.theme), float64(CastAPIBot-8)
	head := 8 + l.theme.Pitch(18, 28) // below the replica's name (replicaPanel)
	for i, r := range reps {
		pr := Region{x, top, widths[i], bot - top}
		x += widths[i] + gap
		l.put(r, pr, Region{pr.X, pr.Y, pr.W, 32})
		var caches, snaps []*scene.Actor
		for j := range c.Actors {
			a := &c.Actors[j]
			switch {
			case a.Parent == r.ID && a.Kind == scene.KindCache:
				caches = append(caches, a)
			case a.Kind == scene.KindSnapshot && a.Replica == r.ID:
				snaps = append(snaps, a)
			case a.Parent == r.ID && a.Kind == scene.KindMemory:
				mr := Region{pr.X + pr.W - side - 8, pr.Y + head, side, 100}
				l.put(a, mr, mr)
			case a.Parent == r.ID && a.Kind == scene.KindAPF:
				ar := Region{pr.X + pr.W - side - 8, pr.Y + head + 108, side, pr.H - head - 116}
				l.put(a, ar, ar)
			}
		}
		cx0, cx1 := pr.X+8, pr.X+pr.W-side-16
		if len(snaps) > 0 {
			sw := math.Min(150, (cx1-cx0)*0.3)
			if pr.W > share { // the room replicaWidths gave it
				sw = pr.W - share - 8
			}
			// a card of two lines (snapshotCard), taller with the theme's type
			sh := 52 + (l.theme.Pitch(16, 22) - 22) + (LineHeight(l.theme.TextSize(16)) - LineHeight(16))
			for k, sn := range snaps[:min(len(snaps), 3)] {
				sr := Region{cx1 - sw, pr.Y + head + 8 + float64(k)*(sh+8), sw, sh}
				if sr.Y+sr.H > pr.Y+pr.H-8 {
					break
				}
				l.put(sn, sr, sr)
			}
			cx1 -= sw + 8
		}
		layoutCaches(l, c, caches, Region{cx0, pr.Y + head, cx1 - cx0, pr.H - head - 8})
	}
}

// snapshotRoom is the width replicaWidths adds for a replica's snapshot
// column: a card of 100 (room for "snapshot" and "rv 23085" at 16 px)
// and its gap.
const snapshotRoom = 108

// replicaWidths shares width among the replicas, gap apart: equal shares,
// except that when there is more than one, a replica holding a snapshot
// gets snapshotRoom on top, taken from all, so that its caches keep
// columns as wide as the others' and can still be titled ("secrets",
// not a blank). share is the width of a replica without one.
func replicaWidths(c *scene.Scene, reps []*scene.Actor, width, gap float64) (widths []float64, share float64) {
	holds := map[string]bool{}
	if len(reps) > 1 {
		for _, a := range c.Of(scene.KindSnapshot) {
			holds[a.Replica] = true
		}
	}
	share = width - gap*float64(len(reps)-1)
	for _, r := range reps {
		if holds[r.ID] {
			share -= snapshotRoom
		}
	}
	share /= float64(len(reps))
	for _, r := range reps {
		w := share
		if holds[r.ID] {
			w += snapshotRoom
		}
		widths = append(widths, w)
	}
	return widths, share
}

// cacheWide is the widest a cache's column grows: the replica's room is
// shared among its caches rather than left empty right of them (issue
// 26, point 5), so their watchers' names and RVs are not cut.
const cacheWide = 400

// layoutCaches: one column per cache: its watchers on top (toward the
// clients), its ring below.
func layoutCaches(l *CastLayout, c *scene.Scene, caches []*scene.Actor, r Region) {
	caches = nameable(l.theme, c, caches, r.W)
	if len(caches) == 0 {
		return
	}
	w := math.Min(cacheWide, r.W/float64(len(caches))) // the room right of them goes to their words
	for _, ca := range caches {
		if ca.Dispatch != nil { // ... unless a dispatcher's card needs it
			w = math.Min(240, w)
		}
	}
	dispatcherCard(l, caches, Region{r.X + w*float64(len(caches)), r.Y, r.W - w*float64(len(caches)), r.H})
	ph := pillH(l.theme)
	for i, ca := range caches {
		cr := Region{r.X + float64(i)*w, r.Y, w - 8, r.H}
		l.put(ca, Region{cr.X, cr.Y + ph + 4, cr.W, cr.H - ph - 4}, Region{cr.X, cr.Y + ph + 4, cr.W, cr.H - ph - 4})
		var ws []*scene.Actor
		for j := range c.Actors {
			if a := &c.Actors[j]; a.Parent == ca.ID && a.Kind == scene.KindCacheWatcher {
				ws = append(ws, a)
			}
		}
		n := len(ws)
		half := (cr.W - 8) / 2
		if n == 2 && Measure(Prose, l.theme.TextSize(16), ws[0].Label) <= half-16 && Measure(Prose, l.theme.TextSize(16), ws[1].Label) <= half-16 {
			for k, wa := range ws {
				wr := Region{cr.X + float64(k)*(half+8), cr.Y, half, ph}
				l.put(wa, wr, wr)
			}
			continue
		}
		// One pill across the column: a lone watcher, or the cache's
		// watchers together ("×5") when their names do not fit side by
		// side. The others share its box, so wires and packets reach them.
		wr := Region{cr.X, cr.Y, cr.W, ph}
		for k, wa := range ws {
			l.put(wa, wr, wr)
			b := &l.Boxes[len(l.Boxes)-1]
			b.Pill = n
			if k > 0 {
				b.Pill = -1
			}
		}
	}
}

// nameable keeps, in a theme that leaves detail out, only as many of a
// replica's caches as have columns wide enough for their resource's name
// in the theme's type: the ones the step points at (the cache, a watcher
// of it, the callout's receiver) first, then in order. The others are not
// drawn: the projector shows fewer caches, each one named, rather than a
// row of rings nobody can tell apart.
func nameable(th Theme, c *scene.Scene, caches []*scene.Actor, w float64) []*scene.Actor {
	if th.Detail || len(caches) < 2 {
		return caches
	}
	need := 0.0
	for _, ca := range caches {
		need = math.Max(need, Measure(ProseBold, th.TextSize(18), ca.Resource)+20)
	}
	n := max(1, int(w/need))
	if n >= len(caches) {
		return caches
	}
	pointed := func(ca *scene.Actor) bool {
		for i := range c.Actors {
			a := &c.Actors[i]
			if (a == ca || a.Parent == ca.ID) && (c.Focused(a.ID) || c.Callout != nil && c.Callout.Actor == a.ID) {
				return true
			}
		}
		return false
	}
	return keepFirst(caches, n, pointed)
}

// keepFirst keeps n of as in their order: the wanted ones first, then
// the first of the rest.
func keepFirst(as []*scene.Actor, n int, wanted func(*scene.Actor) bool) []*scene.Actor {
	keep := map[string]bool{}
	for pass := 0; pass < 2; pass++ {
		for _, a := range as {
			if len(keep) < n && (pass == 1 || wanted(a)) {
				keep[a.ID] = true
			}
		}
	}
	var out []*scene.Actor
	for _, a := range as {
		if keep[a.ID] {
			out = append(out, a)
		}
	}
	return out
}

// pillH is the height of a cache watcher's pill: the dark theme's 30, and
// what the theme's larger type adds to its name's line (watcherPill).
func pillH(th Theme) float64 { return 30 + (LineHeight(th.TextSize(16)) - LineHeight(16)) }

// dispatcherCard puts the card of the first of caches whose dispatcher
// the step points at in free, the room right of the caches, when it is
// wide enough for the card's words and numbers.
func dispatcherCard(l *CastLayout, caches []*scene.Actor, free Region) {
	const minW, maxW = 340.0, 440.0
	if free.W-8 < minW {
		return
	}
	for _, ca := range caches {
		if ca.Dispatch != nil {
			w := math.Min(maxW, free.W-8) // at the room's right end: the callout's wire to the ring passes above it
			l.Dispatchers = append(l.Dispatchers, ActorBox{ID: ca.ID, Kind: ca.Kind,
				Region: Region{free.X + free.W - 8 - w, free.Y, w, free.H}})
			return
		}
	}
}

// layoutEtcd: the member on the left, its watches to the right, each
// cache's own watch under its cache where there is room.
func layoutEtcd(l *CastLayout, c *scene.Scene) {
	head := bandHead(l.theme)
	top, h := CastEtcdTop+head, CastEtcdBot-CastEtcdTop-head-8
	x := float64(StageLeft + bandPad)
	for _, e := range c.Of(scene.KindEtcd) {
		r := Region{x, top, 300, h}
		l.put(e, r, r)
		x += 300 + 24
	}
	ws := c.Of(scene.KindEtcdWatch)
	const gap = 12.0
	avail := StageRight - bandPad - x
	pw := math.Max(120, math.Min(200, avail/math.Max(1, float64(len(ws)))-gap))
	aligned := float64(len(ws))*(pw+gap) < avail/2 // room to stand each under its cache
	for _, w := range ws {
		want := x
		if cb, ok := l.Box(w.Source); ok && w.Source != "" && aligned {
			want = math.Max(x, cb.X+cb.W/2-pw/2)
		}
		if want+pw > StageRight-bandPad {
			want = x
		}
		if want+pw > StageRight-bandPad {
			break
		}
		r := Region{want, top + 12, pw, h - 24}
		l.put(w, r, r)
		x = want + pw + gap
	}
}
