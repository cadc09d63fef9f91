package live

import (
	"strconv"
	"strings"
	"testing"

	"watchscope/ui/scene"
)

// sceneRow is one line of the table below: a lesson step and what its
// narration says the stage must show.
type sceneRow struct {
	lesson string
	step   int
	says   string // the narration's claim, in short
	check  func(t *testing.T, s *Session, sc *scene.Scene)
}

// TestSceneShowsWhatTheNarrationSays opens lesson steps by deep link and
// checks their scene against the narration, at least one row per lesson.
func TestSceneShowsWhatTheNarrationSays(t *testing.T) {
	rows := []sceneRow{
		{"revisions", 1, "one etcd member, nothing above it", func(t *testing.T, _ *Session, sc *scene.Scene) {
			need(t, len(sc.Of(scene.KindEtcd)) == 1 && len(sc.Of(scene.KindAPIServer)) == 0, "an etcd-only cast: %v", ids(sc))
		}},
		{"compaction", 7, "the compaction line", func(t *testing.T, _ *Session, sc *scene.Scene) {
			e := sc.Find("etcd-0")
			need(t, e != nil && strings.Contains(e.Detail, "compacted at"), "etcd says where it compacted: %+v", e)
		}},
		{"fan-out", 1, "one etcd watch per cached resource, 201 client watches", func(t *testing.T, _ *Session, sc *scene.Scene) {
			need(t, countOf(sc, scene.KindCacheWatcher, "pods") == 201, "cache watchers of pods: %d", countOf(sc, scene.KindCacheWatcher, "pods"))
		}},
		{"fan-out", 4, "etcd now sends 200 copies: 200 direct watchers", func(t *testing.T, _ *Session, sc *scene.Scene) {
			need(t, countOf(sc, scene.KindEtcdWatch, "") >= 200, "etcd watches: %d", countOf(sc, scene.KindEtcdWatch, ""))
			need(t, sc.Focused("etcd-0/watches"), "the direct watchers are not in focus: %v", sc.Focus)
		}},
		{"cache-sizing", 5, "exactly 1000 slots, full", func(t *testing.T, _ *Session, sc *scene.Scene) {
			c := sc.Find("apiserver-0/cache/configmaps")
			need(t, c != nil && c.Ring.Capacity == 1000 && c.Ring.Len == 1000, "configmaps cache: %+v", c)
			need(t, sc.Focused("apiserver-0/cache/configmaps"), "focus %v, want the configmaps cache", sc.Focus)
		}},
		{"polling-vs-watching", 2, "pollers; count the LISTs (about 150)", func(t *testing.T, s *Session, sc *scene.Scene) {
			need(t, countOf(sc, scene.KindPoller, "") == 5, "pollers: %d", countOf(sc, scene.KindPoller, ""))
			ch := chartMetric(sc, `verb="LIST"`, `resource="configmaps"`)
			if !need(t, ch != nil, "no chart counts the LISTs of configmaps: %v", ids(sc)) {
				return
			}
			v, _ := s.sim.World().Metrics.Value(`apiserver_request_total{code="200",resource="configmaps",verb="LIST"}`)
			need(t, ch.Value >= 150 && (v == 0 || ch.Value >= v), "the LIST chart reads %v", ch.Value)
		}},
		{"resource-version", 3, "kubectl's 504, drawn beside the cache that waited, says kubectl got it", func(t *testing.T, _ *Session, sc *scene.Scene) {
			co := sc.Callout
			need(t, co != nil && strings.HasPrefix(co.Text, "504") && co.Client == "kubectl", "callout %+v", co)
		}},
		{"polling-vs-watching", 3, "five informers start: they are the focus, not the controller manager's", func(t *testing.T, _ *Session, sc *scene.Scene) {
			for _, f := range sc.Focus {
				need(t, !strings.Contains(f, "controller-manager"), "focus %q: the step is about the watchers", f)
			}
			need(t, sc.Focused(scene.InformerID("watcher-0", "configmaps")), "watcher-0's informer is not in focus: %v", sc.Focus)
		}},
		{"pagination", 2, "a page of 500 and its continue token", func(t *testing.T, _ *Session, sc *scene.Scene) {
			p := sc.Find(scene.PageID(1))
			need(t, p != nil && p.Items == 500 && p.Continue != "", "page 1: %+v", p)
		}},
		{"pagination", 3, "kubectl walks the pages along their tokens", func(t *testing.T, _ *Session, sc *scene.Scene) {
			pages := sc.Of(scene.KindPage)
			need(t, len(pages) >= 6 && pages[0].Continue != "" && pages[len(pages)-1].Continue == "", "pages: %d", len(pages))
		}},
		{"snapshots", 1, "five pages from the cache's snapshot", func(t *testing.T, _ *Session, sc *scene.Scene) {
			need(t, len(sc.Of(scene.KindSnapshot)) >= 1, "no snapshot actor: %v", ids(sc))
		}},
		{"the-incident", 1, "three replicas, each with a secrets cache and its memory", func(t *testing.T, _ *Session, sc *scene.Scene) {
			for _, r := range []string{"apiserver-0", "apiserver-1", "apiserver-2"} {
				need(t, sc.Find(scene.CacheID(r, "secrets")) != nil, "%s has no secrets cache", r)
				m := sc.Find(scene.MemoryID(r))
				need(t, m != nil && m.Bytes > 0 && m.Limit > 0, "%s memory: %+v", r, m)
			}
		}},
		{"gone-410", 5, "the ring starts at the oldest RV; app watches it", func(t *testing.T, _ *Session, sc *scene.Scene) {
			c := sc.Find("apiserver-0/cache/pods")
			need(t, c != nil && c.Ring.Len == c.Ring.Capacity && c.Ring.OldestRV+uint64(c.Ring.Len) == c.Ring.RV, "pods ring: %+v", c.Ring)
			need(t, sc.Focused("apiserver-0/cache/pods"), "focus %v", sc.Focus)
		}},
		{"bookmarks", 1, "the pods cache", cacheOf("pods")},
		{"consistent-reads", 1, "the pollers and the pods cache", func(t *testing.T, s *Session, sc *scene.Scene) {
			cacheOf("pods")(t, s, sc)
			need(t, countOf(sc, scene.KindPoller, "") == 50, "pollers: %d", countOf(sc, scene.KindPoller, ""))
		}},
		{"informers", 1, "app's informer: Reflector, FIFO, Indexer, handlers", func(t *testing.T, _ *Session, sc *scene.Scene) {
			inf := sc.Find(scene.InformerID("app", "pods"))
			need(t, inf != nil && inf.Parts != nil && inf.Parts.Indexer > 0, "app's informer: %+v", inf)
			need(t, sc.Focused(scene.InformerID("app", "pods")), "focus %v", sc.Focus)
		}},
		{"resource-version", 1, "pods and configmaps in the one store", cacheOf("pods")},
		{"restart-storm", 1, "200 kubelets watching", func(t *testing.T, _ *Session, sc *scene.Scene) {
			k := sc.Find(scene.Kubelets)
			need(t, k != nil && k.Count == 200, "kubelets: %+v", k)
		}},
		{"slow-consumers", 1, "three controllers on the pods cache", func(t *testing.T, _ *Session, sc *scene.Scene) {
			for _, c := range []string{"fast", "slow", "busy"} {
				need(t, sc.Find(scene.InformerID(c, "pods")) != nil, "no informer of %s", c)
			}
		}},
		{"stale-reads", 1, "the configmaps cache", cacheOf("configmaps")},
		{"watch-list", 1, "the secrets cache", cacheOf("secrets")},
	}
	for step := 2; step <= 6; step++ { // step 1 opens no watch yet
		rows = append(rows, sceneRow{"etcd-watch", step, "every open etcd watch", etcdWatchesMatch})
	}
	for _, r := range rows {
		t.Run(r.lesson+"/"+itoaT(r.step), func(t *testing.T) {
			s, err := Open(Link{Lesson: r.lesson, Step: r.step})
			if err != nil {
				t.Fatal(err)
			}
			sc := s.sceneState()
			for _, f := range sc.Focus {
				need(t, sc.Find(f) != nil, "focus %q is not an actor", f)
			}
			for _, c := range sc.Of(scene.KindCache) {
				need(t, contains(sc.Resources, c.Resource), "cache of %s, a resource the world does not use (%v)", c.Resource, sc.Resources)
			}
			r.check(t, s, sc)
		})
	}
}

// etcdWatchesMatch: every open etcd watch is on the stage, one by one or
// counted.
func etcdWatchesMatch(t *testing.T, s *Session, sc *scene.Scene) {
	open := len(s.sim.World().Etcd.Watches())
	need(t, open > 0 && countOf(sc, scene.KindEtcdWatch, "") == open, "etcd has %d watches, the stage %d", open, countOf(sc, scene.KindEtcdWatch, ""))
}

func cacheOf(resource string) func(t *testing.T, s *Session, sc *scene.Scene) {
	return func(t *testing.T, _ *Session, sc *scene.Scene) {
		need(t, sc.Find(scene.CacheID("apiserver-0", resource)) != nil, "no %s cache: %v", resource, ids(sc))
	}
}

// countOf counts actors of kind (and resource, unless ""), groups by their count.
func countOf(sc *scene.Scene, k scene.Kind, resource string) int {
	n := 0
	for _, a := range sc.Of(k) {
		if resource != "" && a.Resource != resource {
			continue
		}
		n += max(a.Count, 1)
	}
	return n
}

func chartMetric(sc *scene.Scene, labels ...string) *scene.Actor {
	for _, a := range sc.Of(scene.KindChart) {
		ok := true
		for _, l := range labels {
			ok = ok && strings.Contains(a.Metric, l)
		}
		if ok {
			return a
		}
	}
	return nil
}

func ids(sc *scene.Scene) []string {
	var out []string
	for _, a := range sc.Actors {
		out = append(out, a.ID)
	}
	return out
}

func need(t *testing.T, ok bool, format string, args ...any) bool {
	t.Helper()
	if !ok {
		t.Errorf(format, args...)
	}
	return ok
}

func itoaT(n int) string { return strconv.Itoa(n) }
