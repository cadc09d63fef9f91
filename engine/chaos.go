package engine

import (
	"fmt"
	"maps"
	"slices"
	"time"

	"watchscope/informer"
)

func mapsKeys[K comparable, V any](m map[K]V) func(func(K) bool) { return maps.Keys(m) }

// ScheduleChaos throws a random fault every 2-10s of virtual time until
// until, drawn from the world's random source (so a seed is a schedule):
// disconnects of a kubelet, the controller manager or a replica; API
// server restarts and OOM kills; etcd compactions; slow consumers; slow
// handlers. Timed faults heal by themselves.
func (w *World) ScheduleChaos(until time.Duration) {
	var next func()
	next = func() {
		if w.now >= until {
			return
		}
		w.chaosFault()
		w.After(w.Uniform(2*time.Second, 10*time.Second), next)
	}
	w.After(w.Uniform(2*time.Second, 10*time.Second), next)
}

// chaosFault throws one random fault.
func (w *World) chaosFault() {
	rng := w.rng
	d := w.Uniform(time.Second, 40*time.Second)
	replica := APIServerNode(rng.IntN(len(w.api.replicas)))
	client := w.randomClient()
	switch rng.IntN(8) {
	case 0, 1:
		_ = w.Disconnect(client, d)
	case 2:
		_ = w.Disconnect(replica, d/2)
	case 3:
		_ = w.RestartAPIServer(replica)
	case 4:
		_ = w.KillAPIServer(replica, ReasonOOMKilled, 10*time.Second)
	case 5:
		_ = w.CompactNow()
	case 6:
		_ = w.SlowConsumer(client, 1+rng.Float64()*20)
		w.After(d, func() { _ = w.SlowConsumer(client, 0) })
	case 7:
		if c, ok := w.clientIndex[client]; ok && len(c.Informers()) > 0 {
			res := c.Informers()[0].Config().Resource
			_ = w.SlowHandler(client, res, time.Duration(1+rng.IntN(100))*time.Millisecond)
			w.After(d, func() { _ = w.SlowHandler(client, res, w.defaultHandlerCost()) })
		}
	}
}

// randomClient picks a client node: the controller manager or kubectl a
// quarter of the time each (they see every pod), otherwise any client.
func (w *World) randomClient() string {
	if len(w.clients) == 0 {
		return EtcdNode
	}
	switch w.rng.IntN(4) {
	case 0:
		if _, ok := w.clientIndex["controller-manager"]; ok {
			return "controller-manager"
		}
	case 1:
		if _, ok := w.clientIndex["kubectl-w-0"]; ok {
			return "kubectl-w-0"
		}
	}
	return w.clients[w.rng.IntN(len(w.clients))].node
}

func (w *World) defaultHandlerCost() time.Duration {
	if w.cluster == nil {
		return 0
	}
	return w.cluster.cfg.HandlerCost
}

// ClearFaults ends every fault now: the network heals, slow consumers
// read at full speed again, handlers get their normal cost back, and a
// replica that was killed without a restart is restarted.
func (w *World) ClearFaults() {
	w.Heal()
	for _, client := range slices.Sorted(maps.Keys(w.api.readRates)) {
		_ = w.SlowConsumer(client, 0)
	}
	for _, c := range w.clients {
		for _, inf := range c.factory.Informers() {
			for id := range inf.Handlers() {
				_ = inf.SetHandlerCost(informer.ListenerID(id+1), w.defaultHandlerCost())
			}
		}
		c.reschedule()
	}
	for i, rep := range w.api.replicas {
		if !rep.srv.Up() && rep.srv.RestartAt() == 1<<63-1 {
			_ = w.RestartAPIServer(fmt.Sprint(i))
		}
	}
}
