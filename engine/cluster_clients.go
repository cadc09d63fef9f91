package engine

import (
	"fmt"
	"time"

	am "watchscope/apimachinery"
	"watchscope/apiserver"
	"watchscope/informer"
)

// start schedules every client of the cluster: each one joins at a random
// time in [StartAt, StartAt+StartSpread), so 5,000 kubelets do not all
// send their first watch in the same microsecond.
func (c *Cluster) start() {
	w, cfg := c.w, c.cfg
	at := func() time.Duration { return cfg.StartAt + w.Uniform(0, cfg.StartSpread) }
	for i := range cfg.Nodes {
		w.Schedule(at(), 0, func() { c.startKubelet(i) })
	}
	if !cfg.NoControllers {
		w.Schedule(at(), 0, c.startControllerManager)
	}
	for i := range cfg.KubectlWatchers {
		w.Schedule(at(), 0, func() { c.startKubectlWatch(i) })
	}
	if cfg.KubectlGetPeriod > 0 {
		w.Schedule(at(), 0, func() { c.kubectlGet("kubectl-get", "") })
	}
	if cfg.BadController {
		w.Schedule(max(at(), cfg.BadStartAt), 0, c.badReconcile)
	}
	for i := range cfg.Pollers {
		w.Schedule(at(), 0, func() { c.poll(i) })
	}
}

// informerConfig is the world's default informer configuration plus the
// cluster's client-version choice.
func (c *Cluster) informerConfig() informer.InformerConfig {
	ic := c.w.InformerConfig()
	ic.DisableWatchList = c.cfg.DisableWatchList
	return ic
}

// startKubelet starts node i's kubelet: a pods informer limited to its
// node, a handler that reports new pods Running (a status UPDATE), and
// the lease renewal loop.
func (c *Cluster) startKubelet(i int) {
	w, node := c.w, c.names.node(i)
	ic := c.informerConfig()
	ic.FieldSelector = "spec.nodeName=" + node
	f := informer.NewSharedInformerFactory(ic)
	pods := f.InformerFor("pods")
	_, _ = pods.AddEventHandler(w.now, informer.HandlerFunc(func(_ time.Duration, n informer.Notification) {
		if n.Type == informer.NotifyAdd && !n.IsInInitialList && n.Object.Annotations["phase"] == "" {
			c.write(node, apiserver.UPDATE, "pods", runningCopy(n.Object))
		}
	}), informer.HandlerOptions{Name: "pod-worker", Cost: c.cfg.HandlerCost})
	if _, err := w.AddClient(node, f); err != nil {
		panic(err) // node names are generated unique
	}
	if c.cfg.LeaseInterval > 0 {
		w.After(w.Uniform(0, c.cfg.LeaseInterval), func() { c.renewLease(i) })
	}
}

// runningCopy is the kubelet's status update: the pod, now Running.
func runningCopy(o *am.Object) *am.Object {
	p := o.DeepCopy()
	p.ResourceVersion = ""
	if p.Annotations == nil {
		p.Annotations = map[string]string{}
	}
	p.Annotations["phase"] = "Running"
	return p
}

// renewLease is one node lease renewal, then the next one.
func (c *Cluster) renewLease(i int) {
	if c.quiet {
		return
	}
	node := c.names.node(i)
	var buf [24]byte // FormatTime's text, kept in the world's text arena
	renewed := c.w.text.string(appendTime(buf[:0], c.w.now))
	lease := &am.Object{Kind: "Lease", SizeBytes: c.cfg.LeaseBytes,
		ObjectMeta: am.ObjectMeta{Namespace: "kube-node-lease", Name: node,
			Annotations: map[string]string{"renewTime": renewed}}}
	c.write(node, apiserver.UPDATE, "leases", lease)
	if c.quiet {
		return
	}
	if c.renewals == nil {
		c.renewals = make([]leaseRenewal, c.cfg.Nodes)
	}
	c.renewals[i] = leaseRenewal{c: c, i: i}
	c.w.laterTask(c.cfg.LeaseInterval, &c.renewals[i])
}

// leaseRenewal is node i's next lease renewal as a task. The cluster
// keeps one per node in one array, so re-arming a renewal (500 a second
// at 5,000 nodes) allocates nothing and adds no object per node.
type leaseRenewal struct {
	c *Cluster
	i int
}

func (r *leaseRenewal) run() { r.c.renewLease(r.i) }

// write sends one write and counts its outcome as client-go's
// rest_client_requests_total{code,method} (host label left out).
func (c *Cluster) write(client string, verb apiserver.Verb, resource string, o *am.Object) {
	req := apiserver.Request{Verb: verb, Resource: resource, Namespace: o.Namespace, Name: o.Name}
	if verb != apiserver.DELETE {
		req.Body = o
	}
	c.w.Do(client, req, c.countResult(verb))
}

// countResult is the callback counting one request's outcome. There is
// one per method, made on first use, and each outcome's counter is looked
// up in resultCounters: building the series name for every answer was
// several allocations a write.
func (c *Cluster) countResult(verb apiserver.Verb) func(apiserver.Response) {
	m := restMethod(verb)
	if c.counters[m].count == nil {
		c.counters[m].count = func(resp apiserver.Response) { c.counters[m].outcome(c.w.Metrics, m, resp).Inc() }
	}
	return c.counters[m].count
}

// resultCounters are one method's rest_client_requests_total counters:
// by status code, and for answers that never came (code "<error>").
type resultCounters struct {
	count  func(apiserver.Response)
	byCode map[int32]*Counter
	failed *Counter
}

// outcome is the counter of resp's outcome, registered on first use.
func (rc *resultCounters) outcome(m *Metrics, method restMethodIndex, resp apiserver.Response) *Counter {
	if resp.ConnErr != nil {
		if rc.failed == nil {
			rc.failed = m.Counter("rest_client_requests_total", "code", "<error>", "method", method.String())
		}
		return rc.failed
	}
	ctr := rc.byCode[resp.Code]
	if ctr == nil {
		if rc.byCode == nil {
			rc.byCode = map[int32]*Counter{}
		}
		ctr = m.Counter("rest_client_requests_total", "code", fmt.Sprint(resp.Code), "method", method.String())
		rc.byCode[resp.Code] = ctr
	}
	return ctr
}

// restMethodIndex is client-go's HTTP method of a verb, as an index into
// Cluster.counters.
type restMethodIndex int

const (
	methodGET restMethodIndex = iota
	methodPOST
	methodPUT
	methodDELETE
	restMethods // how many
)

func restMethod(v apiserver.Verb) restMethodIndex {
	switch v {
	case apiserver.CREATE:
		return methodPOST
	case apiserver.UPDATE:
		return methodPUT
	case apiserver.DELETE:
		return methodDELETE
	}
	return methodGET
}

// String is the method's name ("PUT").
func (m restMethodIndex) String() string {
	return [restMethods]string{"GET", "POST", "PUT", "DELETE"}[m]
}

// startControllerManager starts kube-controller-manager's shared
// informers (pods, leases) with a deployment-like and an endpoints-like
// controller on them.
func (c *Cluster) startControllerManager() {
	w := c.w
	f := informer.NewSharedInformerFactory(c.informerConfig())
	pods := f.InformerFor("pods")
	f.InformerFor("leases") // the node lifecycle controller's
	c.ep = newEndpointsController(c)
	_, _ = pods.AddEventHandler(w.now, informer.HandlerFunc(c.ep.onPod), informer.HandlerOptions{Name: "endpoints-controller", Cost: c.cfg.HandlerCost})
	_, _ = pods.AddEventHandler(w.now, informer.HandlerFunc(func(time.Duration, informer.Notification) {}),
		informer.HandlerOptions{Name: "deployment-controller", Cost: c.cfg.HandlerCost})
	if _, err := w.AddClient("controller-manager", f); err != nil {
		panic(err)
	}
	if c.cfg.PodChurn > 0 {
		w.After(c.churnEvery(), c.churn)
	}
	w.After(c.cfg.EndpointsPeriod, c.ep.flush)
}

func (c *Cluster) churnEvery() time.Duration {
	return max(time.Duration(float64(time.Second)/c.cfg.PodChurn), time.Microsecond)
}

// churn is the deployment-like controller replacing one random pod: the
// old one is deleted and a new generation created on the same node.
func (c *Cluster) churn() {
	w := c.w
	if c.quiet {
		return
	}
	if n := len(c.gen); n > 0 {
		slot := w.Rand().IntN(n)
		old := c.pod(slot)
		c.gen[slot]++
		c.write("controller-manager", apiserver.DELETE, "pods", old)
		c.write("controller-manager", apiserver.CREATE, "pods", c.pod(slot))
	}
	if c.churnFn == nil {
		c.churnFn = c.churn // one method value, not one per replacement
	}
	w.later(c.churnEvery(), c.churnFn)
}

// startKubectlWatch is "kubectl get pods -A -w": a LIST, then a WATCH
// from its RV (an informer without watch-list).
func (c *Cluster) startKubectlWatch(i int) {
	ic := c.informerConfig()
	ic.DisableWatchList = true
	f := informer.NewSharedInformerFactory(ic)
	f.InformerFor("pods")
	if _, err := c.w.AddClient(fmt.Sprintf("kubectl-w-%d", i), f); err != nil {
		panic(err)
	}
}

// kubectlGet is "kubectl get pods -A": paginated LISTs of 500 following
// continue tokens, then again after KubectlGetPeriod.
func (c *Cluster) kubectlGet(client, cont string) {
	w := c.w
	req := apiserver.Request{Verb: apiserver.LIST, Resource: "pods", Options: am.ListOptions{Limit: 500, Continue: cont}}
	w.Do(client, req, func(resp apiserver.Response) {
		c.countResult(apiserver.LIST)(resp)
		if resp.List != nil && resp.List.Continue != "" {
			c.kubectlGet(client, resp.List.Continue)
			return
		}
		if !c.quiet {
			w.After(c.cfg.KubectlGetPeriod, func() { c.kubectlGet(client, "") })
		}
	})
}

// badReconcile is the seeds' controller: every reconcile lists every
// secret in every namespace, unpaginated, from no informer.
func (c *Cluster) badReconcile() {
	w := c.w
	if c.quiet {
		return
	}
	w.Do("bad-controller", apiserver.Request{Verb: apiserver.LIST, Resource: "secrets"}, func(resp apiserver.Response) {
		c.countResult(apiserver.LIST)(resp)
	})
	w.After(c.cfg.BadReconcile, c.badReconcile)
}

// poll is a polling controller: LIST its namespace's configmaps every
// PollPeriod instead of watching.
func (c *Cluster) poll(i int) {
	w := c.w
	if c.quiet {
		return
	}
	req := apiserver.Request{Verb: apiserver.LIST, Resource: "configmaps", Namespace: NamespaceName(i % c.cfg.Namespaces)}
	w.Do(fmt.Sprintf("poller-%d", i), req, c.countResult(apiserver.LIST))
	w.After(c.cfg.PollPeriod, func() { c.poll(i) })
}
