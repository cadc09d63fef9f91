package scene

import (
	"strconv"
	"time"
)

// The figures (issue 26): the one relation a step is about, drawn large
// in the centre of the stage, built from the world like the actors. A
// lesson step names its figure in a `figure` block; the data comes from
// the world and the step's trace, never from the lesson text. Each
// figure is one line of ui/view's registry (figures.go): its kind (a
// word of lessons.FigureKinds), its FigureBuilder here and its painter.
// The kinds the code refers to by name:
const (
	FigRVAxis   = "rv-axis"  // etcd's revisions as a tape: the cache window, the compaction wall, the RVs the step names
	FigPages    = "pages"    // a LIST walked page by page: what each page returned, from where, at which revision
	FigPipeline = "pipeline" // Reflector > DeltaFIFO > Indexer > handlers > workqueue > worker, items in each
	FigFanOut   = "fan-out"  // one write reaching N watchers: through the cache, or directly from etcd
	FigFile     = "file"     // etcd's backend file: in use inside it, its size, the quota line
	FigTime     = "time"     // the lesson's moments on a time axis: a restart, relists, OOM kills
)

// Figure is the figure on the stage: its kind, the axis it spans and
// what it marks, as state().scene.figure prints it.
type Figure struct {
	Kind  string `json:"kind"`
	Title string `json:"title"` // the relation it shows, in words
	// rv-axis, pages: the revisions the axis spans; time: milliseconds.
	From uint64 `json:"from"`
	To   uint64 `json:"to"`
	// rv-axis: the cache's window [oldest watchable, newest], when a
	// cache serves the step's resource.
	Window []uint64 `json:"window,omitempty"`
	// rv-axis, pages: etcd's compacted revision (a wall: reads below it fail).
	Compacted uint64       `json:"compacted,omitempty"`
	Marks     []FigureMark `json:"marks"`
	Rect      []float64    `json:"rect,omitempty"` // [x, y, w, h] on the canvas, once drawn
}

// FigureMark is one thing a figure marks: an RV on the axis, a stage of
// the pipeline with the items in it, a number of copies, a byte count, a
// moment.
type FigureMark struct {
	ID    string `json:"id"` // "figure/<n>", stable for the figure's marks in order
	Label string `json:"label"`
	RV    uint64 `json:"rv,omitempty"` // rv-axis, pages: the revision it stands at
	// pipeline: items in the stage; fan-out: copies of one write; file:
	// bytes; pages: items the page returned.
	Value   int64  `json:"value,omitempty"`
	AtMs    int64  `json:"atMs,omitempty"`    // time: when, on the virtual clock
	Outside bool   `json:"outside,omitempty"` // rv-axis: left of the window (too old: 410)
	Source  string `json:"source,omitempty"`  // pages: where it was served from (cache, cache-snapshot, etcd)
	// pipeline: the keys in the stage, oldest first (at most
	// MaxStageKeys; Value says how many there are).
	Keys []string  `json:"keys,omitempty"`
	Rect []float64 `json:"rect,omitempty"`
}

// Fact is one thing the shown step's trace says that a figure marks: a
// 410's asked-for RV, a watch's start, a BOOKMARK.
type Fact struct {
	What   string // FactAsked, FactWatch, FactBookmark, FactRead
	RV     uint64
	Oldest uint64 // FactAsked: the oldest RV the cache could serve
	Client string
}

// The facts a figure marks.
const (
	FactAsked    = "asked"      // a watch or LIST refused with 410: the RV it asked for
	FactWatch    = "watch from" // a watch started at an RV
	FactBookmark = "bookmark"   // a BOOKMARK's RV
	FactRead     = "read at"    // a GET or LIST that asked for an RV (not older than it, or exactly it)
)

// Moment is one moment of the lesson so far on the virtual clock: a
// restart, a relist, an informer whole again, an OOM kill.
type Moment struct {
	What string
	At   time.Duration
}

// The moments a time figure marks.
const (
	MomentRestart = "restart"
	MomentRelist  = "relist"
	MomentSynced  = "synced"
	MomentOOM     = "OOM kill"
)

// DBFile is etcd's backend database file (mvcc.Metrics).
type DBFile struct {
	Size, InUse, Quota int64
}

// FigureBuilder makes a figure from the world for a step and the scene
// built for it (its actors, its focus), nil when the world has nothing
// for it to show (a pipeline without an informer). The builder need not
// set the figure's Kind: AddFigure does.
type FigureBuilder func(w World, st Step, sc *Scene) *Figure

// AddFigure gives sc the figure of kind that build makes of w for step
// st (none when it makes none), its marks numbered "figure/<n>" in order.
func (sc *Scene) AddFigure(kind string, build FigureBuilder, w World, st Step) {
	f := build(w, st, sc)
	if f == nil {
		return
	}
	f.Kind = kind
	for i := range f.Marks {
		f.Marks[i].ID = "figure/" + strconv.Itoa(i)
	}
	if f.Marks == nil {
		f.Marks = []FigureMark{}
	}
	sc.Figure = f
}

// etcdHead is the first member's revision and compacted revision.
func etcdHead(w World) (rev, compacted uint64) {
	if len(w.Etcd) == 0 {
		return 0, 0
	}
	return uint64(max(w.Etcd[0].Rev, 0)), uint64(max(w.Etcd[0].CompactRev, 0))
}

// replicaRing is one replica's cache of the step's resource.
type replicaRing struct {
	Replica string
	Ring    Ring
}

// stepCaches are the caches of the step's resource, one per replica that
// is up.
func stepCaches(w World, st Step) []replicaRing {
	var out []replicaRing
	for _, r := range w.Replicas {
		for _, c := range r.Caches {
			if r.Up && c.Resource == st.resource() && c.Ring.RV > 0 {
				out = append(out, replicaRing{r.Name, c.Ring})
			}
		}
	}
	return out
}
