package view

// The stage's model beyond etcd: what the session copies out of the
// world's trace, metrics and lesson after a tick (the actors come as the
// scene's cast). Like Snapshot it is plain data, so layout is testable
// without a world.

// Bounds of what the session copies out per tick.
const (
	MaxClientRows = 4 // clients named in Snapshot.ClientRows
)

// TraceItem is one trace event the timeline marks (Snapshot.Markers).
type TraceItem struct {
	ID, Cause uint64
	AtMs      int64
	Node      string
	Kind      string // the trace's kind ("PUT", "REQ", "WATCH_ERROR", ...)
	Detail    string
	Mark      Marker // what the timeline makes of it
}

// Marker classifies trace events for the timeline.
type Marker int

const (
	NoMarker     Marker = iota
	MarkGone            // a 410 Gone (too old resource version, expired)
	MarkRelist          // a reflector's LIST after its first: a relist
	MarkCompact         // a compaction
	MarkRestart         // an API server restart
	MarkOOM             // an OOM kill
	MarkBookmark        // a bookmark delivered
	MarkFault           // a fault thrown by the learner or a scenario
	MarkList            // a reflector's first LIST (not a relist)
)

// String is the marker's name as the legend and state() print it.
func (m Marker) String() string {
	return [...]string{"", "410", "relist", "compaction", "restart", "OOMKilled", "bookmark", "fault", "list"}[m]
}

// Series is one metric's recent samples for a live chart.
type Series struct {
	Name   string    // the Prometheus series name, labels included
	Values []float64 // oldest first, one per sample interval
	Last   float64
	// Summed is how many series (replicas, label values) Values and Last
	// add up; above 1 the chart says so, since a gauge beside it may show
	// a single replica.
	Summed int
}

// LessonView is the lesson the stage is playing, step by step.
type LessonView struct {
	ID, Title   string
	Step, Steps int // Step is the number of steps played (0 before the first)
	StepTitle   string
	Narration   string
	Refs        []LessonRef // the lessons the narration points at: links that open them
	Highlights  []string    // target names ("apiserver.ring", "etcd.key:/a")
	Question    string
	Choices     []string
	Picked      int // the learner's choice, -1 before choosing
	Right       int // -1 until revealed
	Why         string
	Checks      []CheckView
	Done        bool
	Error       string
	StepEndsMs  []int64   // virtual time each played step ended, for the timeline
	Actions     []LogLine // the shown step's console commands and what they printed
}

// CheckView is one check's verdict.
type CheckView struct {
	Claim string
	Pass  bool
	Saw   string
	N     int // checks behind this claim
}

// Chrome is the state of the stage itself, not of the world: what the
// presenter toggled and what the pointer is over.
type Chrome struct {
	// Theme is what the stage is drawn in: a link's theme=, the
	// presenter's P. The zero Theme (a Chrome made by hand) draws Dark.
	Theme    Theme
	HoverRV  int64    // a resourceVersion under the pointer, highlighted in every layer (0: none)
	Reduced  bool     // reduced motion: highlights instead of travel
	Blank    bool     // B: a blank screen
	Message  string   // one line shown at the top; its one writer is live's message line
	Why      []string // the "why?" chain being shown, root first
	WhyTitle string
	Console  bool        // the console overlay is open
	Input    string      // what is typed in the console
	Picker   bool        // the lesson picker is open
	PickerAt int         // the picker's keyboard selection (↑ ↓ move it, Enter opens it)
	Lessons  []string    // "id  title" for the picker
	Knobs    []string    // the sandbox's knob lines
	Start    bool        // the start screen of a visit without parameters
	Path     []PathStop  // the lessons in the order the start screen walks them
	Resume   *ResumeStop // a lesson the learner started in this browser (the start screen's big button)
	// Recording is the "your cluster" page of a recording while it shows
	// (recording.go; live's cluster.go fills it).
	Recording *RecordingView
	// MessageCue: Message is the presenter's cue (a beat, drawn in the
	// calm accent), not a warning; set with Message, by the same writer.
	MessageCue bool
	// Shown is the overlays that show (overlay.go's registry: the
	// keyboard help, the legend), toggled by their verbs.
	Shown OverlaySet
}

// DialogOpen is the one answer to "is a dialog open?": the picker, the
// why? panel or an overlay registered as a dialog (the help), each of
// which takes every click and key (the widgets disable the controls
// under them, the scene answers no click). The page's own panels
// (share, open, export) are the widgets' too (ui/widgets.Layer adds
// them); an overlay that is not a dialog (the legend) closes on any
// click (its widget; Covered is either).
func (c Chrome) DialogOpen() bool { return c.Picker || len(c.Why) > 0 || c.showing(true) }
