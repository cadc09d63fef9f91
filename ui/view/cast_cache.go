package view

import (
	"math"
	"strings"

	"watchscope/ui/scene"
)

// ringMaxR is the largest radius a cache's ring grows to when its box
// has the room (a world without clients gives the API servers the
// clients band's height too).
const ringMaxR = 110

// cacheRing is a watch cache: its resource, the ring of slots filled
// from the oldest event to the newest, and the RVs at the ring's ends.
func cacheRing(sc *Scene, a *scene.Actor, r Region) {
	ring := a.Ring
	sc.rect(Rect{X: r.X, Y: r.Y, W: r.W, H: r.H, Radius: 10, Fill: sc.Theme.PanelHi})
	sc.fit(r.X+r.W/2, r.Y+4, a.Resource, ProseBold, 18, Center, sc.Theme.Ink, r.W-12)
	rowH := sc.Theme.rowH(16)
	top := 4 + sc.Theme.Pitch(18, 36)       // the ring's top, below the resource
	radius := func(lines float64) float64 { // oldest, newest (and the fill when it does not fit inside)
		return math.Max(12, math.Min(math.Min(ringMaxR, (r.W-24)/2), (r.H-top-12-lines*rowH-8)/2))
	}
	lines := 3.0 // oldest, newest, objects
	if !sc.Theme.Detail {
		lines = 1 // the projector: the ring and where its window starts, larger
	}
	state := cacheState(a)
	if state != "" {
		lines++ // the state under them
	}
	rad := radius(lines)
	countOutside := false // the ring's count does not fit inside it
	if ring != nil && Measure(Mono, sc.Theme.TextSize(16), thousands(int64(ring.Len))+"/"+thousands(int64(ring.Capacity))) > 1.6*rad-12 {
		countOutside = true
		lines++
		rad = radius(lines)
	}
	cx, cy := r.X+r.W/2, r.Y+top+rad
	sc.arc(Arc{CX: cx, CY: cy, R: rad, From: 0, To: 2 * math.Pi, Width: 10, Color: sc.Theme.Rule})
	if ring == nil {
		return
	}
	fill := 0.0
	if ring.Capacity > 0 {
		fill = float64(ring.Len) / float64(ring.Capacity)
	}
	if fill > 0 {
		from := ringAngle(ring.Start, ring.Capacity)
		sc.arc(Arc{CX: cx, CY: cy, R: rad, From: from, To: from + 2*math.Pi*fill, Width: 10, Color: SkyBlue})
		end := from + 2*math.Pi*fill // the newest slot's end
		sc.mark(Mark{X: cx + rad*math.Cos(end), Y: cy + rad*math.Sin(end), R: 7, Shape: Circle, Color: sc.Theme.Ink})
	}
	behind(sc, ring, cx, cy, rad)
	start := ringAngle(ring.Start, ring.Capacity) // the oldest event's slot
	sc.mark(Mark{X: cx + rad*math.Cos(start), Y: cy + rad*math.Sin(start), R: 7, Shape: Diamond, Color: sc.Theme.Yellow})
	inside := thousands(int64(ring.Len)) + "/" + thousands(int64(ring.Capacity))
	st := sc.stack(cx, cy+rad+12, r.Y+r.H-2, Center) // rows that do not fit are left out, the last first
	if !countOutside {
		sc.label(cx, cy-LineHeight(sc.Theme.TextSize(16))/2, inside, Mono, 16, Center, sc.Theme.Ink)
	} else {
		st.add(sc.Theme.fitAny(Mono, 16, r.W-12, inside+" slots", inside, thousands(int64(ring.Len))), Mono, 16, sc.Theme.Ink)
	}
	oldest, newest := itoa(int(ring.OldestRV)), itoa(int(ring.RV))
	st.add(sc.Theme.fitAny(Mono, 16, r.W-12, "oldest "+oldest, oldest), Mono, 16, sc.Theme.Yellow)
	if state != "" { // a cache not serving says so before its newest RV and size
		st.add(sc.Theme.fitAny(ProseBold, 16, r.W-12, state, strings.Fields(state)[0]), ProseBold, 16, Orange)
	}
	if !sc.Theme.Detail {
		return
	}
	st.add(sc.Theme.fitAny(Mono, 16, r.W-12, "newest "+newest, newest), Mono, 16, sc.Theme.Muted)
	objs := thousands(int64(ring.Objects))
	st.add(sc.Theme.fitAny(Prose, 16, r.W-12, objs+" objects", objs+" obj", objs), Prose, 16, sc.Theme.Caption)
}

// cacheState is what a cache that is not simply serving says under its
// ring: "Pending (429s)" while it (re)initializes, "not reading etcd"
// while its etcd watch is stalled; "" when Ready and reading.
func cacheState(a *scene.Actor) string {
	switch {
	case a.Ready == "Pending":
		return "Pending (429s)"
	case a.Ready == "Stopped":
		return "Stopped"
	case a.Stalled:
		return "not reading etcd"
	}
	return ""
}

// behind draws each watcher that has fallen behind where it stands on
// the ring: an orange arc outside the ring from the event it reads next
// to the newest, the events it still owes. A watcher that stalls drifts
// back along the ring as the ring fills, until it is dropped.
func behind(sc *Scene, ring *scene.Ring, cx, cy, rad float64) {
	if ring.Capacity <= 0 {
		return
	}
	end := ringAngle(ring.Start, ring.Capacity) + 2*math.Pi*float64(ring.Len)/float64(ring.Capacity)
	for _, n := range ring.Behind {
		from := end - 2*math.Pi*float64(min(n, ring.Capacity))/float64(ring.Capacity)
		sc.arc(Arc{CX: cx, CY: cy, R: rad + 10, From: from, To: end, Width: 4, Color: Orange})
		sc.mark(Mark{X: cx + (rad+10)*math.Cos(from), Y: cy + (rad+10)*math.Sin(from), R: 5, Shape: Circle, Color: Orange})
	}
}

// ringAngle is the angle of slot i on the ring: slot 0 at 12 o'clock,
// indices growing clockwise.
func ringAngle(i, capacity int) float64 {
	if capacity <= 0 {
		return -math.Pi / 2
	}
	return -math.Pi/2 + 2*math.Pi*float64(i%capacity)/float64(capacity)
}
