package apimachinery

// EventType is the type of a watch event, as watch.EventType.
type EventType string

// The watch event types of k8s.io/apimachinery/pkg/watch.
const (
	Added    EventType = "ADDED"
	Modified EventType = "MODIFIED"
	Deleted  EventType = "DELETED"
	Bookmark EventType = "BOOKMARK"
	Error    EventType = "ERROR"
)

// InitialEventsAnnotationKey marks the BOOKMARK that ends the initial
// events of a watch-list stream (metav1.InitialEventsAnnotationKey); its
// value is "true".
const InitialEventsAnnotationKey = "k8s.io/initial-events-end"

// WatchEvent is one event on a watch stream. Object is set for every type
// but ERROR, whose payload is Status. A BOOKMARK's object is an empty
// object of the resource's kind carrying only metadata.resourceVersion
// (and, for the end of initial events, the annotation above).
type WatchEvent struct {
	Type   EventType
	Object *Object
	Status *Status
}

// IsInitialEventsEnd reports whether e is the bookmark that ends a
// watch-list's initial events.
func (e WatchEvent) IsInitialEventsEnd() bool {
	return e.Type == Bookmark && e.Object != nil &&
		e.Object.Annotations[InitialEventsAnnotationKey] == "true"
}

// String is the one short text form: "ADDED Pod default/nginx@42",
// "ERROR 410 Expired: too old resource version: 5 (10)".
func (e WatchEvent) String() string {
	if e.Type == Error && e.Status != nil {
		return "ERROR " + e.Status.String()
	}
	s := string(e.Type) + " " + e.Object.String()
	if e.IsInitialEventsEnd() {
		s += " (initial-events-end)"
	}
	return s
}

// NewBookmarkObject builds the object of a BOOKMARK event: an empty object
// of the given kind with only resourceVersion set.
func NewBookmarkObject(kind string, rv uint64) *Object {
	return (&Object{Kind: kind}).WithResourceVersion(rv)
}

// AnnotateInitialEventsEnd returns a copy of a bookmark object with the
// initial-events-end annotation, as storage.AnnotateInitialEventsEndBookmark.
func AnnotateInitialEventsEnd(o *Object) *Object {
	c := o.DeepCopy()
	if c.Annotations == nil {
		c.Annotations = map[string]string{}
	}
	c.Annotations[InitialEventsAnnotationKey] = "true"
	return c
}
