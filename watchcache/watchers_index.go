package watchcache

import (
	"maps"
	"slices"
	"watchscope/internal/order"
)

// namespacedName is a watcher's scope: set when the request path or
// exact field selectors name a namespace and/or an object.
type namespacedName struct {
	namespace, name string
}

// watcherSet keeps watchers in registration order (the real map's
// iteration order is random; here the fan-out order is part of what the
// learner sees). Removal marks and compacts lazily.
type watcherSet struct {
	ws      []*CacheWatcher
	removed int
}

func (s *watcherSet) add(w *CacheWatcher) { s.ws = append(s.ws, w) }

func (s *watcherSet) remove(w *CacheWatcher) {
	s.removed++
	if s.removed*2 > len(s.ws) {
		s.ws = slices.DeleteFunc(s.ws, func(x *CacheWatcher) bool { return x.stopped || x == w })
		s.removed = 0
	}
}

func (s *watcherSet) appendLive(dst []*CacheWatcher) []*CacheWatcher {
	for _, w := range s.ws {
		if !w.stopped {
			dst = append(dst, w)
		}
	}
	return dst
}

// indexedWatchers is the cacher's watcher index: by scope, plus by
// trigger value (spec.nodeName for pods) for watches that use it.
type indexedWatchers struct {
	allWatchers   map[namespacedName]*watcherSet
	valueWatchers map[string]*watcherSet
	count         int
}

func newIndexedWatchers() *indexedWatchers {
	return &indexedWatchers{allWatchers: map[namespacedName]*watcherSet{}, valueWatchers: map[string]*watcherSet{}}
}

func (i *indexedWatchers) set(w *CacheWatcher) *watcherSet {
	if w.triggerSupported {
		s := i.valueWatchers[w.triggerValue]
		if s == nil {
			s = &watcherSet{}
			i.valueWatchers[w.triggerValue] = s
		}
		return s
	}
	s := i.allWatchers[w.scope]
	if s == nil {
		s = &watcherSet{}
		i.allWatchers[w.scope] = s
	}
	return s
}

func (i *indexedWatchers) add(w *CacheWatcher) { i.set(w).add(w); i.count++ }

// remove must be called after w.stopped is set.
func (i *indexedWatchers) remove(w *CacheWatcher) { i.set(w).remove(w); i.count-- }

// candidates collects the watchers an event may concern, in the real
// order: namespace+name scope, namespace scope, name scope, cluster-wide,
// then trigger-value watchers (every one when the event has no value).
func (i *indexedWatchers) candidates(dst []*CacheWatcher, ns, name string, values []string) []*CacheWatcher {
	if ns != "" {
		if name != "" {
			dst = i.scoped(dst, namespacedName{ns, name})
		}
		dst = i.scoped(dst, namespacedName{namespace: ns})
	}
	if name != "" {
		dst = i.scoped(dst, namespacedName{name: name})
	}
	dst = i.scoped(dst, namespacedName{})
	if values == nil {
		for _, v := range slices.Sorted(maps.Keys(i.valueWatchers)) {
			dst = i.valueWatchers[v].appendLive(dst)
		}
		return dst
	}
	for _, v := range values {
		if s := i.valueWatchers[v]; s != nil {
			dst = s.appendLive(dst)
		}
	}
	return dst
}

func (i *indexedWatchers) scoped(dst []*CacheWatcher, k namespacedName) []*CacheWatcher {
	if s := i.allWatchers[k]; s != nil {
		dst = s.appendLive(dst)
	}
	return dst
}

// all returns every live watcher in a stable order.
func (i *indexedWatchers) all() []*CacheWatcher {
	var out []*CacheWatcher
	for _, k := range order.SortedFunc(maps.Keys(i.allWatchers), compareScope) {
		out = i.allWatchers[k].appendLive(out)
	}
	for _, v := range slices.Sorted(maps.Keys(i.valueWatchers)) {
		out = i.valueWatchers[v].appendLive(out)
	}
	slices.SortFunc(out, func(a, b *CacheWatcher) int { return a.id - b.id })
	return out
}

func compareScope(a, b namespacedName) int {
	if a.namespace != b.namespace {
		if a.namespace < b.namespace {
			return -1
		}
		return 1
	}
	switch {
	case a.name < b.name:
		return -1
	case a.name > b.name:
		return 1
	}
	return 0
}
