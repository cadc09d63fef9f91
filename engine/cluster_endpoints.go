package engine

import (
	"strconv"
	"strings"
	"time"

	am "watchscope/apimachinery"
	"watchscope/apiserver"
	"watchscope/informer"
)

// endpointsController is an endpoints-like controller: every pod change
// marks its namespace's service dirty; every EndpointsPeriod it writes
// one Endpoints object per dirty namespace (a coalescing work queue, in
// namespace order).
type endpointsController struct {
	c     *Cluster
	dirty []bool
	queue []int
}

func newEndpointsController(c *Cluster) *endpointsController {
	return &endpointsController{c: c, dirty: make([]bool, c.cfg.Namespaces)}
}

func (e *endpointsController) onPod(_ time.Duration, n informer.Notification) {
	if n.IsSync() || (n.Type == informer.NotifyAdd && n.IsInInitialList) {
		return
	}
	o := n.Object
	if o == nil && n.Tombstone != nil {
		o = n.Tombstone.Obj
	}
	if o == nil {
		return
	}
	i, err := strconv.Atoi(strings.TrimPrefix(o.Namespace, "ns-"))
	if err != nil || i < 0 || i >= len(e.dirty) || e.dirty[i] {
		return
	}
	e.dirty[i] = true
	e.queue = append(e.queue, i)
}

func (e *endpointsController) flush() {
	c := e.c
	for _, i := range e.queue {
		e.dirty[i] = false
		ep := &am.Object{Kind: "Endpoints", SizeBytes: 2048,
			ObjectMeta: am.ObjectMeta{Namespace: NamespaceName(i), Name: "svc"}}
		c.write("controller-manager", apiserver.UPDATE, "endpoints", ep)
	}
	e.queue = e.queue[:0]
	if !c.quiet {
		c.w.After(c.cfg.EndpointsPeriod, e.flush)
	}
}
