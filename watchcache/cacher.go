package watchcache

import (
	"errors"
	"math"
	"math/rand/v2"
	"time"

	am "watchscope/apimachinery"
	"watchscope/internal/ring"
)

// incomingBufSize is the capacity of Cacher.incoming (C1): when 100
// events wait for the dispatcher, ingestion stalls.
const incomingBufSize = 100

// Config configures one Cacher. Zero values mean the 1.36 defaults.
type Config struct {
	Resource am.Resource
	// EventFreshDuration is the history window (default 75s; smaller
	// values are raised to 75s, as the real config rejects them).
	EventFreshDuration time.Duration
	// FixedCapacity > 0 models the pre-1.19 fixed-size ring
	// (--watch-cache-sizes resource#N before dynamic sizing); 0 is the
	// dynamic 100..102400 ring of 1.19+. See ApplyWatchCacheSize.
	FixedCapacity int
	// DisableSnapshots turns off ListFromCacheSnapshot (beta on in 1.34+).
	DisableSnapshots bool
	// Rand jitters the bookmark timer. Nil means a fixed seed.
	Rand *rand.Rand
}

// Cacher is the watch cache of one resource (cacher.go + watch_cache.go)
// as a pure state machine. See the package documentation for how the
// real goroutines map onto method calls.
type Cacher struct {
	resource am.Resource
	rand     *rand.Rand
	now      time.Duration
	metrics  Metrics
	// interner shares equal label and annotation maps among the decoded
	// objects the cache stores (immutable, so one map serves them all).
	interner am.MapInterner

	// watchCache state (C2).
	history         *watchCacheHistory
	store           *watchCacheStore
	resourceVersion uint64
	listRV          uint64
	ready           ready
	// pages remembers where paginated LISTs stopped (pages.go).
	pages pageCursors
	// collecting are the LISTs still walking the store (list_slices.go).
	collecting []*listCollector

	// ingestion: reflector backlog -> processEvent -> incoming. The
	// backlog is unbounded (a queue whose array is reused, not a slice
	// resliced and reallocated for every event).
	backlog     ring.Ring[*watchCacheEvent]
	blockedSend *watchCacheEvent
	incoming    ring.Ring[*watchCacheEvent]

	// dispatcher (C7, C9).
	watchers        *indexedWatchers
	watcherIdx      int
	bookmarks       *watcherBookmarkTimeBuckets
	nextBookmarkAt  time.Duration
	lastProcessedRV uint64
	budget          *timeBudget
	blocked         *blockedDispatch
	deadlines       deadlineHeap
	dispatchBuf     []*CacheWatcher
	// deleted is the last DELETED object built for watchers (deletedObject).
	deleted       deletedCopy
	terminations  []TerminationLog
	dispatchStats DispatchStats

	// freshness waits (C6).
	freshWaits          []*freshnessWait
	progressRequested   bool
	lastProgressRequest time.Duration
}

// New creates a Pending cacher at virtual time now.
func New(cfg Config, now time.Duration) *Cacher {
	fresh := max(cfg.EventFreshDuration, DefaultEventFreshDuration)
	r := cfg.Rand
	if r == nil {
		r = rand.New(rand.NewPCG(1, 2))
	}
	c := &Cacher{
		resource:  cfg.Resource,
		rand:      r,
		now:       now,
		store:     newWatchCacheStore(!cfg.DisableSnapshots, cfg.Resource.IndexedTrigger),
		incoming:  ring.New[*watchCacheEvent](incomingBufSize, 2),
		backlog:   ring.New[*watchCacheEvent](math.MaxInt, 2),
		watchers:  newIndexedWatchers(),
		bookmarks: newTimeBuckets(now),
		budget:    newTimeBudget(now),
	}
	c.history = newWatchCacheHistory(fresh, cfg.FixedCapacity, &c.metrics)
	c.ready.since = now
	c.nextBookmarkAt = now + jitteredBookmarkInterval(r)
	return c
}

// Resource returns the resource this cacher serves.
func (c *Cacher) Resource() am.Resource { return c.resource }

// Metrics returns the live metric values.
func (c *Cacher) Metrics() *Metrics { return &c.metrics }

// ResourceVersion is the RV up to which the cache is current.
func (c *Cacher) ResourceVersion() uint64 { return c.resourceVersion }

// ListResourceVersion is the RV of the last Replace.
func (c *Cacher) ListResourceVersion() uint64 { return c.listRV }

// ReadyState returns Pending, Ready or Stopped.
func (c *Cacher) ReadyState() ReadyState { return c.ready.state }

// StoreStats is the number of objects in the store and the sum of their
// SizeBytes (the API server's memory model reads it).
func (c *Cacher) StoreStats() (objects int, sizeBytes int64) {
	return c.store.tree.Len(), c.store.sizeBytes
}

// Capacity is the ring's current capacity.
func (c *Cacher) Capacity() int { return c.history.capacity }

// Window describes the ring for display.
func (c *Cacher) Window() Window {
	w := Window{StartIndex: c.history.startIndex, EndIndex: c.history.endIndex, Capacity: c.history.capacity}
	if o, ok := c.history.oldest(c.listRV); ok {
		w.OldestWatchableRV = o - 1
	}
	return w
}

// Window is a snapshot of the ring buffer's indices.
type Window struct {
	StartIndex, EndIndex, Capacity int
	// OldestWatchableRV is M of the 410 message: the smallest RV a watch
	// may still start from.
	OldestWatchableRV uint64
}

// IncomingLen is len(c.incoming); IncomingFull reports it at 100.
func (c *Cacher) IncomingLen() int   { return c.incoming.Len() }
func (c *Cacher) IncomingFull() bool { return c.incoming.Full() }

// Stalled reports that the reflector is blocked on a full incoming
// queue: the driver must not read more from the etcd watch until it clears.
func (c *Cacher) Stalled() bool { return c.blockedSend != nil || !c.backlog.Empty() }

// WatcherCount is the number of registered watchers.
func (c *Cacher) WatcherCount() int { return c.watchers.count }

// Watchers returns the registered watchers in registration order.
func (c *Cacher) Watchers() []*CacheWatcher { return c.watchers.all() }

// Stop stops the cacher for good: every watcher is terminated.
func (c *Cacher) Stop(now time.Duration) {
	c.advance(now)
	c.ready.set(now, Stopped, "")
	c.terminateAllWatchers()
}

// advance moves the cacher's notion of now forward (never back).
func (c *Cacher) advance(now time.Duration) {
	if now > c.now {
		c.now = now
	}
}

// Step runs every timer due at now: a blocked dispatch's budget timer,
// the bookmark timer, freshness-wait timeouts and watch deadlines; then
// lets the dispatcher and the reflector continue. Call it after a
// consumer popped events so a blocked dispatch can complete.
func (c *Cacher) Step(now time.Duration) {
	c.advance(now)
	c.stepCollecting(now)
	c.expireDeadlines(now)
	c.resolveFreshnessWaits(now)
	c.runDispatcher(now)
	c.drainBacklog(now)
	c.runDispatcher(now)
}

// NextWake is the earliest virtual time at which Step has work due.
func (c *Cacher) NextWake() (time.Duration, bool) {
	var at time.Duration
	ok := false
	consider := func(t time.Duration) {
		if !ok || t < at {
			at, ok = t, true
		}
	}
	// The bookmark timer is served by the dispatcher loop, which cannot
	// reach it while a dispatch is blocked: then only the budget timer
	// (below) can make progress, and a due bookmark would report work
	// that Step cannot do.
	if c.lastProcessedRV != 0 && c.blocked == nil {
		consider(c.nextBookmarkAt)
	}
	if c.blocked != nil {
		consider(c.blocked.until)
	}
	for _, f := range c.freshWaits {
		consider(f.deadline)
	}
	if d, ok := c.deadlines.peek(); ok {
		consider(d)
	}
	if t, ok := c.nextCollect(); ok {
		consider(t)
	}
	return at, ok
}

var errNotInitialized = &am.StatusError{ErrStatus: am.Status{
	Status: am.StatusFailure, Code: 500, Reason: am.StatusReasonInternalError,
	Message: "watch cache isn't correctly initialized",
}}

// asStatusError is what newErrWatcher does with a non-Status error.
func asStatusError(err error) *am.StatusError {
	var se *am.StatusError
	if errors.As(err, &se) {
		return se
	}
	return &am.StatusError{ErrStatus: am.Status{Status: am.StatusFailure, Code: 500,
		Reason: am.StatusReasonInternalError, Message: err.Error()}}
}
