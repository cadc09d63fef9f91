package view

import (
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
	if s.Kubelets > 0 {
		dest++
	}
	started := 0
	for _, r := range s.Records {
		if r.Main <= p.lastRev || r.Sub > 0 || started == perObserve {
			continue
		}
		for c := 0; c < dest; c++ {
			to := c
			if c == dest-1 && s.Kubelets > 0 {
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
