package engine

import (
	"errors"
	"fmt"
	"time"

	am "watchscope/apimachinery"
	"watchscope/mvcc"
)

// ClusterConfig generates a Kubernetes cluster's clients and objects in
// a world: N nodes with a kubelet each, their node leases, a controller
// manager, kubectl users and, optionally, the seeds' misbehaving clients.
// Zero fields take the defaults noted; Nodes = 0 means no cluster.
//
//	per node:        kubelet (pods informer, fieldSelector spec.nodeName=<node>)
//	                 lease renewal every LeaseInterval (coordination.k8s.io)
//	controller-mgr:  pods + leases informers; a deployment-like controller
//	                 replacing pods (DELETE + CREATE) at PodChurn/s; an
//	                 endpoints-like controller writing one Endpoints per
//	                 namespace touched, every EndpointsPeriod
//	kubectl:         KubectlWatchers "get pods -A -w" (LIST, then WATCH);
//	                 KubectlGetPeriod "get pods -A" (paginated LIST, 500/page)
//	bad-controller:  unpaginated LIST of every secret, every BadReconcile
//	poller-K:        LIST configmaps in one namespace every PollPeriod
//
// The initial state (namespaces, nodes, leases, pods, secrets, configmaps,
// endpoints) is bulk-loaded straight into etcd at time zero, before the
// API servers start: one etcd Put per object, no requests, no events, so
// a 150,000-pod cluster exists at t=0 and every cache lists it at startup.
type ClusterConfig struct {
	Nodes               int
	PodsPerNode         int   // default 30 (150,000 pods at 5,000 nodes)
	Namespaces          int   // default max(1, Nodes/50)
	SecretsPerNamespace int   // default 10
	PodBytes            int32 // default 6 KiB (a pod with status)
	SecretBytes         int32 // default 2 KiB
	LeaseBytes          int32 // default 400 B
	// LeaseInterval is the node lease renewal period (default 10s; < 0: off).
	LeaseInterval time.Duration
	// PodChurn is pod replacements per second (default Nodes/30; < 0: off).
	// Each is a DELETE, a CREATE and the kubelet's status UPDATE.
	PodChurn        float64
	EndpointsPeriod time.Duration // default 5s
	NoControllers   bool
	KubectlWatchers int
	// KubectlGetPeriod: a user runs "kubectl get pods -A" this often (0: never).
	KubectlGetPeriod time.Duration
	// BadController adds the seeds' controller: an unpaginated LIST of all
	// secrets across all namespaces on every reconcile (BadReconcile,
	// default 10s).
	BadController bool
	BadReconcile  time.Duration
	BadStartAt    time.Duration // when it is deployed (default: with the rest)
	Pollers       int           // clients LISTing configmaps every PollPeriod
	PollPeriod    time.Duration // default 1s
	// StartAt and StartSpread: clients start uniformly in
	// [StartAt, StartAt+StartSpread) (defaults 3s and 5s), after the API
	// servers' caches have listed.
	StartAt, StartSpread time.Duration
	// DisableWatchList makes every informer a <= 1.34 client (LIST+WATCH).
	DisableWatchList bool
	// HandlerCost is the virtual cost of one handler notification
	// (default 0: instantaneous).
	HandlerCost time.Duration
}

var errClusterBounds = errors.New("engine: cluster size out of range (nodes 0..20000, pods per node 0..500, namespaces 1..20000)")

func (c ClusterConfig) withDefaults() (ClusterConfig, error) {
	def := func(v *int, d int) {
		if *v == 0 {
			*v = d
		}
	}
	def(&c.PodsPerNode, 30)
	def(&c.Namespaces, max(1, c.Nodes/50))
	def(&c.SecretsPerNamespace, 10)
	if c.Nodes < 0 || c.Nodes > 20000 || c.PodsPerNode < 0 || c.PodsPerNode > 500 ||
		c.Namespaces < 1 || c.Namespaces > 20000 || c.SecretsPerNamespace < 0 || c.KubectlWatchers < 0 || c.Pollers < 0 {
		return c, errClusterBounds
	}
	for _, p := range []struct {
		v *int32
		d int32
	}{{&c.PodBytes, 6 << 10}, {&c.SecretBytes, 2 << 10}, {&c.LeaseBytes, 400}} {
		if *p.v == 0 {
			*p.v = p.d
		}
	}
	dur := func(v *time.Duration, d time.Duration) {
		if *v == 0 {
			*v = d
		}
	}
	dur(&c.LeaseInterval, 10*time.Second)
	dur(&c.EndpointsPeriod, 5*time.Second)
	dur(&c.BadReconcile, 10*time.Second)
	dur(&c.PollPeriod, time.Second)
	dur(&c.StartAt, 3*time.Second)
	dur(&c.StartSpread, 5*time.Second)
	if c.PodChurn == 0 {
		c.PodChurn = float64(c.Nodes) / 30
	}
	return c, nil
}

// Cluster is the generated cluster living in a world.
type Cluster struct {
	w   *World
	cfg ClusterConfig
	// gen[k] is the generation of pod slot k (node k/PodsPerNode): the
	// deployment-like controller replaces pod-<node>-<slot>-<gen> with
	// gen+1.
	gen []uint32
	ep  *endpointsController
	// quiet stops the writers (Quiesce): loops do not re-arm.
	quiet bool
	// counters count the clients' requests by method (countResult).
	counters [restMethods]resultCounters
	names    clusterNames
	churnFn  func()         // c.churn, made once
	renewals []leaseRenewal // node i's renewal task (cluster_clients.go)
}

// Quiesce stops every periodic writer (lease renewals, pod churn,
// endpoints, kubectl get, the bad controller, pollers): after it only the
// writes already in flight and the kubelets' status updates for pods
// already created happen, so informers can be checked against etcd.
func (c *Cluster) Quiesce() {
	if c != nil {
		c.quiet = true
	}
}

// Cluster returns the world's generated cluster (nil when none).
func (w *World) Cluster() *Cluster { return w.cluster }

// Config is the cluster's configuration with defaults filled in.
func (c *Cluster) Config() ClusterConfig { return c.cfg }

// NodeName is node i's name ("node-7"); its kubelet's network node too.
func NodeName(i int) string { return fmt.Sprintf("node-%d", i) }

// NamespaceName is namespace i's name ("ns-3").
func NamespaceName(i int) string { return fmt.Sprintf("ns-%d", i) }

func (c *Cluster) podNamespace(slot int) string { return c.names.namespace(slot % c.cfg.Namespaces) }

// pod builds the object of pod slot at its current generation.
func (c *Cluster) pod(slot int) *am.Object {
	return &am.Object{Kind: "Pod", SizeBytes: c.cfg.PodBytes,
		ObjectMeta: am.ObjectMeta{Name: c.podName(slot), Namespace: c.podNamespace(slot),
			Labels: map[string]string{"app": c.names.app(slot % podApps)}},
		Spec: am.ObjectSpec{NodeName: c.names.node(slot / c.cfg.PodsPerNode)}}
}

// newCluster validates cfg and bulk-loads the initial objects into etcd.
func newCluster(w *World, cfg ClusterConfig) (*Cluster, error) {
	cfg, err := cfg.withDefaults()
	if err != nil {
		return nil, err
	}
	c := &Cluster{w: w, cfg: cfg, gen: make([]uint32, cfg.Nodes*cfg.PodsPerNode), names: newClusterNames(cfg)}
	return c, c.bulkLoad()
}

// bulkLoad writes the initial state straight into etcd (see ClusterConfig).
func (c *Cluster) bulkLoad() error {
	cfg := c.cfg
	var uid uint64
	put := func(resource string, o *am.Object) error {
		r, _ := am.LookupResource(resource)
		uid++
		o.Kind, o.UID = r.Kind, fmt.Sprintf("bulk-uid-%d", uid)
		_, err := c.w.Etcd.Put(mvcc.PutRequest{Key: []byte(r.Key(o.Namespace, o.Name)), Value: am.Encode(o)})
		return err
	}
	obj := func(ns, name string, size int32) *am.Object {
		return &am.Object{ObjectMeta: am.ObjectMeta{Namespace: ns, Name: name}, SizeBytes: size}
	}
	for i := range cfg.Namespaces {
		ns := NamespaceName(i)
		errs := []error{put("namespaces", obj("", ns, 300)), put("endpoints", obj(ns, "svc", 2048)),
			put("configmaps", obj(ns, "config", 1024))}
		for j := range cfg.SecretsPerNamespace {
			errs = append(errs, put("secrets", obj(ns, fmt.Sprintf("secret-%d", j), cfg.SecretBytes)))
		}
		if err := errors.Join(errs...); err != nil {
			return err
		}
	}
	for i := range cfg.Nodes {
		if err := errors.Join(put("nodes", obj("", NodeName(i), 4096)),
			put("leases", obj("kube-node-lease", NodeName(i), cfg.LeaseBytes))); err != nil {
			return err
		}
	}
	for slot := range c.gen {
		if err := put("pods", c.pod(slot)); err != nil {
			return err
		}
	}
	return nil
}
