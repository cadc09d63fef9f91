package informer

import (
	"errors"
	"time"

	am "watchscope/apimachinery"
)

// The informer forwards the glue's answers to its reflector and then runs
// its controller loop, so every answer is processed as far as it goes.

// TakeCalls drains the reflector's calls.
func (s *SharedIndexInformer) TakeCalls() []Call {
	if s.reflector == nil {
		return nil
	}
	return s.reflector.TakeCalls()
}

// OnListResult forwards a LIST answer.
func (s *SharedIndexInformer) OnListResult(now time.Duration, id uint64, l *am.List, err error) {
	s.reflector.OnListResult(now, id, l, err)
	s.process(now)
}

// OnWatchStarted forwards a WATCH start outcome.
func (s *SharedIndexInformer) OnWatchStarted(now time.Duration, id uint64, err error) {
	s.reflector.OnWatchStarted(now, id, err)
	s.process(now)
}

// OnWatchEvent forwards one watch event.
func (s *SharedIndexInformer) OnWatchEvent(now time.Duration, id uint64, ev am.WatchEvent) {
	s.reflector.OnWatchEvent(now, id, ev)
	s.process(now)
}

// OnWatchEnded forwards the end of a watch.
func (s *SharedIndexInformer) OnWatchEnded(now time.Duration, id uint64, err error) {
	s.reflector.OnWatchEnded(now, id, err)
	s.process(now)
}

// Step fires the reflector's timers and advances the handlers.
func (s *SharedIndexInformer) Step(now time.Duration) {
	if s.reflector == nil {
		return
	}
	s.reflector.Step(now)
	s.process(now)
}

// NextWake is the earliest time Step has work: a reflector timer, a
// handler finishing, or FIFO entries left over by the per-step bound.
func (s *SharedIndexInformer) NextWake(now time.Duration) (time.Duration, bool) {
	if s.reflector == nil {
		return 0, false
	}
	if s.fifo.Len() > 0 || s.replacing != nil {
		return now, true
	}
	at, ok := s.reflector.NextWake()
	for _, l := range s.listeners {
		if t, lok := l.nextWake(); lok && (!ok || t < at) {
			at, ok = t, true
		}
	}
	return at, ok
}

// HasSynced: the first Replace has been fully processed.
func (s *SharedIndexInformer) HasSynced() bool { return s.synced }

// HandlerHasSynced: the informer has synced and this handler has handled
// its initial ADDs.
func (s *SharedIndexInformer) HandlerHasSynced(id ListenerID) bool {
	return s.listeners[id-1].hasSynced()
}

// Indexer is the local cache (read-only for callers).
func (s *SharedIndexInformer) Indexer() *Indexer { return s.indexer }

// Reflector is the informer's reflector (nil before Start).
func (s *SharedIndexInformer) Reflector() *Reflector { return s.reflector }

// LastSyncResourceVersion is the reflector's last synced RV.
func (s *SharedIndexInformer) LastSyncResourceVersion() string {
	if s.reflector == nil {
		return ""
	}
	return s.reflector.LastSyncResourceVersion()
}

// InformerStats is the informer's state for the UI.
type InformerStats struct {
	Resource    string
	Phase       string
	QueueDepth  int
	StoreSize   int
	Popped      int
	Distributed int
	HasSynced   bool
	Reflector   ReflectorMetrics
	Listeners   []ListenerStats
}

// Stats snapshots the counters.
func (s *SharedIndexInformer) Stats() InformerStats {
	st := InformerStats{Resource: s.cfg.Resource, StoreSize: s.indexer.Len(), Popped: s.popped,
		Distributed: s.distributed, HasSynced: s.synced}
	if s.reflector != nil {
		st.Phase = s.reflector.Phase()
		st.QueueDepth = s.fifo.Len()
		st.Reflector = *s.reflector.Metrics()
	}
	for _, l := range s.listeners {
		st.Listeners = append(st.Listeners, ListenerStats{Name: l.name, Backlog: l.pending.Len(), MaxBacklog: l.maxBacklog,
			RingCapacity: l.pending.Cap(), Delivered: l.delivered, BusyUntil: l.busyUntil,
			ResyncPeriod: l.resyncPeriod, HasSynced: l.hasSynced()})
	}
	return st
}

// ErrNoSuchHandler is returned for a ListenerID that was never issued.
var ErrNoSuchHandler = errors.New("informer: no such event handler")

// SetHandlerCost changes how long one notification keeps handler id busy
// (the slow-handler fault: a handler that starts calling a slow API, or
// takes a lock). Notifications already started keep their old cost; the
// backlog then grows in the handler's ring, never blocking the FIFO.
func (s *SharedIndexInformer) SetHandlerCost(id ListenerID, cost time.Duration) error {
	if id < 1 || int(id) > len(s.listeners) || cost < 0 {
		return ErrNoSuchHandler
	}
	s.listeners[id-1].cost = cost
	return nil
}

// Handlers is the number of registered handlers (ListenerIDs 1..n).
func (s *SharedIndexInformer) Handlers() int { return len(s.listeners) }

// Config is the informer's configuration (resource, namespace, selectors).
func (s *SharedIndexInformer) Config() InformerConfig { return s.cfg }
