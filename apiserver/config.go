package apiserver

import (
	"math/rand/v2"
	"time"

	"watchscope/watchcache"
)

// Defaults of the kube-apiserver flags the simulation models (C12, B4, D).
const (
	DefaultCompactionInterval = 5 * time.Minute // --etcd-compaction-interval
	// DefaultStorageInitializationTimeout is --storage-initialization-timeout.
	DefaultStorageInitializationTimeout = time.Minute
	DefaultMaxRequestsInflight          = 400 // --max-requests-inflight
	DefaultMaxMutatingInflight          = 200 // --max-mutating-requests-inflight
	DefaultRequestTimeout               = 60 * time.Second
	DefaultMinRequestTimeout            = 1800 * time.Second // --min-request-timeout
	DefaultWatchCacheSizes              = "events#0,events.events.k8s.io#0"
	DefaultDefaultWatchCacheSize        = 100 // --default-watch-cache-size (deprecated)
)

// CachedResources are the resources a replica builds a Cacher for, in
// this order (events too, unless --watch-cache-sizes disables it, which
// kube-apiserver's defaults do).
var CachedResources = []string{"pods", "nodes", "secrets", "configmaps", "leases", "namespaces", "events"}

// Config is one replica's flags and feature gates. Zero values mean the
// 1.36 defaults, except the booleans, which are named so that false is
// the default.
type Config struct {
	// Name is the replica's node name ("apiserver-0").
	Name string
	// WatchCacheSizes is --watch-cache-sizes ("pods#0,..."); "" means
	// kube-apiserver's default DefaultWatchCacheSizes (events not cached).
	WatchCacheSizes string
	// DefaultWatchCacheSize is --default-watch-cache-size: nil means the
	// default 100; 0 disables every cache.
	DefaultWatchCacheSize *int
	// DisableWatchCache is --watch-cache=false.
	DisableWatchCache bool
	// LegacyFixedWatchCacheSizes models kube-apiserver before 1.19, when a
	// non-zero --watch-cache-sizes entry fixed that resource's ring
	// capacity. Off (the 1.36 behaviour) such entries are dropped with
	// "Dropping watch-cache-size for <resource> - watchCache size is now
	// dynamic". Lessons turn it on to show a ring of a chosen size.
	LegacyFixedWatchCacheSizes bool
	// DisableAPF turns off API Priority and Fairness
	// (--enable-priority-and-fairness=false): max-in-flight instead.
	DisableAPF bool
	// MaxRequestsInflight / MaxMutatingRequestsInflight (400 / 200).
	MaxRequestsInflight, MaxMutatingRequestsInflight int
	// DisableConsistentReads turns consistent LISTs from cache off
	// (ConsistentListFromCache; locked on in 1.34+, kept as a lesson knob).
	DisableConsistentReads bool
	// DisableListFromCacheSnapshot turns the ListFromCacheSnapshot gate off
	// (beta on in 1.34+): exact-RV and continue LISTs then go to etcd.
	DisableListFromCacheSnapshot bool
	// DisableWatchList turns the server WatchList gate off (beta on in
	// 1.34-1.36): sendInitialEvents is then refused with a 422.
	DisableWatchList bool
	// DisableSizeBasedListCost turns the SizeBasedListCostEstimate gate
	// off (beta on in 1.34+): APF then charges a LIST one seat per 100
	// objects, at most 10 (estimate.go).
	DisableSizeBasedListCost bool
	// DisableTriggerIndex builds every cache without its trigger index
	// (pods' spec.nodeName): not a flag, a what-if for the lessons. Every
	// watch is then a candidate for every event of its scope, and its
	// buffers are sized as for a resource without one.
	DisableTriggerIndex bool
	// CompactionInterval is --etcd-compaction-interval (5m); < 0 disables.
	CompactionInterval time.Duration
	// StorageInitializationTimeout is --storage-initialization-timeout
	// (1m): how long /readyz waits for the watch caches (readyz.go).
	StorageInitializationTimeout time.Duration
	// EtcdWatchLatency is how late etcd's watch responses reach the
	// caches (0: at once): not a flag but the state of etcd and the link
	// to it, which a restart does not change (see SetEtcdWatchLatency).
	EtcdWatchLatency time.Duration
	// Memory is the memory model (limit, factors, restart delay).
	Memory MemoryModel
	// Cost is the service-time model.
	Cost CostModel
	// Rand jitters bookmark timers and watch timeouts. Nil: a fixed seed.
	Rand *rand.Rand
	// Classify overrides the default APF classifier (see Classify).
	Classify func(Request) string
}

// withDefaults fills in zero fields.
func (c Config) withDefaults() Config {
	if c.Name == "" {
		c.Name = "apiserver-0"
	}
	if c.WatchCacheSizes == "" {
		c.WatchCacheSizes = DefaultWatchCacheSizes
	}
	if c.MaxRequestsInflight == 0 {
		c.MaxRequestsInflight = DefaultMaxRequestsInflight
	}
	if c.MaxMutatingRequestsInflight == 0 {
		c.MaxMutatingRequestsInflight = DefaultMaxMutatingInflight
	}
	if c.StorageInitializationTimeout <= 0 {
		c.StorageInitializationTimeout = DefaultStorageInitializationTimeout
	}
	if c.CompactionInterval == 0 {
		c.CompactionInterval = DefaultCompactionInterval
	}
	c.Memory = c.Memory.withDefaults()
	c.Cost = c.Cost.withDefaults()
	if c.Rand == nil {
		c.Rand = rand.New(rand.NewPCG(3, 6))
	}
	if c.Classify == nil {
		c.Classify = Classify
	}
	return c
}

// cacheEnabled decides, per resource, whether it gets a Cacher (C12):
// --watch-cache=false or a default size of 0 disables all; an entry
// "resource#0" disables one (the flag's entries merged over
// DefaultWatchCacheSizes, as kube-apiserver does); other sizes are ignored (dynamic sizing)
// unless LegacyFixedWatchCacheSizes, where they fix the ring's capacity
// (fixed > 0).
func (c Config) cacheEnabled(groupResource string) (enabled bool, fixed int, err error) {
	if c.DisableWatchCache || (c.DefaultWatchCacheSize != nil && *c.DefaultWatchCacheSize == 0) {
		return false, 0, nil
	}
	// kube-apiserver merges the flag over its defaults (completion.go):
	// "pods#50" leaves events uncached; a later entry wins.
	defaults, _ := watchcache.ParseWatchCacheSizes(DefaultWatchCacheSizes)
	sizes, err := watchcache.ParseWatchCacheSizes(c.WatchCacheSizes)
	if err != nil {
		return false, 0, err
	}
	mode := watchcache.DynamicSizing
	if c.LegacyFixedWatchCacheSizes {
		mode = watchcache.LegacyFixedSizing
	}
	enabled, fixed = true, 0
	for _, s := range append(defaults, sizes...) {
		if s.GroupResource == groupResource {
			enabled, fixed, _ = watchcache.ApplyWatchCacheSize(s.GroupResource, s.Size, mode)
		}
	}
	return enabled, fixed, nil
}
