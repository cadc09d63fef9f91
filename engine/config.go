package engine

import (
	"errors"
	"time"

	"watchscope/informer"
	"watchscope/mvcc"
)

// Defaults for a zero Config field.
const (
	DefaultLatency        = time.Millisecond
	DefaultJitter         = 500 * time.Microsecond
	DefaultSampleInterval = time.Second
	DefaultSeriesCapacity = 600 // ten minutes of one-second samples
)

// Config describes a world. A zero field means the default; two worlds
// built from equal Configs and fed the same commands are identical.
type Config struct {
	// Seed selects the one random sequence the whole world draws from.
	Seed uint64
	// Etcd configures the simulated etcd member "etcd-0". Its Rand is
	// always replaced by the world's random source (a private source
	// would keep its state across Restore and break replay).
	Etcd mvcc.Config
	// Link is the default for every pair of nodes without its own
	// SetLink: Latency +- Jitter, uniformly. Zero means 1ms +- 0.5ms.
	Link LinkConfig
	// TraceWindow bounds the trace events kept in memory (default 10000).
	TraceWindow int
	// SampleInterval is the metrics sampling period (default 1s) and
	// SeriesCapacity the samples kept per series (default 600).
	SampleInterval time.Duration
	SeriesCapacity int
	// APIServers configures the kube-apiserver replicas (none by default,
	// which keeps etcd-only worlds and their golden traces unchanged).
	APIServers APIServersConfig
	// Cluster generates nodes, kubelets, controllers and their objects
	// (none by default). It needs APIServers.Replicas >= 1.
	Cluster ClusterConfig
	// Apply interprets external commands (see World.Exec). The console
	// package provides the real one; the engine knows no command syntax.
	Apply Applier
	// ClientBackoff, when set, replaces client-go's reflector backoff
	// (800ms doubling to 30s, jitter 1.0) in every informer of the world:
	// lessons and the sandbox use it to show a relist storm without
	// backoff or without jitter.
	ClientBackoff *informer.Backoff
	// ClientDisableBookmarks makes every reflector's plain watches leave
	// allowWatchBookmarks off (see informer.ReflectorConfig); the sandbox's
	// knob for it is World.SetClientBookmarks.
	ClientDisableBookmarks bool
}

var errNegative = errors.New("engine: config values must not be negative")

// withDefaults validates the config and fills in zero fields.
func (c Config) withDefaults() (Config, error) {
	if c.TraceWindow < 0 || c.SampleInterval < 0 || c.SeriesCapacity < 0 ||
		c.Link.Latency < 0 || c.Link.Jitter < 0 {
		return c, errNegative
	}
	if c.Link == (LinkConfig{}) {
		c.Link = LinkConfig{Latency: DefaultLatency, Jitter: DefaultJitter}
	}
	if c.TraceWindow == 0 {
		c.TraceWindow = DefaultTraceWindow
	}
	if c.SampleInterval == 0 {
		c.SampleInterval = DefaultSampleInterval
	}
	if c.SeriesCapacity == 0 {
		c.SeriesCapacity = DefaultSeriesCapacity
	}
	return c, nil
}
