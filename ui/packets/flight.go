package packets

import "time"

// Timings of a packet on the screen's clock (animation time, not
// simulated time: a packet takes as long to watch at any pace).
const (
	// Trip is how long a packet takes from one actor to the next.
	Trip = 600 * time.Millisecond
	// StreamGap: a packet launched on a wire within StreamGap of the
	// previous one joins it, and the two travel as one stream whose count
	// says how many (a storm draws a few thick streams, not a pile).
	StreamGap = 150 * time.Millisecond
	// MaxInFlight bounds what a frame draws; the oldest go first.
	MaxInFlight = 256
)

// Flight is the packets on the wires now: launched as their events are
// shown, travelling for Trip, then gone, except errors, which stay where
// they landed until Clear (the next step).
type Flight struct {
	list   []flying
	landed []Packet
	open   map[wire]int // the stream each wire carries, by index in list (joinable within StreamGap)
}

// wire is a stream's key: its ends, and whether it carries errors.
type wire struct {
	from, to string
	err      bool
}

type flying struct {
	p     Packet
	start time.Duration
}

// Launch puts p on its wire at now, or adds it to the stream on that
// wire when one left within StreamGap.
func (f *Flight) Launch(p Packet, now time.Duration) {
	key := wire{p.From, p.To, p.Error}
	if i, ok := f.open[key]; ok && now-f.list[i].start < StreamGap {
		k := &f.list[i]
		k.p.Count += p.Count
		k.p.Label, k.p.Event, k.p.Type, k.p.RV = p.Label, p.Event, p.Type, p.RV
		return
	}
	if len(f.list) == MaxInFlight {
		f.list = append(f.list[:0], f.list[1:]...)
		f.reindex()
	}
	f.list = append(f.list, flying{p: p, start: now})
	if f.open == nil {
		f.open = map[wire]int{}
	}
	f.open[key] = len(f.list) - 1
}

// Land puts p where it arrives at once, to stay until Clear: with reduced
// motion a packet is a highlight at its destination, not a trip.
func (f *Flight) Land(p Packet) { f.landed = append(f.landed, p) }

// reindex rebuilds the open streams after the list moved.
func (f *Flight) reindex() {
	clear(f.open)
	for i, k := range f.list {
		if f.open != nil {
			f.open[wire{k.p.From, k.p.To, k.p.Error}] = i
		}
	}
}

// Advance drops the packets that arrived by now; errors land and stay.
func (f *Flight) Advance(now time.Duration) {
	keep := f.list[:0]
	for _, k := range f.list {
		switch {
		case now-k.start < Trip:
			keep = append(keep, k)
		case k.p.Error:
			f.landed = append(f.landed, k.p)
		}
	}
	f.list = keep
	f.reindex()
}

// Clear takes every packet off the wires (a new step, a rewind).
func (f *Flight) Clear() { f.list, f.landed = f.list[:0], nil; clear(f.open) }

// Busy reports whether a packet is still travelling.
func (f *Flight) Busy() bool { return len(f.list) > 0 }

// Each calls fn for every packet on the wires at now with how far it has
// come (0 just left, 1 arrived): landed errors first, at 1.
func (f *Flight) Each(now time.Duration, fn func(p Packet, progress float64)) {
	for _, p := range f.landed {
		fn(p, 1)
	}
	for _, k := range f.list {
		fn(k.p, min(1, max(0, float64(now-k.start)/float64(Trip))))
	}
}

// List is every packet on the wires, for state().scene.packets.
func (f *Flight) List() []Packet {
	out := make([]Packet, 0, len(f.landed)+len(f.list))
	out = append(out, f.landed...)
	for _, k := range f.list {
		out = append(out, k.p)
	}
	return out
}
