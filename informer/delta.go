package informer

import (
	"strconv"

	am "watchscope/apimachinery"
)

// DeltaType is the kind of change a Delta records.
type DeltaType string

// The delta types of tools/cache. ReplacedAll, SyncAll and Bookmark are
// produced only by a RealFIFO in atomic mode (1.36 AtomicFIFO).
const (
	Added       DeltaType = "Added"
	Updated     DeltaType = "Updated"
	Deleted     DeltaType = "Deleted"
	Replaced    DeltaType = "Replaced"
	Sync        DeltaType = "Sync"
	ReplacedAll DeltaType = "ReplacedAll"
	SyncAll     DeltaType = "SyncAll"
	BookmarkDT  DeltaType = "Bookmark"
)

// Delta is one queued change. Exactly one payload is set:
//
//	Added/Updated/Replaced/Sync     Object
//	Deleted                         Object (last state) or Tombstone
//	ReplacedAll                     Objects + ResourceVersion
//	Bookmark                        ResourceVersion
//	SyncAll                         nothing
type Delta struct {
	Type            DeltaType
	Object          *am.Object
	Tombstone       *DeletedFinalStateUnknown
	Objects         []*am.Object
	ResourceVersion string
}

// key is the FIFO key of a per-object delta
// (DeletionHandlingMetaNamespaceKeyFunc): a tombstone carries its own.
func (d Delta) key() string {
	if d.Tombstone != nil {
		return d.Tombstone.Key
	}
	if d.Object == nil {
		return ""
	}
	return MetaNamespaceKey(d.Object)
}

// lastState is the object a delta carries, unwrapping a tombstone.
func (d Delta) lastState() *am.Object {
	if d.Tombstone != nil {
		return d.Tombstone.Obj
	}
	return d.Object
}

// String is the one-line form: "Replaced Pod default/a@7",
// "Deleted DeletedFinalStateUnknown{default/b, Pod default/b@5}",
// "ReplacedAll 3 objects @9", "Bookmark @12", "SyncAll".
func (d Delta) String() string {
	switch {
	case d.Tombstone != nil:
		return string(d.Type) + " " + d.Tombstone.String()
	case d.Type == ReplacedAll:
		return "ReplacedAll " + strconv.Itoa(len(d.Objects)) + " objects @" + d.ResourceVersion
	case d.Type == BookmarkDT:
		return "Bookmark @" + d.ResourceVersion
	case d.Type == SyncAll:
		return "SyncAll"
	}
	return string(d.Type) + " " + d.Object.String()
}

// Deltas is the list of changes for one key (DeltaFIFO) or a single
// delta (RealFIFO), oldest first.
type Deltas []Delta

// Newest returns the most recent delta, or nil.
func (d Deltas) Newest() *Delta {
	if n := len(d); n > 0 {
		return &d[n-1]
	}
	return nil
}
