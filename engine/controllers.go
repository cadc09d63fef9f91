package engine

import (
	"fmt"
	"strings"
	"time"

	"watchscope/informer"
	"watchscope/workqueue"
)

// NewController builds the controller every informer-driven operator
// runs: a rate-limited workqueue named name (client-go's defaults, its
// metrics in the world's registry as workqueue_*{name}), an event handler
// for inf that puts each notified object's namespace/name key in it, and
// workers that each take cost per key. A reconcile reads the key from
// inf's Indexer (the local cache, never the API server) and is recorded
// as a RECONCILE trace event on node. The workers start once inf (and
// the Need's lister) has synced, at a poll of WaitForCacheSync, as
// sample-controller's Run waits before it starts its workers:
//
//	reconcile default/pod-1 (rv 123, queued 2 adds)
//
// With a Need, the reconcile also reads the object it needs from that
// informer's cache (a lister), in the key's namespace, and fails while it
// is not there, with the error a lister's NotFound prints; the key goes
// back rate limited and the trace says why:
//
//	reconcile default/web (rv 123): configmap "web-config" not found
//
// Register the handler on inf, then give the controller to the client
// with Client.AddController.
func (w *World) NewController(node, name string, inf *informer.SharedIndexInformer, workers int,
	cost time.Duration, need *Need) (*workqueue.Controller, informer.Handler) {
	q := workqueue.New(name, nil, workqueueMetrics{w.Metrics}, w.now)
	ctrl := workqueue.NewController(q, workers, cost, func(_ time.Duration, key string) error {
		detail := "reconcile " + key + " (deleted: not in the cache)"
		if o, ok := inf.Indexer().GetByKey(key); ok {
			detail = fmt.Sprintf("reconcile %s (rv %s)", key, o.ResourceVersion)
		}
		err := need.check(key)
		if err != nil {
			detail += ": " + err.Error()
		}
		w.Record(node, KindReconcile, detail)
		return err
	})
	synced := []func() bool{inf.HasSynced}
	if need != nil {
		synced = append(synced, need.Lister.HasSynced)
	}
	ctrl.WaitForCacheSync(w.now, synced...)
	handler := informer.HandlerFunc(func(now time.Duration, n informer.Notification) {
		if key := notificationKey(n); key != "" {
			q.Add(now, key)
		}
	})
	return ctrl, handler
}

// Need is an object a controller's reconcile cannot do without: Name of
// Resource (its singular, lower-case kind in the error), read from Lister
// in the reconciled key's namespace, or by its name alone when the
// resource is cluster-scoped (a Node, a Namespace), as a lister's Get does.
type Need struct {
	Kind, Name string
	Namespaced bool
	Lister     *informer.SharedIndexInformer
}

// check is nil when the needed object is in the lister's cache.
func (n *Need) check(key string) error {
	if n == nil {
		return nil
	}
	k := n.Name
	if ns, _, ok := strings.Cut(key, "/"); ok && n.Namespaced {
		k = ns + "/" + n.Name
	}
	if _, ok := n.Lister.Indexer().GetByKey(k); ok {
		return nil
	}
	return fmt.Errorf("%s %q not found", n.Kind, n.Name)
}

// notificationKey is the key a controller's handler enqueues: the
// object's, or the tombstone's for a delete found by a relist
// (DeletionHandlingMetaNamespaceKeyFunc).
func notificationKey(n informer.Notification) string {
	if n.Tombstone != nil {
		return n.Tombstone.Key
	}
	if n.Object == nil {
		return ""
	}
	return informer.MetaNamespaceKey(n.Object)
}

// AddController runs ctrl in the client's process: its workers and its
// queue's timers are stepped with the informers, at one wake-up. resource
// is the one whose informer's handler feeds its queue.
func (c *Client) AddController(ctrl *workqueue.Controller, resource string) {
	c.controllers = append(c.controllers, ctrl)
	c.controllerOf = append(c.controllerOf, resource)
	c.flush()
}

// Controllers are the client's controllers, in the order they were added.
func (c *Client) Controllers() []*workqueue.Controller { return c.controllers }

// ControllerFor is the first controller fed by the client's informer of
// resource, or nil.
func (c *Client) ControllerFor(resource string) *workqueue.Controller {
	for i, r := range c.controllerOf {
		if r == resource {
			return c.controllers[i]
		}
	}
	return nil
}

// nextWake is the earliest wake of the informers and the controllers.
func (c *Client) nextWake(now time.Duration) (time.Duration, bool) {
	at, ok := c.factory.NextWake(now)
	for _, ctrl := range c.controllers {
		if t, cok := ctrl.NextWake(now); cok && (!ok || t < at) {
			at, ok = t, true
		}
	}
	return at, ok
}

// workqueueMetrics is client-go's workqueue MetricsProvider over the
// world's registry, every series labelled with the queue's name.
type workqueueMetrics struct{ m *Metrics }

type wqGauge struct{ g *Gauge }

func (g wqGauge) Inc()          { g.g.Add(1) }
func (g wqGauge) Dec()          { g.g.Add(-1) }
func (g wqGauge) Set(v float64) { g.g.Set(v) }

func (p workqueueMetrics) NewDepthMetric(name string) workqueue.GaugeMetric {
	return wqGauge{p.m.Gauge(workqueue.DepthMetric, "name", name)}
}
func (p workqueueMetrics) NewAddsMetric(name string) workqueue.CounterMetric {
	return p.m.Counter(workqueue.AddsMetric, "name", name)
}
func (p workqueueMetrics) NewRetriesMetric(name string) workqueue.CounterMetric {
	return p.m.Counter(workqueue.RetriesMetric, "name", name)
}
func (p workqueueMetrics) NewLatencyMetric(name string) workqueue.HistogramMetric {
	return p.m.Histogram(workqueue.QueueLatencyMetric, workqueue.DurationBuckets, "name", name)
}
func (p workqueueMetrics) NewWorkDurationMetric(name string) workqueue.HistogramMetric {
	return p.m.Histogram(workqueue.WorkDurationMetric, workqueue.DurationBuckets, "name", name)
}
func (p workqueueMetrics) NewUnfinishedWorkSecondsMetric(name string) workqueue.SettableGaugeMetric {
	return wqGauge{p.m.Gauge(workqueue.UnfinishedWorkMetric, "name", name)}
}
func (p workqueueMetrics) NewLongestRunningProcessorSecondsMetric(name string) workqueue.SettableGaugeMetric {
	return wqGauge{p.m.Gauge(workqueue.LongestRunningProcessorMetric, "name", name)}
}
