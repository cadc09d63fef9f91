package informer

import (
	"time"

	am "watchscope/apimachinery"
)

// NotificationType is which handler method a notification calls.
type NotificationType int

// The three handler calls of cache.ResourceEventHandler.
const (
	NotifyAdd NotificationType = iota
	NotifyUpdate
	NotifyDelete
)

// Notification is one OnAdd/OnUpdate/OnDelete call for a handler.
//
//	Add:    Object (IsInInitialList for the initial sync / late join)
//	Update: Old -> Object (Sync when both carry the same RV: a resync)
//	Delete: Object = last known state, or Tombstone when the delete was
//	        discovered by a relist (DeletedFinalStateUnknown)
type Notification struct {
	Type            NotificationType
	Object, Old     *am.Object
	Tombstone       *DeletedFinalStateUnknown
	IsInInitialList bool
	// At is when the informer distributed it (the handler may run later).
	At time.Duration
}

// String is the one-line form: "ADD Pod default/a@5 (initial)",
// "UPDATE Pod default/a@5 -> Pod default/a@6", "DELETE DeletedFinalStateUnknown{...}".
func (n Notification) String() string {
	switch n.Type {
	case NotifyAdd:
		s := "ADD " + n.Object.String()
		if n.IsInInitialList {
			s += " (initial)"
		}
		return s
	case NotifyUpdate:
		s := "UPDATE " + n.Old.String() + " -> " + n.Object.String()
		if n.IsSync() {
			s += " (sync)"
		}
		return s
	}
	if n.Tombstone != nil {
		return "DELETE " + n.Tombstone.String()
	}
	return "DELETE " + n.Object.String()
}

// IsSync reports an update whose old and new resourceVersion are equal:
// a resync (or an unchanged object in a relist), delivered only to
// handlers due for resync.
func (n Notification) IsSync() bool {
	return n.Type == NotifyUpdate && n.Old != nil && n.Object != nil &&
		n.Old.ResourceVersion == n.Object.ResourceVersion
}

// Handler receives notifications; now is the virtual time the handler
// starts working on it.
type Handler interface {
	Handle(now time.Duration, n Notification)
}

// HandlerFunc adapts a function to Handler.
type HandlerFunc func(now time.Duration, n Notification)

// Handle calls f.
func (f HandlerFunc) Handle(now time.Duration, n Notification) { f(now, n) }
