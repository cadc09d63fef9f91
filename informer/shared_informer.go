package informer

import (
	"errors"
	"math/rand/v2"
	"time"

	am "watchscope/apimachinery"
)

// InformerConfig configures a SharedIndexInformer. Zero values are the
// client-go 1.36 defaults (watch-list on, atomic RealFIFO, no resync).
type InformerConfig struct {
	Resource, Kind, Namespace    string
	LabelSelector, FieldSelector string
	DisableWatchList             bool
	WatchListPageSize            int64
	FIFO                         FIFOKind
	// DefaultResyncPeriod is defaultEventHandlerResyncPeriod, also the
	// initial resync check period.
	DefaultResyncPeriod time.Duration
	// Indexers default to {namespace: MetaNamespaceIndexFunc}.
	Indexers Indexers
	Backoff  *Backoff
	// DisableBookmarks: see ReflectorConfig.
	DisableBookmarks bool
	Rand             *rand.Rand
	IDFunc           func() uint64
	// MaxDeltasPerStep bounds how many FIFO entries one call processes
	// (default 10000); the rest waits for the next Step.
	MaxDeltasPerStep int
	// ReplaceSlice is the most objects of a ReplacedAll one call works
	// through (default replaceSlice; see replaceJob).
	ReplaceSlice int
}

// HandlerOptions are AddEventHandlerWithOptions' options plus the
// simulated cost of one notification.
type HandlerOptions struct {
	Name         string
	ResyncPeriod *time.Duration // nil = the informer's default
	Cost         time.Duration
}

// SharedIndexInformer is one reflector + one FIFO + one indexer shared
// by N handlers (shared_informer.go).
//
//	API server ─calls/answers─► Reflector ─► FIFO ─Pop─► processDeltas ─► Indexer
//	                                                         │ distribute
//	                                          ┌──────────────┼──────────────┐
//	                                     listener 1     listener 2 ...  (ring, cost)
type SharedIndexInformer struct {
	cfg       InformerConfig
	indexer   *Indexer
	fifo      Queue
	reflector *Reflector
	listeners []*processorListener // registration order

	started, stopped                       bool
	synced                                 bool
	resyncCheckPeriod, defaultResyncPeriod time.Duration
	popped, distributed                    int
	fifoTrace                              traceLog
	// replacing is a big ReplacedAll being worked through (replace_job.go).
	replacing *replaceJob
}

// NewSharedIndexInformer builds an informer; nothing happens before Start.
func NewSharedIndexInformer(cfg InformerConfig) *SharedIndexInformer {
	var indexer *Indexer
	if cfg.Indexers == nil {
		cfg.Indexers = defaultIndexers
		indexer = newDefaultIndexer()
	} else {
		indexer = NewIndexer(cfg.Indexers)
	}
	if cfg.MaxDeltasPerStep <= 0 {
		cfg.MaxDeltasPerStep = 10000
	}
	if cfg.ReplaceSlice <= 0 {
		cfg.ReplaceSlice = replaceSlice
	}
	return &SharedIndexInformer{cfg: cfg, indexer: indexer,
		resyncCheckPeriod: cfg.DefaultResyncPeriod, defaultResyncPeriod: cfg.DefaultResyncPeriod}
}

// ErrInformerStopped is returned by AddEventHandler after Stop.
var ErrInformerStopped = errors.New("handler was not added to shared informer because it has stopped already")

// AddEventHandler registers a handler. After Start the handler first gets
// a synthetic ADD (isInInitialList) for every cached object.
func (s *SharedIndexInformer) AddEventHandler(now time.Duration, h Handler, opts HandlerOptions) (ListenerID, error) {
	if s.stopped {
		return 0, ErrInformerStopped
	}
	period := s.defaultResyncPeriod
	if opts.ResyncPeriod != nil {
		period = *opts.ResyncPeriod
	}
	if period > 0 {
		period = max(period, minimumResyncPeriod)
		if period < s.resyncCheckPeriod {
			if s.started {
				period = s.resyncCheckPeriod
			} else {
				s.resyncCheckPeriod = period
				for _, l := range s.listeners {
					l.resyncPeriod = determineResyncPeriod(l.requestedResyncPeriod, period)
				}
			}
		}
	}
	l := newProcessListener(opts.Name, h, opts.Cost, period, determineResyncPeriod(period, s.resyncCheckPeriod), now)
	s.listeners = append(s.listeners, l)
	id := ListenerID(len(s.listeners))
	if !s.started {
		return id, nil
	}
	for _, o := range s.indexer.List() {
		l.add(now, Notification{Type: NotifyAdd, Object: o, IsInInitialList: true})
	}
	l.upstreamSynced = s.synced
	return id, nil
}

// ListenerID identifies a registered handler (1-based).
type ListenerID int

// Start builds the FIFO and the reflector and starts listing/watching.
func (s *SharedIndexInformer) Start(now time.Duration) {
	if s.started {
		return
	}
	s.started = true
	switch s.cfg.FIFO {
	case AtomicRealFIFO:
		s.fifo = NewRealFIFO(nil, true)
	case PlainRealFIFO:
		s.fifo = NewRealFIFO(s.indexer, false)
	default:
		s.fifo = NewDeltaFIFO(s.indexer, true)
	}
	s.reflector = NewReflector(ReflectorConfig{
		Resource: s.cfg.Resource, Kind: s.cfg.Kind, Namespace: s.cfg.Namespace,
		LabelSelector: s.cfg.LabelSelector, FieldSelector: s.cfg.FieldSelector,
		DisableWatchList: s.cfg.DisableWatchList, WatchListPageSize: s.cfg.WatchListPageSize,
		ResyncPeriod: s.resyncCheckPeriod, ShouldResync: s.shouldResync,
		Backoff: s.cfg.Backoff, DisableBookmarks: s.cfg.DisableBookmarks, Rand: s.cfg.Rand, IDFunc: s.cfg.IDFunc,
	}, s.fifo)
	s.reflector.Start(now)
	s.process(now)
}

// Stop stops the reflector; no handlers can be added afterwards.
func (s *SharedIndexInformer) Stop(now time.Duration) {
	if s.reflector != nil {
		s.reflector.Stop(now)
	}
	s.stopped = true
}

// shouldResync is sharedProcessor.shouldResync: mark the listeners due.
func (s *SharedIndexInformer) shouldResync(now time.Duration) bool {
	any := false
	for _, l := range s.listeners {
		l.syncing = l.shouldResync(now)
		if l.syncing {
			any = true
			l.determineNextResync(now)
		}
	}
	return any
}

// process is the controller's processLoop, bounded: pop and handle FIFO
// entries, then let the listeners run.
func (s *SharedIndexInformer) process(now time.Duration) {
	for range s.cfg.MaxDeltasPerStep {
		if s.replacing != nil {
			if !s.replacing.step(now, s) {
				break // one slice a call (see replaceSlice)
			}
			s.replacing = nil
			continue
		}
		if !s.popOne(now) {
			break
		}
		s.popped++
	}
	if !s.synced && s.fifo.HasSynced() {
		s.synced = true
		for _, l := range s.listeners {
			l.upstreamSynced = true
		}
	}
	for _, l := range s.listeners {
		l.run(now)
	}
}

// popOne pops and processes one FIFO entry; false when the FIFO is empty.
func (s *SharedIndexInformer) popOne(now time.Duration) bool {
	if f, ok := s.fifo.(*RealFIFO); ok {
		if d, big := f.peekBigReplace(s.cfg.ReplaceSlice); big {
			s.replacing = newReplaceJob(d, !f.synced, f, s.cfg.ReplaceSlice)
			f.take()
			return true
		}
		return f.popToIndexer(now, s, s.indexer)
	}
	_, ok := s.fifo.Pop(func(d Deltas, initial bool) { processDeltas(now, s, s.indexer, d, initial) })
	return ok
}

func (s *SharedIndexInformer) distribute(now time.Duration, n Notification, sync bool) {
	s.distributeTo(len(s.listeners), now, n, sync)
}

// distributeTo is distribute to the first count listeners only.
func (s *SharedIndexInformer) distributeTo(count int, now time.Duration, n Notification, sync bool) {
	s.distributed++
	for _, l := range s.listeners[:count] {
		if !sync || l.syncing {
			l.add(now, n)
		}
	}
}

func (s *SharedIndexInformer) onAdd(now time.Duration, o *am.Object, initial bool) {
	s.distribute(now, Notification{Type: NotifyAdd, Object: o, IsInInitialList: initial}, false)
}

func (s *SharedIndexInformer) onUpdate(now time.Duration, old, o *am.Object) {
	n := Notification{Type: NotifyUpdate, Old: old, Object: o}
	s.distribute(now, n, n.IsSync())
}

func (s *SharedIndexInformer) onDelete(now time.Duration, o *am.Object, t *DeletedFinalStateUnknown) {
	s.distribute(now, Notification{Type: NotifyDelete, Object: o, Tombstone: t}, false)
}
