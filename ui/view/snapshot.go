package view

import (
	"time"

	"watchscope/ui/scene"
)

// Snapshot is everything the stage draws, copied out of the simulated
// world after a tick. The view never reads the world itself: the session
// (package live) fills a Snapshot, the view turns it into a Scene.
type Snapshot struct {
	Now        time.Duration // simulated time since the world started
	Rev        int64         // etcd's current revision (header.revision)
	CompactRev int64         // last compaction revision, 0 if none
	Records    []Record      // the revision history still in the backend, oldest first
	Keys       []KeyIndex    // the key index, in key order
	MoreKeys   int           // keys in the index beyond Keys
	LiveKeys   int           // keys that exist now (last generation not empty)
	Log        []LogLine     // the last console commands, oldest first
	Paused     bool
	Speed      float64 // virtual seconds per real second

	// Replicas counts the world's API servers: with any, the stage draws
	// the diagram of Cast; without, the etcd stage.
	Replicas int
	// ClientRows names the first MaxClientRows clients the way a row per
	// client would list them, kubelets counted apart in a large cluster
	// (wires.go's unplacedAt).
	ClientRows []string
	Lesson     *LessonView   // nil in the sandbox
	Markers    []TraceItem   // timeline markers (410s, relists, ...) of the run so far
	Wires      []Wire        // a lesson step's packets on the wires (wires.go); nil in the sandbox
	Playback   *PlaybackView // a lesson step replayed in slow motion; nil when the screen is at the world's time
	UI         Chrome
	// Cast is the lesson world's actors and what the step points at
	// (package scene); the stage draws it as a diagram.
	Cast scene.Scene
}

// Record is one change stored at a revision: etcd keeps every version of
// every key in its backend, keyed by (main, sub) revision, until
// compaction removes what no reader can ask for any more. A deletion is
// stored as a tombstone.
type Record struct {
	Main, Sub int64
	Key       string
	Version   int64 // 1 when the put created the key (a new generation)
	Tombstone bool
}

// Kind is the watch event this record becomes.
func (r Record) Kind() Kind {
	switch {
	case r.Tombstone:
		return Deleted
	case r.Version == 1:
		return Added
	}
	return Modified
}

// KeyIndex is etcd's keyIndex for one key: its life as a list of
// generations. A generation starts when the key is created and ends with
// the tombstone of its deletion; the last generation is empty while the
// key does not exist.
//
//	key "web-0"
//	  generation 0: created 2, revs [2 5 9(tombstone)]
//	  generation 1: created 12, revs [12 15]
type KeyIndex struct {
	Key         string
	Generations []Generation
}

// Generation is one life of a key, as etcd's generation struct.
type Generation struct {
	Created int64   // main revision of the put that created it
	Ver     int64   // versions written in this generation
	Revs    []int64 // main revisions still indexed, oldest first
}

// Live reports whether the key exists now: its last generation has revisions.
func (k KeyIndex) Live() bool {
	n := len(k.Generations)
	return n > 0 && len(k.Generations[n-1].Revs) > 0
}

// LogLine is one console command and the first line of what it printed.
type LogLine struct {
	Cmd    string
	Out    string
	Failed bool
}
