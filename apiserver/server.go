package apiserver

import (
	"time"

	am "watchscope/apimachinery"
	"watchscope/internal/freelist"
	"watchscope/mvcc"
	"watchscope/watchcache"
)

// Server is one kube-apiserver replica as a pure state machine. It owns a
// Cacher and its reflector per cached resource, the etcd3 storage layer,
// the delegator, API Priority and Fairness (or max-in-flight), the
// compactor and the memory model. Nothing runs by itself: the owner calls
// Submit for each request and Step (Advance) at NextWake, and collects
// answers with TakeCompleted / TakeStreams.
//
//	Submit ─► parse ─► APF ─queue─► execute ─┬─ write ──────────► etcd Txn
//	                     │429               ├─ GET/LIST ─route─► cache | etcd
//	                     ▼                  └─ WATCH ────route─► cacheWatcher | etcd3 watcher
//	               TakeCompleted ◄── service time (cost model), seats and memory held
type Server struct {
	cfg  Config
	etcd *mvcc.Server
	now  time.Duration

	up         bool
	restartAt  time.Duration // while down: when the process comes back
	startedAt  time.Duration
	boots      int // processes started so far (see Boots)
	crashes    int
	downReason string

	resources []*resourceCache
	byName    map[string]*resourceCache

	apf *apf
	mif *maxInFlight

	executing []*call // admitted, not yet answered, in start order
	// servingCalls counts the calls in executing that are serving (held
	// for their service time, finishAt set). NextWake walks executing for
	// their finishAt only when there are any: most executing calls are
	// watches, which never serve, and the walk over them was ~2% of the
	// 5,000-node world's CPU. It may overcount, never undercount.
	servingCalls int
	streams      []*Stream
	// etcdStreams are the streams served by etcd3 watchers (uncached
	// resources), the only ones Step must pump: NextWake and Step look at
	// them instead of at every stream.
	etcdStreams []*Stream
	// streamSeq numbers streams in the order they open; ready and drop
	// are the streams that may have output or may have ended since the
	// driver (TakeReadyStreams) and Step last looked (stream_ready.go).
	streamSeq   uint64
	ready, drop []*Stream
	// readyOut is the slice TakeReadyStreams hands out (reused), and
	// callScratch progressCalls' copy of executing (reused); freeCalls
	// are answered calls kept for reuse (call.go).
	readyOut    []*Stream
	callScratch []*call
	freeCalls   freelist.List[call]
	completed   []Completion
	// completedSpare is the slice TakeCompleted handed out last; it
	// becomes completed again at the next call.
	completedSpare []Completion
	log            []LogEntry
	compactor      *compactor
	// storageReady latches the storage-readiness post-start hook's end
	// (readyz.go): every cache was Ready once since this boot.
	storageReady bool
	memLists     int64 // memory held by in-flight LISTs
	// peakMem is the highest MemoryBytes seen since ResetPeakMemory
	// (tracked only once it was asked for: trackPeak).
	peakMem   int64
	trackPeak bool

	dirty  bool
	uidSeq uint64
	counts map[string]objectCount

	metrics
	streamTally
}

// resourceCache is one resource's Cacher and its reflector (nil when
// the resource is not cached); startAt delays the reflector's first list
// while the process starts.
type resourceCache struct {
	res       am.Resource
	cacher    *watchcache.Cacher
	reflector *watchcache.Reflector
	startAt   time.Duration
}

// Completion is one answer ready for the client: a Response, and for a
// WATCH that opened (Code 200) its Stream.
type Completion struct {
	Response Response
	Stream   *Stream
}

// LogEntry is a notable event for the trace: what happened (Kind), a
// detail line for people, and the facts a program reads instead of it.
type LogEntry struct {
	At     time.Duration
	Kind   LogKind
	Detail string
	// Reason is a kill's reason ("OOMKilled", "restart") and Message what
	// it says beyond that; Detail is then "Reason" or "Reason: Message".
	Reason, Message string
	// Resource and RV: a cache that became ready, at the RV it listed.
	Resource string
	RV       uint64
	// Req and Client: the watch request a terminated watcher served, and
	// the client that sent it.
	Req    uint64
	Client string
}

// The reasons a replica is killed with, besides a fault's own.
const (
	ReasonOOMKilled = "OOMKilled" // memory past the limit (the kernel's OOM killer)
	ReasonRestart   = "restart"   // a restart: killed, then started again at once
)

// LogKind says what a LogEntry tells; the engine prints it by name.
type LogKind uint8

const (
	LogCompact           LogKind = iota + 1 // the compactor's tick (COMPACT)
	LogCacheReady                           // a watch cache initialized (CACHE_READY)
	LogCachePending                         // a watch cache's reflector ended (CACHE_PENDING)
	LogWatcherTerminated                    // a slow watcher closed (WATCHER_TERMINATED)
	LogKilled                               // the process was killed (KILLED)
	LogRestart                              // the process started again (RESTART)
)

// New starts a replica at now on etcd. Its caches are Pending until their
// reflectors have listed (after the startup delay).
func New(cfg Config, etcd *mvcc.Server, now time.Duration) (*Server, error) {
	cfg = cfg.withDefaults()
	if _, err := watchcache.ParseWatchCacheSizes(cfg.WatchCacheSizes); err != nil {
		return nil, err
	}
	s := &Server{cfg: cfg, etcd: etcd, now: now, counts: map[string]objectCount{},
		freeCalls: freelist.New[call](maxFreeCalls)}
	s.metrics.init()
	s.boot(now, now)
	return s, nil
}

// boot (re)creates the process state: empty caches, APF, compactor.
func (s *Server) boot(now, serveAt time.Duration) {
	s.up, s.startedAt = true, now
	s.storageReady = false
	s.boots++
	s.metrics.resetProcess()
	s.resources, s.byName = nil, map[string]*resourceCache{}
	for _, r := range am.KnownResources {
		rc := &resourceCache{res: r, startAt: serveAt}
		if s.cached(r) {
			_, fixed, _ := s.cfg.cacheEnabled(r.GroupResource())
			cr := r
			if s.cfg.DisableTriggerIndex {
				cr.IndexedTrigger = ""
			}
			rc.cacher = watchcache.New(watchcache.Config{Resource: cr, Rand: s.cfg.Rand, FixedCapacity: fixed,
				DisableSnapshots: s.cfg.DisableListFromCacheSnapshot}, now)
			rc.reflector = watchcache.NewReflector(rc.cacher, s.etcd)
			rc.reflector.SetLatency(s.cfg.EtcdWatchLatency)
			rc.reflector.SetOwner(s.cfg.Name + "/cache/" + r.Resource)
			rc.startAt += s.initialListTime(r)
		}
		s.resources = append(s.resources, rc)
		s.byName[r.GroupResource()] = rc
	}
	total := s.cfg.MaxRequestsInflight + s.cfg.MaxMutatingRequestsInflight
	s.apf, s.mif = nil, nil
	if s.cfg.DisableAPF {
		s.mif = &maxInFlight{readLimit: s.cfg.MaxRequestsInflight, mutatingLimit: s.cfg.MaxMutatingRequestsInflight}
	} else {
		s.apf = newAPF(total, now)
	}
	s.compactor = newCompactor(s.cfg.CompactionInterval, now)
	s.dirty = true
}

// cached reports whether r gets a Cacher: one of CachedResources and not
// disabled by the flags.
func (s *Server) cached(r am.Resource) bool {
	found := false
	for _, name := range CachedResources {
		found = found || name == r.Resource
	}
	ok, _, _ := s.cfg.cacheEnabled(r.GroupResource())
	return found && ok
}

// initialListTime is how long the cacher's initial list from etcd takes
// (the cost model's etcd list time for the current object count): the
// window in which the cache is Pending and answers 429.
func (s *Server) initialListTime(r am.Resource) time.Duration {
	prefix := []byte(r.KeyPrefix())
	resp, err := s.etcd.Range(mvcc.RangeRequest{Key: prefix, RangeEnd: mvcc.PrefixEnd(prefix), CountOnly: true})
	if err != nil {
		return 0
	}
	return time.Duration(resp.Count) * s.cfg.Cost.EtcdPerObject
}

// Name is the replica's node name.
func (s *Server) Name() string { return s.cfg.Name }

// Config returns the replica's configuration with defaults filled in.
func (s *Server) Config() Config { return s.cfg }

// Up reports whether the process is running.
func (s *Server) Up() bool { return s.up }

// Now is the replica's notion of virtual time.
func (s *Server) Now() time.Duration { return s.now }

// Cacher returns the watch cache of a resource ("pods"), nil when the
// resource is not cached (or the replica is down).
func (s *Server) Cacher(resource string) *watchcache.Cacher {
	if rc := s.lookup(resource); rc != nil {
		return rc.cacher
	}
	return nil
}

func (s *Server) lookup(resource string) *resourceCache {
	if !s.up {
		return nil
	}
	if rc, ok := s.byName[resource]; ok {
		return rc
	}
	if r, ok := am.LookupResource(resource); ok {
		return s.byName[r.GroupResource()]
	}
	return nil
}

// TakeCompleted returns and clears the answers produced so far, in the
// order they were produced. The slice returned is the replica's and is
// cleared by the next call: read it before calling again. (Two slices
// take turns, so answers produced while the caller walks one go to the
// other.)
func (s *Server) TakeCompleted() []Completion {
	out := s.completed
	clear(s.completedSpare) // drop the references of the answers before
	s.completed, s.completedSpare = s.completedSpare[:0], out
	return out
}

// TakeLog returns and clears the notable events since the last call.
func (s *Server) TakeLog() []LogEntry {
	out := s.log
	s.log = nil
	return out
}

func (s *Server) logf(kind LogKind, detail string) {
	s.log = append(s.log, LogEntry{At: s.now, Kind: kind, Detail: detail})
}

// Streams returns the open watch streams in the order they opened.
func (s *Server) Streams() []*Stream { return s.streams }

// Levels describes the APF priority levels (nil with APF disabled).
func (s *Server) Levels() []Level {
	if s.apf == nil {
		return nil
	}
	return s.apf.snapshot()
}

// Inflight is the max-in-flight pools' use (read-only, mutating).
func (s *Server) Inflight() (readOnly, mutating int) {
	if s.mif == nil {
		return 0, 0
	}
	return s.mif.readOnly, s.mif.mutating
}
