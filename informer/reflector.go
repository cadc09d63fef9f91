package informer

import (
	"math/rand/v2"
	"time"

	am "watchscope/apimachinery"
)

// Reflector timing constants (reflector.go).
const (
	defaultMinWatchTimeout = 5 * time.Minute
	defaultMaxWatchTimeout = 2 * defaultMinWatchTimeout
	// DefaultPageSize is the pager's page size (pager.defaultPageSize).
	DefaultPageSize = 500
	// maxRESTRetries is rest.Request's retry budget for responses with
	// Retry-After (rest.DefaultMaxRetries... the client's maxRetries=10).
	maxRESTRetries = 10
	// bookmarkWarnInterval is the watch-list "no end bookmark yet" ticker.
	bookmarkWarnInterval = 10 * time.Second
	veryShortWatch       = time.Second
)

// ReflectorConfig configures a Reflector. The zero value of every field
// but Resource and Rand is the client-go 1.36 default.
type ReflectorConfig struct {
	// Name appears in log lines and errors (client-go uses the caller's
	// file:line); default "reflector-<resource>".
	Name string
	// Resource is the plural resource ("pods"); TypeDescription prints in
	// "failed to list <type>" (default "*v1.<Kind>" when Kind is set).
	Resource, Kind, TypeDescription string
	Namespace                       string
	LabelSelector, FieldSelector    string
	// DisableWatchList turns the WatchListClient feature off (as in
	// clients <= 1.34): LIST then WATCH instead of one streaming watch.
	DisableWatchList bool
	// WatchListPageSize forces a LIST page size (0 = pager rules).
	WatchListPageSize int64
	// ResyncPeriod is the resync timer (0 = never); ShouldResync, if
	// set, is asked at every tick (the shared processor's shouldResync).
	ResyncPeriod time.Duration
	ShouldResync func(now time.Duration) bool
	// Backoff overrides the default 800ms..30s backoff.
	Backoff *Backoff
	// DisableBookmarks makes plain watches leave allowWatchBookmarks off,
	// as a hand-written watcher or a pre-1.15 client does. Streaming
	// lists (WatchList) still ask for them: sendInitialEvents requires it.
	DisableBookmarks bool
	// Rand is required: watch timeouts and backoff jitter are drawn from it.
	Rand *rand.Rand
	// IDFunc, if set, hands out call IDs (a factory makes them unique
	// across its informers); default 1, 2, 3, ...
	IDFunc func() uint64
	// TraceLimit bounds the undrained trace (default 4096 lines).
	TraceLimit int
}

type phase int

const (
	phaseStopped        phase = iota
	phaseBackoff              // run loop: waiting delay() before ListAndWatch
	phaseWatchList            // watch-list request open, initial events streaming
	phaseWatchListRetry       // watch-list: waiting delay() after 429
	phaseList                 // pager running
	phaseWatch                // watch open (or being requested)
	phaseWatchRetry           // watch: waiting delay() after 429
)

var phaseNames = [...]string{"stopped", "backoff", "watch-list", "watch-list retry wait", "listing", "watching", "watch retry wait"}

func (p phase) String() string { return phaseNames[p] }

// Reflector is client-go's Reflector as a state machine. See doc.go for
// how its goroutines map onto Start/Step/On* calls.
type Reflector struct {
	cfg   ReflectorConfig
	store ReflectorStore
	rand  *rand.Rand

	// lastSyncResourceVersion is the RV of the last list or of the last
	// event/bookmark propagated; "" before the first sync.
	lastSyncResourceVersion string
	// isLastSyncResourceVersionUnavailable is set after a 410 or
	// too-large error on LIST (or watch-list) and cleared on success.
	isLastSyncResourceVersionUnavailable bool
	// paginatedResult remembers that an RV="0" list came back paged
	// (watch cache off): keep paging later lists.
	paginatedResult bool

	backoff *backoffManager
	phase   phase
	wakeAt  time.Duration // phaseBackoff / *Retry
	retryOf string        // phaseWatchRetry: what the watch is retried after ("429", "connection refused")
	// cause says why the last ListAndWatch ended, for call reasons.
	cause string

	nextID   uint64
	inflight *Call // the one outstanding request (list page or watch)
	resend   *Call // a REST retry waiting for resendAt
	resendAt time.Duration

	pager  *pagerState
	stream *watchStream

	resyncAt     time.Duration
	resyncArmed  bool
	synced       bool // a Replace reached the store
	started      bool
	calls        []Call
	trace        traceLog
	metrics      ReflectorMetrics
	lastBookmark string
}

// NewReflector returns a reflector writing into store. It does nothing
// until Start.
func NewReflector(cfg ReflectorConfig, store ReflectorStore) *Reflector {
	if cfg.Rand == nil {
		panic("informer: ReflectorConfig.Rand is required")
	}
	if cfg.Name == "" {
		cfg.Name = "reflector-" + cfg.Resource
	}
	if cfg.TypeDescription == "" {
		cfg.TypeDescription = cfg.Resource
		if cfg.Kind != "" {
			cfg.TypeDescription = "*v1." + cfg.Kind
		}
	}
	return &Reflector{cfg: cfg, store: store, rand: cfg.Rand, trace: traceLog{limit: cfg.TraceLimit}}
}

// Name returns the reflector's name.
func (r *Reflector) Name() string { return r.cfg.Name }

// LastSyncResourceVersion is the RV the reflector would resume from.
func (r *Reflector) LastSyncResourceVersion() string { return r.lastSyncResourceVersion }

// RVUnavailable reports isLastSyncResourceVersionUnavailable.
func (r *Reflector) RVUnavailable() bool { return r.isLastSyncResourceVersionUnavailable }

// Phase is a short name of what the reflector is doing ("watching", ...).
func (r *Reflector) Phase() string { return r.phase.String() }

// Metrics returns the live counters.
func (r *Reflector) Metrics() *ReflectorMetrics { return &r.metrics }

// TakeCalls drains the calls emitted since the last TakeCalls.
func (r *Reflector) TakeCalls() []Call {
	out := r.calls
	r.calls = nil
	return out
}

// TakeTrace drains the trace lines emitted since the last TakeTrace.
func (r *Reflector) TakeTrace() []Decision { return r.trace.take() }

// relistResourceVersion: "" when the last RV is unavailable, "0" before
// the first sync, else the last synced RV.
func (r *Reflector) relistResourceVersion() string {
	if r.isLastSyncResourceVersionUnavailable {
		return ""
	}
	if r.lastSyncResourceVersion == "" {
		return "0"
	}
	return r.lastSyncResourceVersion
}

// rewatchResourceVersion is the RV a watch-list starts from: "" when
// unavailable, else the last synced RV ("" at first start).
func (r *Reflector) rewatchResourceVersion() string {
	if r.isLastSyncResourceVersionUnavailable {
		return ""
	}
	return r.lastSyncResourceVersion
}

// watchTimeoutSeconds draws min + rand·(max-min): uniform in [300, 600).
func (r *Reflector) watchTimeoutSeconds() *int64 {
	lo, hi := defaultMinWatchTimeout.Seconds(), defaultMaxWatchTimeout.Seconds()
	t := int64(lo + r.rand.Float64()*(hi-lo))
	return &t
}

// baseOptions carries the informer's selectors (the ListWatch's tweak).
func (r *Reflector) baseOptions() am.ListOptions {
	return am.ListOptions{LabelSelector: r.cfg.LabelSelector, FieldSelector: r.cfg.FieldSelector}
}

// send emits a request and makes it the outstanding one.
func (r *Reflector) send(now time.Duration, verb Verb, opts am.ListOptions, reason string, list ListKind) *Call {
	c := Call{ID: r.newID(), Verb: verb, Resource: r.cfg.Resource, Namespace: r.cfg.Namespace, Options: opts, Reason: reason, List: list}
	r.emit(now, c)
	return r.inflight
}

func (r *Reflector) emit(now time.Duration, c Call) {
	r.calls = append(r.calls, c)
	r.metrics.Calls[kindOf(c)][KindOfRV(c.Options.ResourceVersion)]++
	r.traceCall(now, c)
	cp := c
	r.inflight = &cp
}

// cancel asks the glue to close watch id (w.Stop()).
func (r *Reflector) cancel(now time.Duration, id uint64, why string) {
	c := Call{ID: id, Verb: VerbCancel, Resource: r.cfg.Resource, Reason: why}
	r.calls = append(r.calls, c)
	r.traceCall(now, c)
}

// traceCall traces a call, its facts with it.
func (r *Reflector) traceCall(now time.Duration, c Call) {
	r.trace.put(Decision{At: now, Text: c.String(), Req: c.ID, Resource: c.Resource, Reason: c.Reason, List: c.List})
}

func (r *Reflector) isInflight(id uint64) bool {
	if r.inflight != nil && r.inflight.ID == id {
		return true
	}
	r.metrics.StaleAnswers++
	return false
}

func (r *Reflector) newID() uint64 {
	if r.cfg.IDFunc != nil {
		return r.cfg.IDFunc()
	}
	r.nextID++
	return r.nextID
}
