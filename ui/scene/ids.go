// Package scene is the stage's cast: the actors a lesson's world has (etcd
// members and their watch streams, API server replicas with a watch cache
// per resource, the caches' watchers, clients, informers, kubelets,
// pollers, LIST pages, snapshots, Priority and Fairness levels, memory)
// and which of them a step is about. It is plain data built from plain
// data: no engine, no Ebiten, so the whole model is tested natively.
//
// The stage (ui/view) draws the cast as a diagram with wires; packets
// (issue 16) travel along those wires between actors named by the ids
// below; window.watchscope.state().scene hands the model to tests.
package scene

import "strconv"

// Actor ids are stable across frames, lowercase, and use '/' to separate
// a parent from its children. They are the convention the scene and the
// packets share (ui/packets builds the same ids):
//
//	etcd-0                                 an etcd member
//	etcd-0/watch/<stream>.<id>             one etcd watch (direct, or a cache's own)
//	etcd-0/watches                         the rest of them, counted
//	apiserver-0                            an API server replica
//	apiserver-0/cache/pods                 its watch cache of one resource
//	apiserver-0/cache/pods/watcher/<client>   one client watch on that cache
//	apiserver-0/cache/pods/watchers        all of them, counted
//	apiserver-0/apf                        its Priority and Fairness levels
//	apiserver-0/memory                     its memory against its limit
//	client/kubectl                         a client process
//	informer/<client>/<resource>           an informer (parts: /reflector /deltafifo /indexer /handlers,
//	                                       and /workqueue when a controller drains its handlers' keys)
//	kubelets                               the kubelets, counted
//	pollers                                the pollers, counted (poller/<name> one by one)
//	page/<n>                               a LIST page, with its continue token
//	snapshot/<rv>                          a cache snapshot a LIST was served from
//	chart/<n>                              a live chart of one of the lesson's metrics
const (
	Kubelets = "kubelets"
	Pollers  = "pollers"
)

// EtcdID is member i.
func EtcdID(i int) string { return "etcd-" + strconv.Itoa(i) }

// EtcdWatchID is one watch of member: the watch id on its stream (stream
// numbers keep ids unique: every stream numbers its watches from 0).
func EtcdWatchID(member string, stream int, id int64) string {
	return member + "/watch/" + strconv.Itoa(stream) + "." + strconv.FormatInt(id, 10)
}

// EtcdWatchesID is member's counted group of watches.
func EtcdWatchesID(member string) string { return member + "/watches" }

// CacheID is replica's watch cache of resource.
func CacheID(replica, resource string) string { return replica + "/cache/" + resource }

// CacheWatcherID is client's watch on a cache.
func CacheWatcherID(cache, client string) string { return cache + "/watcher/" + client }

// CacheWatchersID is a cache's counted group of watchers.
func CacheWatchersID(cache string) string { return cache + "/watchers" }

// APFID is replica's Priority and Fairness.
func APFID(replica string) string { return replica + "/apf" }

// MemoryID is replica's memory.
func MemoryID(replica string) string { return replica + "/memory" }

// ClientID is a client process.
func ClientID(name string) string { return "client/" + name }

// InformerID is client's informer of resource.
func InformerID(client, resource string) string { return "informer/" + client + "/" + resource }

// PollerID is one poller.
func PollerID(name string) string { return "poller/" + name }

// PageID is the nth page (from 1) of the step's paginated LIST.
func PageID(n int) string { return "page/" + strconv.Itoa(n) }

// SnapshotID is the cache snapshot at rv.
func SnapshotID(rv uint64) string { return "snapshot/" + strconv.FormatUint(rv, 10) }

// ChartID is the nth chart (from 0).
func ChartID(n int) string { return "chart/" + strconv.Itoa(n) }
