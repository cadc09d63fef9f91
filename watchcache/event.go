package watchcache

import (
	"fmt"
	"time"

	am "watchscope/apimachinery"
)

// watchCacheEvent is one change as the watch cache keeps it: the new
// object, the previous one from the cache's own store (for selector
// rewriting, C5), the storage key and the time it arrived.
//
// Labels and fields are read from the objects when needed instead of
// being stored per event as the real cacher does; that keeps a cached
// event at a few pointers (the memory budget is per cached object).
type watchCacheEvent struct {
	Type            am.EventType
	Object          *am.Object
	PrevObject      *am.Object
	Key             string
	ResourceVersion uint64
	// RecordTime is the apiserver clock when the event was processed; the
	// ring buffer's grow/shrink decisions compare it with eventFreshDuration.
	RecordTime time.Duration
}

// String is the one text form: "MODIFIED /registry/pods/default/a@12".
func (e *watchCacheEvent) String() string {
	return fmt.Sprintf("%s %s@%d", e.Type, e.Key, e.ResourceVersion)
}

func errorText(format string, args ...any) string { return fmt.Sprintf(format, args...) }
