package lessons

import (
	"fmt"
	"strconv"
	"time"

	"watchscope/engine"
	"watchscope/mvcc"
	"watchscope/watchcache"
)

// flagSpec is a real flag a lesson may name. set, when non-nil, applies a
// value to the lesson's world; a flag without set can only be mentioned
// (at its default) until the layer that reads it exists.
type flagSpec struct {
	name string
	set  func(cfg *engine.Config, v string) error
}

// knownFlags are the flags of etcd 3.6 and kube-apiserver 1.36 that
// lessons talk about (names as the binaries spell them).
var knownFlags = []flagSpec{
	{"--auto-compaction-mode", func(c *engine.Config, v string) error { c.Etcd.AutoCompactionMode = v; return nil }},
	{"--auto-compaction-retention", setRetention},
	{"--watch-progress-notify-interval", setDuration(func(c *engine.Config) *time.Duration { return &c.Etcd.WatchProgressNotifyInterval })},
	{"--max-request-bytes", setInt(func(c *engine.Config, n int64) { c.Etcd.MaxRequestBytes = int(n) })},
	{"--max-txn-ops", setInt(func(c *engine.Config, n int64) { c.Etcd.MaxTxnOps = int(n) })},
	{"--quota-backend-bytes", setInt(func(c *engine.Config, n int64) { c.Etcd.QuotaBackendBytes = n })},
	{"--compaction-batch-limit", nil},
	{"--compaction-sleep-interval", nil},
	{"--etcd-compaction-interval", func(c *engine.Config, v string) error {
		d, err := time.ParseDuration(v)
		if err != nil || d < 0 {
			return fmt.Errorf("want a duration such as 5m (0 disables the compactor)")
		}
		if d == 0 {
			d = -1 // the flag's 0 means "off"; the simulation's zero means "default"
		}
		c.APIServers.Server.CompactionInterval = d
		return nil
	}},
	{"--etcd-prefix", nil},
	{"--watch-cache", nil},
	{"--watch-cache-sizes", func(c *engine.Config, v string) error {
		if _, err := watchcache.ParseWatchCacheSizes(v); err != nil {
			return err
		}
		c.APIServers.Server.WatchCacheSizes = v
		return nil
	}},
	{"--default-watch-cache-size", nil},
	{"--max-requests-inflight", setInt(func(c *engine.Config, n int64) { c.APIServers.Server.MaxRequestsInflight = int(n) })},
	{"--max-mutating-requests-inflight", setInt(func(c *engine.Config, n int64) { c.APIServers.Server.MaxMutatingRequestsInflight = int(n) })},
	{"--min-request-timeout", nil},
	{"--storage-initialization-timeout", setDuration(func(c *engine.Config) *time.Duration { return &c.APIServers.Server.StorageInitializationTimeout })},
	{"--enable-priority-and-fairness", nil},
	{"--feature-gates", nil},
}

// setRetention accepts what etcd accepts in practice: a whole number
// (hours in periodic mode, revisions in revision mode) or a duration of
// at least a second.
func setRetention(c *engine.Config, v string) error {
	if n, err := strconv.ParseInt(v, 10, 64); err == nil && n >= 0 && n <= 1<<40 {
		c.Etcd.AutoCompactionRetention = v
		return nil
	}
	if d, err := time.ParseDuration(v); err == nil && d >= time.Second {
		c.Etcd.AutoCompactionRetention = v
		return nil
	}
	return fmt.Errorf("want a whole number or a duration of at least 1s")
}

func setDuration(field func(*engine.Config) *time.Duration) func(*engine.Config, string) error {
	return func(c *engine.Config, v string) error {
		d, err := time.ParseDuration(v)
		if err != nil {
			return fmt.Errorf("want a duration such as 5s")
		}
		*field(c) = d
		return nil
	}
}

func setInt(set func(*engine.Config, int64)) func(*engine.Config, string) error {
	return func(c *engine.Config, v string) error {
		n, err := strconv.ParseInt(v, 10, 64)
		if err != nil || n <= 0 {
			return fmt.Errorf("want a positive whole number")
		}
		set(c, n)
		return nil
	}
}

func flagNames() []string {
	names := make([]string, len(knownFlags))
	for i, f := range knownFlags {
		names[i] = f.name
	}
	return names
}

func findFlag(name string) (flagSpec, bool) {
	for _, f := range knownFlags {
		if f.name == name {
			return f, true
		}
	}
	return flagSpec{}, false
}

// checkFlag validates a flag and, if it has a value, that the world can
// be built with it.
func checkFlag(f Flag) error {
	spec, ok := findFlag(f.Name)
	if !ok {
		return fmt.Errorf("unknown flag %q%s", f.Name, didYouMean(f.Name, flagNames()))
	}
	if !f.HasValue {
		return nil
	}
	if spec.set == nil {
		return fmt.Errorf("flag %s can only be mentioned (no =value) until the layer that reads it exists", f.Name)
	}
	var cfg engine.Config
	if err := spec.set(&cfg, f.Value); err != nil {
		return fmt.Errorf("flag %s=%s: %v", f.Name, f.Value, err)
	}
	if _, err := mvcc.NewServer(cfg.Etcd); err != nil {
		return fmt.Errorf("flag %s=%s: %v", f.Name, f.Value, err)
	}
	return nil
}

// WorldConfig is the engine configuration a lesson's world is built
// from: the seed and every flag the header sets.
func (l *Lesson) WorldConfig(seed uint64) engine.Config {
	cfg := engine.Config{Seed: seed}
	for _, f := range l.World {
		if s, ok := findWorldSetting(f.Name); ok {
			_ = s.set(&cfg, f.Value) // validated by the parser
		}
	}
	for _, f := range l.Flags {
		if spec, ok := findFlag(f.Name); ok && f.HasValue && spec.set != nil {
			_ = spec.set(&cfg, f.Value) // validated by the parser
		}
	}
	return cfg
}
