package scene

import "time"

// World is what the session copies out of the simulated world for the
// scene: plain data, so Build is a pure function of it.
type World struct {
	Etcd      []Member
	Replicas  []Replica
	Clients   []Client // every client but the kubelets
	Kubelets  int
	Watching  int // kubelets whose reflector is watching
	Pollers   []string
	PollWhat  string // what the pollers LIST ("configmaps")
	Lists     []ListCall
	Charts    []Chart
	Resources []string // the resources the world uses, in the stage's order

	// What the figures draw besides (figure.go): etcd's backend file, the
	// shown step's facts, the lesson's moments so far, the clock.
	DB      DBFile
	Facts   []Fact
	Moments []Moment
	Now     time.Duration
}

// Member is one etcd member.
type Member struct {
	Name            string
	Rev, CompactRev int64
	Watches         []Watch
}

// Watch is one watch on etcd (mvcc.WatchInfo).
type Watch struct {
	Stream int
	ID     int64
	Owner  string // the actor that opened it ("apiserver-0/cache/pods", "client/etcdctl"), or a group name
	Key    string
	Prefix bool
	MinRev int64
	Synced bool
	Queued int
}

// Replica is one kube-apiserver.
type Replica struct {
	Name          string
	Up            bool
	Down          string
	Memory, Limit int64
	Caches        []Cache
	Levels        []Level
	Inflight      int
	Readiness     string // "" when /readyz passes, else why not (apiserver.Server.Readiness)
}

// Cache is one resource's watch cache on a replica.
type Cache struct {
	Resource string
	Ring     Ring
	Ready    string
	Stalled  bool           // not reading its etcd watch: etcd's writes do not reach it
	Watchers []CacheWatcher // when few; WatcherN counts them all
	WatcherN int
	Dispatch Dispatch // its dispatcher's counters
}

// Dispatch is what a cache's dispatcher has done since the cache started
// (watchcache.DispatchStats, as `sim dispatch` prints it): the numbers
// the stage draws beside the cache while a step points at the dispatcher
// (apiserver.broadcaster).
type Dispatch struct {
	Watchers   int   `json:"watchers"`   // client watches on the cache
	Indexed    int   `json:"indexed"`    // of them, found by the trigger index (spec.nodeName)
	Events     int64 `json:"events"`     // events dispatched
	Offers     int64 `json:"offers"`     // watchers those events were offered to
	LastOffers int64 `json:"lastOffers"` // watchers the latest event was offered to
	Blocked    int64 `json:"blocked"`    // events that found a watcher's buffer full
	WaitedMs   int64 `json:"waitedMs"`   // time it stood blocked, in all
	LongestMs  int64 `json:"longestMs"`  // its longest wait (at most the budget)
	BudgetMs   int64 `json:"budgetMs"`   // the wait it could afford now (+50 ms/s, at most 100)
	Cut        int64 `json:"cut"`        // watchers it closed for unresponsiveness
}

// CacheWatcher is one client watch on a cache.
type CacheWatcher struct {
	Client      string
	Queued, Cap int
}

// Level is one Priority and Fairness priority level.
type Level struct {
	Name          string
	Limit, InUse  int
	Waiting       int
	Rejected      int64 // 429s since the process started
	Exempt        bool
	RejectOnLimit bool
}

// Client is one client process (not a kubelet).
type Client struct {
	Name, Role string
	Informers  []InformerState
}

// InformerState is one informer of a client.
type InformerState struct {
	Resource string
	Informer
	Synced bool
}

// ListCall is one LIST answered in the shown step.
type ListCall struct {
	Event    uint64 // the trace event of the answer
	Client   string
	Replica  string
	Resource string
	Code     int
	Items    int
	RV       uint64
	Source   string // where it was served from: "cache-snapshot", "etcd", ...
	Continue string // the token the answer carried ("" on a last page)
	Error    string // the connection error the client got instead of an answer
	Page     int    // 1 for a LIST without a continue token, then 2, 3, ... along its chain
	Resumed  bool   // the request carried a continue token: the page is read at the token's revision
	Seats    int    // its APF work estimate (0: APF off)
}

// Chart is one live chart of the lesson's metrics.
type Chart struct {
	Metric string // the Prometheus series as the chart sums it
	Values []float64
	Last   float64
	Summed int
}
