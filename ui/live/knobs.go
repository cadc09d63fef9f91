package live

import (
	"time"

	"watchscope/engine"
	"watchscope/informer"
)

// knobsLit are the sandbox's knob buttons (view.SandboxButtons) whose
// setting the world has now, read from the world itself: a knob set by
// its button, typed in the console in any spelling, or replayed from a
// link is lit; set back, or rewound past (seek), or in a rebuilt world,
// it is not. Nil for a world without API servers.
func knobsLit(w *engine.World) []string {
	if len(w.APIServers) == 0 {
		return nil
	}
	cfg := w.APIServers[0].Config() // sim set changes every replica
	fixed := informer.FixedBackoff(100 * time.Millisecond)
	b := w.ClientBackoff()
	var out []string
	for _, k := range []struct {
		name string
		on   bool
	}{
		{"cache", cfg.WatchCacheSizes == "pods#1000"},
		{"apf-off", cfg.DisableAPF},
		{"watchlist-off", cfg.DisableWatchList},
		{"consistent-off", cfg.DisableConsistentReads},
		{"memory", cfg.Memory.Limit == 1<<30},
		{"bookmarks-off", !w.ClientBookmarks()},
		{"backoff-fixed", b != nil && *b == fixed},
	} {
		if k.on {
			out = append(out, k.name)
		}
	}
	return out
}
