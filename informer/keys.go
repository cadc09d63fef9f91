package informer

import am "watchscope/apimachinery"

// MetaNamespaceKey is cache.MetaNamespaceKeyFunc: "<namespace>/<name>",
// or just "<name>" for a cluster-scoped object.
func MetaNamespaceKey(o *am.Object) string {
	if o.Namespace == "" {
		return o.Name
	}
	return o.Namespace + "/" + o.Name
}

// DeletedFinalStateUnknown is the tombstone a FIFO hands out when it
// learns from a relist that an object is gone without having seen its
// DELETE event. Obj is the last state the informer knew (possibly stale,
// possibly nil).
type DeletedFinalStateUnknown struct {
	Key string
	Obj *am.Object
}

func (d DeletedFinalStateUnknown) String() string {
	return "DeletedFinalStateUnknown{" + d.Key + ", " + d.Obj.String() + "}"
}
