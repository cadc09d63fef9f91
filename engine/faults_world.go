package engine

import (
	"errors"
	"fmt"
	"slices"
	"strings"
	"time"

	"watchscope/apiserver"
	"watchscope/informer"
)

// Fault errors.
var (
	ErrNoSuchReplica = errors.New("engine: no such API server replica")
	ErrNoSuchClient  = errors.New("engine: no such client")
	ErrBadRate       = errors.New("engine: a rate must be positive")
)

// The faults a learner (or a scenario, or the chaos test) throws at the
// world. Each is recorded in the trace so that what follows links back to
// it. Network faults are on w.Net (Disconnect, Partition, Heal); these
// are the process faults, and thin wrappers that keep the console's verbs
// in one place.

// Disconnect cuts node off the network for d (d <= 0: until Heal).
func (w *World) Disconnect(node string, d time.Duration) error {
	w.faultCount++
	return w.Net.Disconnect(node, d)
}

// Partition separates groups a and b for d (d <= 0: until Heal).
func (w *World) Partition(a, b []string, d time.Duration) error {
	w.faultCount++
	return w.Net.Partition(a, b, d)
}

// recordFault counts a fault and records it in the trace as FAULT.
func (w *World) recordFault(node, detail string) EventID {
	w.faultCount++
	return w.Record(node, KindFault, detail)
}

// FaultCount is the number of faults thrown so far.
func (w *World) FaultCount() int { return w.faultCount }

// Heal ends every network fault now.
func (w *World) Heal() { w.Net.Heal() }

// replicaIndex parses "apiserver-N" (or "N").
func (w *World) replicaIndex(name string) (int, error) {
	s := strings.TrimPrefix(name, "apiserver-")
	var i int
	if _, err := fmt.Sscanf(s, "%d", &i); err != nil || fmt.Sprint(i) != s || i < 0 || i >= len(w.api.replicas) {
		return 0, fmt.Errorf("%w: %q", ErrNoSuchReplica, name)
	}
	return i, nil
}

// RestartAPIServer restarts replica name ("apiserver-0") now: every
// request in flight and every watch on it ends with a reset connection,
// and after its startup delay it re-initializes its caches from etcd
// (429 "storage is (re)initializing" meanwhile, then 410 for watchers
// whose RV is older than the new cache's).
func (w *World) RestartAPIServer(name string) error {
	i, err := w.replicaIndex(name)
	if err != nil {
		return err
	}
	rep := w.api.replicas[i]
	w.recordFault(rep.node, "restart "+rep.node)
	rep.srv.Restart(w.now)
	rep.deliver()
	return nil
}

// RunCompactor runs replica name's etcd compactor round now (the 5-minute
// compact_rev_key CAS, and a compaction to the revision it saw a round
// ago) and returns what the round did.
func (w *World) RunCompactor(name string) ([]string, error) {
	i, err := w.replicaIndex(name)
	if err != nil {
		return nil, err
	}
	rep := w.api.replicas[i]
	lines, err := rep.srv.CompactNow(w.now)
	rep.deliver()
	return lines, err
}

// KillAPIServer kills replica name with reason ("OOMKilled") and lets the
// kubelet restart it after restartAfter (<= 0: it stays down until
// RestartAPIServer).
func (w *World) KillAPIServer(name, reason string, restartAfter time.Duration) error {
	i, err := w.replicaIndex(name)
	if err != nil {
		return err
	}
	rep := w.api.replicas[i]
	w.faultCount++
	id := w.RecordEvent(TraceEvent{Cause: w.cause, Node: rep.node, Kind: KindFault,
		Detail: fmt.Sprintf("kill %s (%s)", rep.node, reason), Reason: reason})
	rep.srv.Kill(w.now, reason)
	rep.deliver()
	if restartAfter > 0 {
		w.Schedule(w.now+restartAfter, id, func() {
			if !rep.srv.Up() {
				rep.srv.Restart(w.now)
				rep.deliver()
			}
		})
	}
	return nil
}

// CompactNow compacts etcd at its current revision, as if the API
// server's compactor had run with no lag: every etcd watch or LIST asking
// for an older revision now fails. The caches' own etcd watches are ahead
// and unaffected; their windows still decide which client watches get 410.
func (w *World) CompactNow() error {
	rev := w.Etcd.Rev()
	id := w.recordFault(EtcdNode, fmt.Sprintf("compact etcd at revision %d", rev))
	if _, err := w.Etcd.Compact(rev); err != nil {
		return err
	}
	for _, rep := range w.api.replicas {
		rep.compactCause = id
	}
	return nil
}

// SlowConsumer makes client read each of its watches at eventsPerSec
// (its open watches from now on and every later one); <= 0 restores full
// speed for new watches. A reader slower than the event rate fills its
// cacheWatcher's buffers until the dispatcher terminates it.
func (w *World) SlowConsumer(client string, eventsPerSec float64) error {
	if _, ok := w.clientIndex[client]; !ok && w.Net.nodes[client] == nil {
		return fmt.Errorf("%w: %q", ErrNoSuchClient, client)
	}
	if eventsPerSec <= 0 {
		if _, ok := w.api.readRates[client]; !ok {
			return nil
		}
		delete(w.api.readRates, client)
		w.Record(client, KindHeal, "slow consumer off: reads at full speed")
		w.eachWatchOf(client, func(rep *apiReplica, st *apiserver.Stream, h *WatchHandle) {
			h.reader.stop()
			h.reader = nil
			rep.drain(st)
		})
		return nil
	}
	w.api.readRates[client] = eventsPerSec
	w.recordFault(client, fmt.Sprintf("slow consumer: reads %g events/s", eventsPerSec))
	w.eachWatchOf(client, func(rep *apiReplica, _ *apiserver.Stream, h *WatchHandle) {
		h.reader.stop()
		h.reader = newSlowReader(rep, h, eventsPerSec)
		h.reader.kick()
	})
	return nil
}

// eachWatchOf calls f for every open watch of client, in replica and
// stream order.
func (w *World) eachWatchOf(client string, f func(*apiReplica, *apiserver.Stream, *WatchHandle)) {
	for _, rep := range w.api.replicas {
		for _, st := range slices.Clone(rep.srv.Streams()) {
			if h, ok := rep.watches[st]; ok && h.conn.Local() == client {
				f(rep, st, h)
			}
		}
	}
}

// SlowHandler sets the cost of every event handler of client's informer
// for resource: each notification keeps the handler busy for cost. The
// backlog grows in the listener's ring; the watch is not slowed.
func (w *World) SlowHandler(client, resource string, cost time.Duration) error {
	c, ok := w.clientIndex[client]
	if !ok {
		return fmt.Errorf("%w: %q", ErrNoSuchClient, client)
	}
	inf := c.informerFor(resource)
	if inf == nil {
		return fmt.Errorf("engine: client %s has no %s informer", client, resource)
	}
	w.recordFault(client, fmt.Sprintf("slow handler: %s notifications cost %v", resource, cost))
	for id := range inf.Handlers() {
		if err := inf.SetHandlerCost(informer.ListenerID(id+1), cost); err != nil {
			return err
		}
	}
	c.reschedule()
	return nil
}

func (c *Client) informerFor(resource string) *informer.SharedIndexInformer {
	for _, inf := range c.factory.Informers() {
		if inf.Stats().Resource == resource {
			return inf
		}
	}
	return nil
}
