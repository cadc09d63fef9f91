package live

import (
	"strings"
	"time"

	"watchscope/engine"
	"watchscope/ui/packets"
	"watchscope/ui/scene"
	"watchscope/ui/view"
)

// Packets on the wires (issue 16): as the replay shows a step's events,
// each puts its messages on the wires between the scene's actors
// (package packets); they travel for a trip of screen time, hundreds on
// one wire join into a stream with a count, and errors stay where they
// landed until the next step. With reduced motion nothing travels: the
// step's key events land at once, as highlights.

// wireEvent is a trace event's typed facts as the packet model reads them.
func wireEvent(e engine.TraceEvent) packets.Event {
	return packets.Event{ID: uint64(e.ID), At: e.At, Node: e.Node, Kind: e.Kind, Code: int(e.Code),
		Req: e.Req, Client: e.Client, Verb: string(e.Verb), Resource: e.Resource, RV: e.RV,
		Items: int(e.Items), Route: e.Route, AskedRV: e.AskedRV, Limit: e.Limit, Reason: e.Reason}
}

// topology is what the packet model needs of the cast.
func topology(c scene.Scene) packets.Topology {
	t := packets.Topology{Etcd: engine.EtcdNode}
	for _, a := range c.Of(scene.KindCache) {
		pc := packets.Cache{ID: a.ID, Replica: a.Replica, Resource: a.Resource, Stalled: a.Stalled}
		for _, w := range c.Of(scene.KindCacheWatcher) {
			if w.Parent == a.ID {
				pc.Watchers = append(pc.Watchers, packets.Watcher{ID: w.ID, Count: max(1, w.Count)})
			}
		}
		t.Caches = append(t.Caches, pc)
	}
	memo := map[string]string{} // a storm's thousands of messages ask for the same few clients
	t.Client = func(name string) string {
		id, ok := memo[name]
		if !ok {
			id = clientActor(c, name)
			memo[name] = id
		}
		return id
	}
	return t
}

// clientActor is the actor a client's messages start from: its own, its
// counted family's (kubectl-w for kubectl-w-129), the kubelets' or the
// pollers' group, else client/<name>.
func clientActor(c scene.Scene, name string) string {
	id := scene.ClientID(name)
	if c.Find(id) != nil {
		return id
	}
	if c.Find(scene.PollerID(name)) != nil {
		return scene.PollerID(name)
	}
	for _, a := range c.Of(scene.KindClient) {
		if a.Count > 1 && strings.HasPrefix(id, a.ID+"-") {
			return a.ID
		}
	}
	switch {
	case role(name) == "kubelet" && c.Find(scene.Kubelets) != nil:
		return scene.Kubelets
	case strings.HasPrefix(name, "poller-") && c.Find(scene.Pollers) != nil:
		return scene.Pollers
	}
	return id
}

// startWires begins a step's packets: the wires are cleared, and the
// model reads the step's events (evs, in trace order).
func (r *replay) startWires(evs []engine.TraceEvent, cast scene.Scene) *packets.Model {
	r.flight.Clear()
	pe := make([]packets.Event, len(evs))
	for i, e := range evs {
		pe[i] = wireEvent(e)
	}
	return packets.NewModel(topology(cast), pe)
}

// launchWires puts the packets of the events shown since the last frame
// on the wires.
func (r *replay) launchWires(now time.Duration) {
	pl := r.play
	for ; pl.launched < pl.p.Shown(); pl.launched++ {
		for _, p := range pl.wires.Packets(wireEvent(pl.evs[pl.launched])) {
			r.flight.Launch(p, now)
		}
	}
}

// landKeys shows a step with reduced motion: its key events' packets
// land at once and stay as highlights until the next step.
func (r *replay) landKeys(evs []engine.TraceEvent, keys []bool, cast scene.Scene) {
	m := r.startWires(evs, cast)
	for i, e := range evs {
		for _, p := range m.Packets(wireEvent(e)) {
			if keys[i] || p.Error {
				r.flight.Land(p)
			}
		}
	}
}

// wireKinds are the stage's glyph kinds of what packets carry.
var wireKinds = [...]view.Kind{packets.Added: view.Added, packets.Modified: view.Modified,
	packets.Deleted: view.Deleted, packets.Bookmark: view.Bookmark}

// wires is the snapshot's packets at animation time now.
func (r *replay) wires(now time.Duration) []view.Wire {
	r.flight.Advance(now)
	var out []view.Wire
	r.flight.Each(now, func(p packets.Packet, progress float64) {
		out = append(out, view.Wire{From: p.From, To: p.To, Label: p.Label, Count: p.Count, Error: p.Error, Progress: progress,
			Event: p.Type != packets.Request, Kind: wireKinds[p.Type], RV: int64(p.RV)})
	})
	return out
}
