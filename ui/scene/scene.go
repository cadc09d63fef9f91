package scene

import (
	"encoding/json"

	"watchscope/ui/packets"
)

// Kind is what an actor is; state().scene.actors[].kind prints it.
type Kind string

// The kinds of actor. A lesson's `scene` block names them (lessons.SceneKinds).
const (
	KindEtcd         Kind = "etcd"          // an etcd member
	KindEtcdWatch    Kind = "etcd-watch"    // a watch on etcd (or a counted group of them)
	KindAPIServer    Kind = "apiserver"     // a kube-apiserver replica
	KindCache        Kind = "cache"         // a replica's watch cache of one resource
	KindCacheWatcher Kind = "cache-watcher" // a client's watch served by a cache (or a group)
	KindClient       Kind = "client"        // a client process: kubectl, a controller
	KindInformer     Kind = "informer"      // a client's informer: Reflector > DeltaFIFO > Indexer > handlers
	KindKubelets     Kind = "kubelets"      // every kubelet, counted
	KindPoller       Kind = "poller"        // a client that LISTs on a timer (or the group)
	KindPage         Kind = "page"          // one LIST answer of the step, with its continue token
	KindSnapshot     Kind = "snapshot"      // a cache snapshot a LIST was answered from
	KindAPF          Kind = "apf"           // a replica's Priority and Fairness levels
	KindMemory       Kind = "memory"        // a replica's memory against its limit
	KindChart        Kind = "chart"         // a live chart of one of the lesson's metrics
)

// Kinds lists every kind, in the order the stage's legend explains them.
var Kinds = []Kind{KindEtcd, KindEtcdWatch, KindAPIServer, KindCache, KindCacheWatcher, KindClient,
	KindInformer, KindKubelets, KindPoller, KindPage, KindSnapshot, KindAPF, KindMemory, KindChart}

// Actor is one thing on the stage. Which fields mean something depends
// on its kind; the zero value of the others is left out of state().
type Actor struct {
	ID       string `json:"id"`
	Kind     Kind   `json:"kind"`
	Label    string `json:"label"`
	Parent   string `json:"parent,omitempty"` // the actor it belongs to (a cache's replica)
	Resource string `json:"resource,omitempty"`
	Replica  string `json:"replica,omitempty"`
	Count    int    `json:"count,omitempty"`  // members of a group
	Detail   string `json:"detail,omitempty"` // one line of its state, in words
	Down     bool   `json:"down,omitempty"`   // not running (a killed replica)
	// EtcdWatch is an etcd watch's state as values (etcd-watch, one
	// watch); Detail says it in words.
	EtcdWatch *WatchState `json:"-"`
	// Err is the error it got instead of an answer, as a value (a page:
	// the connection's error); Detail says it in words.
	Err string `json:"-"`
	// cache: not reading its etcd watch (a stalled process): no writes reach it.
	Stalled bool `json:"stalled,omitempty"`
	// cache: its readiness as the Cacher names it ("Ready", "Pending",
	// "Stopped"); Detail says it in words.
	Ready string `json:"-"`
	// etcd: the revision compacted up to (0: none yet); Detail says it in words.
	Compacted int64 `json:"-"`
	// apf: the seats and queue as values (APFLoad); Detail says them in words.
	APF *APFLoad `json:"-"`

	// cache: the ring (see Ring).
	Ring *Ring `json:"-"`
	// cache: its dispatcher's counters, while the step points at the
	// dispatcher (the highlight apiserver.broadcaster).
	Dispatch *Dispatch `json:"dispatch,omitempty"`
	// cache-watcher, etcd-watch: events or responses waiting for it.
	Queued int `json:"queued,omitempty"`
	// page: its continue token ("" on the last page) and how many items.
	Continue string `json:"continue,omitempty"`
	Items    int    `json:"items,omitempty"`
	RV       uint64 `json:"rv,omitempty"`    // page, snapshot: the revision it shows
	Seats    int    `json:"seats,omitempty"` // page: the APF seats it was charged
	Source   string `json:"source,omitempty"`
	Client   string `json:"client,omitempty"` // page: who asked
	// Owner is the client whose part of the stage the actor is (its box,
	// its informers, a cache watcher serving it, an etcd watch it opened,
	// a poller): whom an answer drawn on it belongs to. "" for the
	// servers, and for a group of owners.
	Owner string `json:"-"`
	// memory: bytes in use and the limit (0: none).
	Bytes int64 `json:"bytes,omitempty"`
	Limit int64 `json:"limit,omitempty"`
	// chart: the Prometheus series and its value now.
	Metric string    `json:"metric,omitempty"`
	Value  float64   `json:"value,omitempty"`
	Series []float64 `json:"-"`
	Summed int       `json:"-"`
	// informer: its parts, left to right.
	Parts *Informer `json:"parts,omitempty"`
	// Rect is where the stage drew it, [x, y, w, h] on the 1920x1080
	// design canvas (state() fills it from the last layout); nil when the
	// stage draws it nowhere.
	Rect []float64 `json:"rect"`
}

// WatchState is one etcd watch: who opened it (a watch cache, or the
// client named Who), the next revision it will send, and whether it is
// caught up.
type WatchState struct {
	Cache   bool
	Who     string
	NextRev int64
	Synced  bool
}

// Ring is a watch cache's ring buffer as the stage draws it: Len events
// in Capacity slots, the oldest watchable at OldestRV, the newest at RV.
type Ring struct {
	Start    int // the oldest event's slot (watchCache.startIndex mod Capacity)
	Capacity int
	Len      int
	OldestRV uint64
	RV       uint64
	Objects  int // objects in the cache's store
	// Behind is, for each watcher of the cache that has fallen behind,
	// how many events it still has to read: it stands that far back
	// along the ring from the newest.
	Behind []int
}

// Informer is an informer's pipeline: the Reflector's phase and last RV,
// the DeltaFIFO's depth, the Indexer's objects, the handlers.
type Informer struct {
	Phase    string `json:"phase"`
	LastRV   string `json:"lastRV"`
	FIFO     int    `json:"fifo"`
	Indexer  int    `json:"indexer"`
	Handlers int    `json:"handlers"`
	// Workqueue is the controller queue the handlers feed, when the client
	// runs one (sim informer --workqueue); its part id is the informer's
	// plus "/workqueue".
	Workqueue *Workqueue `json:"workqueue,omitempty"`
	// The keys in the FIFO and waiting for the first handler, oldest
	// first, at most MaxStageKeys of each (the pipeline figure's tokens).
	FIFOKeys    []string `json:"-"`
	HandlerKeys []string `json:"-"`
}

// MaxStageKeys is how many keys of one pipeline stage the scene carries:
// past it, the figure says how many.
const MaxStageKeys = 12

// Workqueue is a controller's workqueue: the keys waiting (its
// workqueue_depth), those a worker holds, the keys sitting out a
// rate-limit back-off (outside the queue), and the reconciles so far,
// how many of them failed.
type Workqueue struct {
	Name       string `json:"name"`
	Depth      int    `json:"depth"`
	Processing int    `json:"processing"`
	BackingOff int    `json:"backingOff"`
	Reconciles int    `json:"reconciles"`
	Failed     int    `json:"failed"`
	// The keys queued, held by a worker and sitting out a back-off, at
	// most MaxStageKeys of each (the pipeline figure's tokens).
	Queued  []string `json:"-"`
	Working []string `json:"-"`
	Waiting []string `json:"-"`
}

// MarshalJSON adds a cache's ring fields (capacity, len, oldestRV, rv)
// beside the others, as state().scene promises, zeros included.
func (a Actor) MarshalJSON() ([]byte, error) {
	type plain Actor
	if a.Ring == nil {
		return json.Marshal(plain(a))
	}
	return json.Marshal(struct {
		plain
		Capacity int    `json:"capacity"`
		Len      int    `json:"len"`
		OldestRV uint64 `json:"oldestRV"`
		RingRV   uint64 `json:"rv"`
		Objects  int    `json:"objects"`
	}{plain(a), a.Ring.Capacity, a.Ring.Len, a.Ring.OldestRV, a.Ring.RV, a.Ring.Objects})
}

// Callout is the step's key response, drawn large beside the actor that
// received it.
type Callout struct {
	Actor string `json:"actor"`
	Text  string `json:"text"`
	Event uint64 `json:"event,omitempty"` // the trace event it shows
	// Client is who got the answer when the scene draws no actor of its
	// own ("kubectl" beside the cache that served it); "" when Actor is.
	Client string `json:"client,omitempty"`
}

// TextBox is one drawn text's box in design pixels (1920x1080).
type TextBox struct {
	X    float64 `json:"x"`
	Y    float64 `json:"y"`
	W    float64 `json:"w"`
	H    float64 `json:"h"`
	Text string  `json:"text"`
}

// Scene is the cast of one frame and what the step points at.
type Scene struct {
	Actors    []Actor   `json:"actors"`
	Focus     []string  `json:"focus"`
	Callout   *Callout  `json:"callout"`
	Texts     []TextBox `json:"texts"`
	Resources []string  `json:"resources"` // the resources the world uses
	// Packets are the messages on the wires now (issue 16, package
	// packets): from one actor to another, labelled, with a count.
	Packets []packets.Packet `json:"packets"`
	// Figure is the step's figure (issue 26), nil when the step names none.
	Figure *Figure `json:"figure"`
}

// Find returns the actor with id, or nil.
func (s *Scene) Find(id string) *Actor {
	for i := range s.Actors {
		if s.Actors[i].ID == id {
			return &s.Actors[i]
		}
	}
	return nil
}

// Of returns the actors of kind, in order.
func (s *Scene) Of(k Kind) []*Actor {
	var out []*Actor
	for i := range s.Actors {
		if s.Actors[i].Kind == k {
			out = append(out, &s.Actors[i])
		}
	}
	return out
}

// Focused reports whether id is in the step's focus.
func (s *Scene) Focused(id string) bool {
	for _, f := range s.Focus {
		if f == id {
			return true
		}
	}
	return false
}
