package view

import (
	"math"
	"time"
)

// Packets are events travelling the path the real bytes take:
//
//	etcd tape --watch--> watch cache ring --> broadcaster --> each informer
//	(the revision)       (one etcd watch      (fan-out)       (Reflector)
//	                      per resource)
//
// A 410 leaves the broadcaster as an orange triangle and bursts at the
// client; a relist is a flood of LIST squares from the clients to the API
// server and on to etcd. Packets are data (kind, route, start time), so a
// frame at any animation time is a pure function of them.
type Packet struct {
	Kind   Kind
	Shape  Shape
	Route  Route
	Client int // destination row for routes that end at a client
	Rev    int64
	Start  time.Duration
}

// Route is the path a packet takes.
type Route int

const (
	RouteWatch  Route = iota // etcd -> ring -> broadcaster -> client
	RouteGone                // broadcaster -> client, bursting
	RouteRelist              // client -> ring -> etcd
)

// Timings of a packet's journey at 1x.
const (
	PacketDur   = 1100 * time.Millisecond
	maxPackets  = 96
	perObserve  = 4 // new packets started per tick at most: a busy cluster samples
	burstRadius = 22
)

// packetSet tracks what has already been sent, so each revision and each
// trace event starts its packet once.
type packetSet struct {
	list     []Packet
	lastRev  int64
	lastEvID uint64
}

// observe starts packets for new revisions and new trace events.
func (p *packetSet) observe(s Snapshot, now time.Duration) {
	if p.lastRev == 0 && p.lastEvID == 0 {
		p.lastRev = s.Rev
		if n := len(s.Trace); n > 0 {
			p.lastEvID = s.Trace[n-1].ID
		}
		return
	}
	dest := max(1, min(len(s.Clients), MaxClientRows))
	if len(s.Kubelets) > 0 {
		dest++
	}
	started := 0
	for _, r := range s.Records {
		if r.Main <= p.lastRev || r.Sub > 0 || started == perObserve {
			continue
		}
		for c := 0; c < dest; c++ {
			to := c
			if c == dest-1 && len(s.Kubelets) > 0 {
				to = MaxClientRows
			}
			p.add(Packet{Kind: r.Kind(), Shape: r.Kind().Shape(), Route: RouteWatch, Client: to, Rev: r.Main, Start: now + time.Duration(c)*40*time.Millisecond})
		}
		started++
	}
	p.lastRev = max(p.lastRev, s.Rev)
	for _, ev := range s.Trace {
		if ev.ID <= p.lastEvID {
			continue
		}
		p.lastEvID = ev.ID
		row := clientRow0(s, ev.Node)
		switch ev.Mark {
		case MarkGone:
			p.add(Packet{Kind: Error, Shape: Triangle, Route: RouteGone, Client: row, Start: now})
		case MarkRelist, MarkList:
			p.add(Packet{Kind: Added, Shape: Square, Route: RouteRelist, Client: row, Start: now})
		case MarkBookmark:
			p.add(Packet{Kind: Bookmark, Shape: Flag, Route: RouteGone, Client: row, Start: now})
		}
	}
}

// clientRow0 is the row of the client named node, or the kubelet grid.
func clientRow0(s Snapshot, node string) int {
	for i, c := range s.Clients {
		if i < MaxClientRows && c.Name == node {
			return i
		}
	}
	return MaxClientRows
}

func (p *packetSet) add(k Packet) {
	if len(p.list) >= maxPackets {
		p.list = p.list[1:]
	}
	p.list = append(p.list, k)
}

// prune forgets packets that have arrived.
func (p *packetSet) prune(now time.Duration) {
	keep := p.list[:0]
	for _, k := range p.list {
		if now < k.Start+PacketDur {
			keep = append(keep, k)
		}
	}
	p.list = keep
}

// busy reports whether a packet is still travelling.
func (p *packetSet) busy(now time.Duration) bool {
	for _, k := range p.list {
		if now < k.Start+PacketDur {
			return true
		}
	}
	return false
}

type pt struct{ x, y float64 }

// path is the polyline a packet follows on the stage.
func (k Packet) path(m *Motion, now time.Duration) []pt {
	cx, cy := ClientAnchor(k.Client)
	ring := pt{RingCX, RingCY + RingR + 4}
	fan := pt{FanX, FanY}
	switch k.Route {
	case RouteGone:
		return []pt{fan, {cx, cy}}
	case RouteRelist:
		return []pt{{cx, cy}, {RingCX + RingR, RingCY - RingR/2}, {RingCX + RingR, ETapeTop}}
	}
	// A revision the sliding tape has not brought into view yet starts
	// at the tape's newest edge, never out over the charts.
	x := min(max(RevX(m, now, k.Rev), ETapeLeft), ETapeRight-EPitch/2)
	return []pt{{x, ETapeTop}, ring, fan, {cx, cy}}
}

// at is where packet k is at time now along its path, eased per leg.
func (k Packet) at(m *Motion, now time.Duration) (pt, float64, bool) {
	t := float64(now-k.Start) / float64(PacketDur)
	if t < 0 || t >= 1 {
		return pt{}, 0, false
	}
	ps := k.path(m, now)
	legs := float64(len(ps) - 1)
	i := min(int(t*legs), len(ps)-2)
	f := InOutCubic(t*legs - float64(i))
	a, b := ps[i], ps[i+1]
	return pt{a.x + (b.x-a.x)*f, a.y + (b.y-a.y)*f}, t, true
}

// packets draws every travelling packet; with reduced motion it draws
// the packet only at its destination, as a fading highlight.
func packets(sc *Scene, s Snapshot, m *Motion, now time.Duration) {
	for _, k := range m.packets.list {
		c := k.Kind.Color()
		if k.Route == RouteRelist {
			c = Blue
		}
		if s.UI.Reduced {
			t := float64(now-k.Start) / float64(PacketDur)
			if t < 0 || t >= 1 {
				continue
			}
			ps := k.path(m, now)
			end := ps[len(ps)-1]
			sc.mark(Mark{X: end.x, Y: end.y, R: 12, Shape: k.Shape, Color: Fade(c, 1-t)})
			continue
		}
		p, t, ok := k.at(m, now)
		if !ok {
			continue
		}
		sc.mark(Mark{X: p.x, Y: p.y, R: 9, Shape: k.Shape, Color: c})
		if k.Route == RouteGone && k.Kind == Error && t > 0.8 {
			burst(sc, p, (t-0.8)/0.2, c)
		}
	}
}

// burst is a ring of short rays around a 410's arrival.
func burst(sc *Scene, p pt, f float64, c colorRGBA) {
	r0, r1 := 10+burstRadius*f, 16+burstRadius*f
	for i := 0; i < 8; i++ {
		a := float64(i) * math.Pi / 4
		sc.line(Line{X0: p.x + r0*math.Cos(a), Y0: p.y + r0*math.Sin(a), X1: p.x + r1*math.Cos(a), Y1: p.y + r1*math.Sin(a), Width: 3, Color: Fade(c, 1-f)})
	}
}
