package engine

import (
	"errors"
	"math/rand/v2"
	"time"

	"watchscope/apiserver"
	"watchscope/mvcc"
)

// EtcdNode is the network name of the simulated etcd member.
const EtcdNode = "etcd-0"

// World is one simulated cluster: a virtual clock, the event queue, the
// random source, the network, the trace, the metrics and the command log,
// plus the components that live in it. It is a pure state machine: it
// moves only when a caller runs events (Step, RunUntil, RunFor) or
// executes a command (Exec), and nothing in it reads the wall clock.
//
// Later layers add their components as fields next to Etcd and wire them
// up in attachComponents; anything they build from cfg and the world's
// random source replays exactly under Restore.
type World struct {
	cfg      Config // as given by the caller, for Restore and Fork
	withEtcd bool   // false only in engine tests that run before mvcc exists

	now     time.Duration
	sched   Scheduler
	rng     *rand.Rand
	cause   EventID // cause of whatever the running event or command does
	tickers []*tickerEntry
	// wakesFresh is set by runUntil just before a Step when the tickers'
	// NextWake answers (tickerEntry.next) were taken after the last thing
	// that ran; advanceTickers uses and clears it.
	wakesFresh bool
	// tail is the NextWake answer an event took as its last act; the
	// syncWakes after it uses and clears it.
	tail tailWake
	// text holds short texts: trace request/answer lines, lease renewal
	// times (textarena.go).
	text    textArena
	changes uint64 // events run + commands executed, for Snapshot.Seq

	log     []LoggedCommand
	inExec  bool
	horizon time.Duration // during replay, the clock never passes it
	replay  bool

	Net     *Network
	Trace   *Trace
	Metrics *Metrics

	// Etcd is the simulated etcd member on node EtcdNode.
	Etcd *mvcc.Server

	// APIServers are the kube-apiserver replicas on nodes "apiserver-0",
	// "apiserver-1", ... (Config.APIServers.Replicas of them).
	APIServers []*apiserver.Server
	api        *apiClients

	// clients are the client-go processes (kubelets, controllers,
	// kubectl), in the order they were added.
	clients     []*Client
	clientIndex map[string]*Client
	knobs       clientKnobs // the sandbox's client knobs (client_knobs.go)
	cluster     *Cluster
	faultCount  int
	checker     *StreamChecker
}

// NewWorld builds a world at virtual time zero from cfg.
func NewWorld(cfg Config) (*World, error) { return build(cfg, true) }

// build is NewWorld with etcd optional: engine tests build worlds without
// an etcd member (helpers_test.go).
func build(cfg Config, withEtcd bool) (*World, error) {
	full, err := cfg.withDefaults()
	if err != nil {
		return nil, err
	}
	w := &World{
		cfg:      cfg,
		withEtcd: withEtcd,
		rng:      NewRand(full.Seed),
		Trace:    NewTrace(full.TraceWindow),
		Metrics:  NewMetrics(full.SampleInterval, full.SeriesCapacity),

		clientIndex: map[string]*Client{},
	}
	w.Net = newNetwork(w, full.Link)
	if err := w.attachComponents(full); err != nil {
		return nil, err
	}
	return w, nil
}

// attachComponents creates the simulated processes and puts them on the
// network. The order is part of the world's definition: changing it
// changes which random numbers each component draws.
func (w *World) attachComponents(cfg Config) error {
	if !w.withEtcd {
		return nil
	}
	etcdCfg := cfg.Etcd
	etcdCfg.Rand = w.rng
	srv, err := mvcc.NewServer(etcdCfg)
	if err != nil {
		return err
	}
	w.Etcd = srv
	w.Net.AddNode(EtcdNode)
	w.Metrics.GaugeFunc("etcd_debugging_mvcc_current_revision", func() float64 {
		return float64(srv.Rev())
	})
	w.AddTicker(EtcdNode, srv)
	if cfg.Cluster.Nodes > 0 {
		if cfg.APIServers.Replicas < 1 {
			return errors.New("engine: a cluster needs at least one API server replica")
		}
		if w.cluster, err = newCluster(w, cfg.Cluster); err != nil {
			return err
		}
	}
	if err := w.attachAPIServers(cfg.APIServers); err != nil {
		return err
	}
	if w.cluster != nil {
		w.cluster.start()
	}
	return nil
}

// Config returns the configuration the world was built from.
func (w *World) Config() Config { return w.cfg }

// Now is the current virtual time (time since the world started).
func (w *World) Now() time.Duration { return w.now }

// Rand is the world's one random source. Draw from it only inside events
// and commands, never from rendering, or replays diverge.
func (w *World) Rand() *rand.Rand { return w.rng }

// Jitter is Jitter(w.Rand(), d, factor): d + rand[0,1)*factor*d.
func (w *World) Jitter(d time.Duration, factor float64) time.Duration {
	return Jitter(w.rng, d, factor)
}

// Uniform is Uniform(w.Rand(), lo, hi).
func (w *World) Uniform(lo, hi time.Duration) time.Duration { return Uniform(w.rng, lo, hi) }

// Cause is the trace event behind what is running now: the cause of the
// current event, or the command being executed. Components pass it on
// to what they schedule and record.
func (w *World) Cause() EventID { return w.cause }

// Record appends a trace event at the current time, caused by Cause().
func (w *World) Record(node string, kind Kind, detail string) EventID {
	return w.RecordCause(w.cause, node, kind, detail)
}

// RecordCause appends a trace event with an explicit cause.
func (w *World) RecordCause(cause EventID, node string, kind Kind, detail string) EventID {
	return w.Trace.Record(TraceEvent{Cause: cause, At: w.now, Node: node, Kind: kind, Detail: detail})
}

// RecordEvent appends ev, with its facts, at the current time (ev.Cause
// as given: set it, usually to Cause()).
func (w *World) RecordEvent(ev TraceEvent) EventID {
	ev.At = w.now
	return w.Trace.Record(ev)
}
