package informer

import am "watchscope/apimachinery"

// MetaNamespaceKey is cache.MetaNamespaceKeyFunc: "<namespace>/<name>",
// or just "<name>" for a cluster-scoped object. For an object the watch
// cache decoded (and shares with every informer that holds it) the key is
// a view of the object's own storage key, so ~10,000 informer stores file
// 150,000 pods without building a key string each.
func MetaNamespaceKey(o *am.Object) string { return o.MetaNamespaceKey() }

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
