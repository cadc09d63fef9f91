package engine

import (
	"fmt"
	"time"
)

// SetEtcdWatchLatency makes etcd's watch responses reach every API
// server's caches d late from now on (0 ends the fault): a loaded etcd or
// a slow link between etcd and the API servers. Writes and quorum reads
// are not delayed, so for up to d the caches are behind etcd. It lands in
// the trace as a FAULT on etcd (a HEAL when d is 0), so a stale read's
// "why?" chain can start there.
func (w *World) SetEtcdWatchLatency(d time.Duration) error {
	if d < 0 {
		return fmt.Errorf("engine: a latency must not be negative: %v", d)
	}
	if len(w.APIServers) == 0 {
		return ErrNoSuchReplica
	}
	if d == 0 {
		w.Record(EtcdNode, KindHeal, "etcd watch responses reach the API servers' caches at once")
	} else {
		w.recordFault(EtcdNode, fmt.Sprintf("etcd watch responses reach the API servers' caches %v late", d))
	}
	for _, srv := range w.APIServers {
		srv.SetEtcdWatchLatency(d)
	}
	return nil
}

// SetReplicaEtcdWatchLatency delays etcd's watch responses to one
// replica's caches only: that replica falls behind its peers (a slow link,
// a busy process), which is how two API servers come to answer from
// different points in the past.
func (w *World) SetReplicaEtcdWatchLatency(name string, d time.Duration) error {
	if d < 0 {
		return fmt.Errorf("engine: a latency must not be negative: %v", d)
	}
	i, err := w.replicaIndex(name)
	if err != nil {
		return err
	}
	rep := w.api.replicas[i]
	if d == 0 {
		w.Record(rep.node, KindHeal, "etcd watch responses reach "+rep.node+"'s caches at once")
	} else {
		w.recordFault(rep.node, fmt.Sprintf("etcd watch responses reach %s's caches %v late", rep.node, d))
	}
	rep.srv.SetEtcdWatchLatency(d)
	return nil
}

// EtcdWatchLatency is the latency SetEtcdWatchLatency set (0: none).
func (w *World) EtcdWatchLatency() time.Duration {
	if len(w.APIServers) == 0 {
		return 0
	}
	return w.APIServers[0].EtcdWatchLatency()
}

// StallEtcdWatches stops replica name's caches from reading their etcd
// watches for d (d <= 0 ends a stall): the process is starved, etcd's
// queue for it fills and etcd holds its watches back as slow. Recorded as
// a FAULT on the replica, and the end as a HEAL when the stall lifts.
func (w *World) StallEtcdWatches(name string, d time.Duration) error {
	i, err := w.replicaIndex(name)
	if err != nil {
		return err
	}
	rep := w.api.replicas[i]
	if d <= 0 {
		w.Record(rep.node, KindHeal, rep.node+" reads its caches' etcd watches again")
		rep.srv.StallEtcdWatches(w.now, 0)
		return nil
	}
	id := w.recordFault(rep.node, fmt.Sprintf("%s stops reading its caches' etcd watches for %v", rep.node, d))
	rep.srv.StallEtcdWatches(w.now, d)
	w.Schedule(w.now+d, id, func() {
		w.Record(rep.node, KindHeal, rep.node+" reads its caches' etcd watches again")
	})
	return nil
}
