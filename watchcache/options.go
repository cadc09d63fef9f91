package watchcache

import (
	"fmt"
	"strconv"
	"strings"
)

// WatchCacheSize is one entry of --watch-cache-sizes, "resource[.group]#size".
type WatchCacheSize struct {
	GroupResource string
	Size          int
}

// ParseWatchCacheSizes parses the flag value, e.g. "pods#0,deployments.apps#0".
func ParseWatchCacheSizes(flag string) ([]WatchCacheSize, error) {
	var out []WatchCacheSize
	for _, part := range strings.Split(flag, ",") {
		if part == "" {
			continue
		}
		gr, n, ok := strings.Cut(part, "#")
		if !ok || gr == "" {
			return nil, fmt.Errorf("invalid value of watch cache size: %s", part)
		}
		size, err := strconv.Atoi(n)
		if err != nil || size < 0 {
			return nil, fmt.Errorf("invalid size of watch cache size: %s", part)
		}
		out = append(out, WatchCacheSize{gr, size})
	}
	return out, nil
}

// SizingMode says how --watch-cache-sizes values are interpreted.
type SizingMode int

const (
	// DynamicSizing is 1.19+: 0 disables the cache, any other value is
	// ignored with a log line and the ring sizes itself (100..102400).
	DynamicSizing SizingMode = iota
	// LegacyFixedSizing is the pre-1.19 model kept as a lesson knob: a
	// non-zero value is the fixed ring capacity (Config.FixedCapacity).
	LegacyFixedSizing
)

// ApplyWatchCacheSize decides, for one resource's configured size,
// whether it is cached and with what fixed capacity (0 = dynamic), and
// returns the log line the real server prints when it drops the value.
func ApplyWatchCacheSize(groupResource string, size int, mode SizingMode) (enabled bool, fixedCapacity int, log string) {
	if size == 0 {
		return false, 0, ""
	}
	if mode == LegacyFixedSizing {
		return true, size, ""
	}
	return true, 0, fmt.Sprintf("Dropping watch-cache-size for %s - watchCache size is now dynamic", groupResource)
}
