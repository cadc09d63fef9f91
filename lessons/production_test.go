package lessons

import (
	"regexp"
	"slices"
	"testing"

	"watchscope/engine"
)

// productionTitle is the heading of every built-in lesson's last step:
// the beat that names what a real cluster shows of the same mechanism.
const productionTitle = "What you'd see in production"

// metricWord is a Prometheus-style name in narration: lower case, with
// at least two underscores (apiserver_request_total, watch_cache_capacity).
var metricWord = regexp.MustCompile(`\b[a-z][a-z0-9]*(?:_[a-z0-9]+){2,}\b`)

// TestEveryLessonEndsInProduction: each built-in lesson's last step is
// the production beat, it names at least one metric, and every metric it
// names is one this simulation exports in the lesson's own world (the
// registry at the end of the run, etcd's metrics included), so a class
// can look the same name up on a real cluster.
func TestEveryLessonEndsInProduction(t *testing.T) {
	for _, l := range mustAll(t) {
		last := l.Steps[len(l.Steps)-1]
		if last.Title != productionTitle {
			t.Errorf("%s ends with %q, not %q", l.ID, last.Title, productionTitle)
			continue
		}
		var w *engine.World
		if _, err := Play(l, Options{Wrap: func(next Executor, ww *engine.World) Executor { w = ww; return next }}); err != nil {
			t.Fatal(err)
		}
		known := knownMetricNames(w, nil)
		named := metricWord.FindAllString(last.Narration, -1)
		if len(named) == 0 {
			t.Errorf("%s: the production beat names no metric", l.ID)
		}
		for _, n := range named {
			if !slices.Contains(known, n) && !slices.Contains(known, n+"_count") {
				t.Errorf("%s: the production beat names %s, which the simulation does not export", l.ID, n)
			}
		}
	}
}
