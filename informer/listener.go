package informer

import "time"

// minimumResyncPeriod is the smallest per-handler resync period.
const minimumResyncPeriod = time.Second

// processorListener relays notifications to one handler. In client-go two
// goroutines and an unbounded ring (1024, doubling) sit between the
// informer and the handler, so a slow handler never blocks the FIFO or
// the other handlers - its backlog just grows. Here the handler's work is
// virtual: each notification keeps it busy for Cost, and run starts the
// next one when the previous has finished.
type processorListener struct {
	name    string
	handler Handler
	cost    time.Duration

	pending   *ringGrowing[Notification]
	busyUntil time.Duration

	requestedResyncPeriod, resyncPeriod time.Duration
	nextResync                          time.Duration
	// syncing is the processor's listeners[l] flag: due for this resync.
	// client-go's addListener sets it true, and only a resync check (run
	// when some handler asked for a resync period) sets it false again; so
	// a handler added without resync keeps receiving the OnUpdate(old, new)
	// of objects a relist found unchanged.
	syncing bool

	// initialPending counts initial-list ADDs not yet handled; with
	// upstreamSynced it makes the handler's HasSynced.
	initialPending int
	upstreamSynced bool

	delivered, maxBacklog int
}

func newProcessListener(name string, h Handler, cost, requested, period, now time.Duration) *processorListener {
	l := &processorListener{name: name, handler: h, cost: cost, pending: newRingGrowing[Notification](initialBufferSize),
		requestedResyncPeriod: requested, resyncPeriod: period, syncing: true}
	l.determineNextResync(now)
	return l
}

func (l *processorListener) add(now time.Duration, n Notification) {
	if n.Type == NotifyAdd && n.IsInInitialList {
		l.initialPending++
	}
	n.At = now
	l.pending.write(n)
	l.maxBacklog = max(l.maxBacklog, l.pending.Len())
	l.run(now)
}

// run hands pending notifications to the handler while it is free by now.
// A notification starts at max(its arrival, the end of the previous one).
func (l *processorListener) run(now time.Duration) {
	for {
		n, ok := l.pending.Peek()
		if !ok {
			return
		}
		start := max(l.busyUntil, n.At)
		if start > now {
			return
		}
		l.pending.Pop()
		l.busyUntil = start + l.cost
		l.delivered++
		l.handler.Handle(start, n)
		if n.Type == NotifyAdd && n.IsInInitialList {
			l.initialPending--
		}
	}
}

// nextWake is when run can make progress again.
func (l *processorListener) nextWake() (time.Duration, bool) {
	n, ok := l.pending.Peek()
	if !ok {
		return 0, false
	}
	return max(l.busyUntil, n.At), true
}

func (l *processorListener) hasSynced() bool { return l.upstreamSynced && l.initialPending == 0 }

func (l *processorListener) shouldResync(now time.Duration) bool {
	return l.resyncPeriod != 0 && now >= l.nextResync
}

func (l *processorListener) determineNextResync(now time.Duration) {
	l.nextResync = now + l.resyncPeriod
}

// determineResyncPeriod: 0 stays 0; a handler cannot resync faster than
// the informer's check period.
func determineResyncPeriod(desired, check time.Duration) time.Duration {
	switch {
	case desired == 0:
		return 0
	case check == 0:
		return 0
	case desired < check:
		return check
	}
	return desired
}

// ListenerStats is one handler's view for the UI.
type ListenerStats struct {
	Name         string
	Backlog      int // notifications waiting
	MaxBacklog   int
	RingCapacity int // 1024, 2048, ... (never shrinks)
	Delivered    int
	BusyUntil    time.Duration
	ResyncPeriod time.Duration
	HasSynced    bool
}
