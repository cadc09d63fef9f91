package watchcache

import (
	"container/heap"
	"fmt"
	"strconv"
	"time"

	am "watchscope/apimachinery"
	"watchscope/internal/ring"
)

// WatchOptions is one WATCH request as the cacher sees it.
type WatchOptions struct {
	// Namespace and Name come from the request path; Name set means a
	// single-object (non-recursive) watch.
	Namespace, Name string
	// ResourceVersion is the raw parameter: "", "0" or "N".
	ResourceVersion string
	// SendInitialEvents is tri-state: nil (unset), false, true.
	SendInitialEvents   *bool
	AllowWatchBookmarks bool
	LabelSelector       am.LabelSelector
	FieldSelector       am.FieldSelector
	// Deadline is when the request times out (virtual time); 0 = none.
	Deadline time.Duration
	// StorageRV is the current etcd revision, read by the caller with a
	// quorum limit-1 range; used only for RV "" with sendInitialEvents set.
	StorageRV uint64
}

func (o WatchOptions) sendInitialEvents() bool {
	return o.SendInitialEvents != nil && *o.SendInitialEvents
}

// isListWatch is isListWatchRequest: sendInitialEvents and bookmarks.
func (o WatchOptions) isListWatch() bool { return o.sendInitialEvents() && o.AllowWatchBookmarks }

// ParseResourceVersion parses "" / "N"; a malformed value is a 400.
func ParseResourceVersion(rv string) (uint64, error) {
	if rv == "" {
		return 0, nil
	}
	n, err := strconv.ParseUint(rv, 10, 64)
	if err != nil {
		return 0, am.NewBadRequest(fmt.Sprintf("invalid resource version %q", rv))
	}
	return n, nil
}

// Watch serves a WATCH from the cache (Cacher.Watch, C4). A returned
// error is an HTTP-level failure (400, 429 while not ready); failures
// after that arrive in-stream as one ERROR event (e.g. the 410), as the
// real errWatcher does. A sendInitialEvents watch ahead of the cache
// waits up to 3s (Step resolves it) before it starts or fails with 504.
func (c *Cacher) Watch(now time.Duration, opts WatchOptions) (*CacheWatcher, error) {
	c.advance(now)
	requested, err := ParseResourceVersion(opts.ResourceVersion)
	if err != nil {
		return nil, err
	}
	if err := c.ready.check(now); err != nil {
		return nil, err
	}
	w := c.newWatcher(opts)
	w.generation = c.ready.generation
	required := requested
	if opts.ResourceVersion == "" {
		required = 0
		if opts.SendInitialEvents != nil {
			required = opts.StorageRV
		}
	}
	if !opts.sendInitialEvents() {
		c.startWatcher(now, w, opts, requested, required)
		return w, nil
	}
	w.fresh = c.waitUntilFresh(now, required, func(at time.Duration, err error) {
		w.fresh = nil
		if err != nil {
			w.fail(err)
			return
		}
		c.startWatcher(at, w, opts, requested, required)
	})
	return w, nil
}

// newWatcher computes scope, trigger value and channel size (C4, C9).
func (c *Cacher) newWatcher(opts WatchOptions) *CacheWatcher {
	w := &CacheWatcher{cacher: c, deadline: opts.Deadline, allowWatchBookmarks: opts.AllowWatchBookmarks}
	w.filter = watchFilter{labels: opts.LabelSelector, fields: opts.FieldSelector, recursive: opts.Name == ""}
	if w.filter.recursive {
		w.filter.key = c.resource.NamespacePrefix(opts.Namespace)
	} else {
		w.filter.key = c.resource.Key(opts.Namespace, opts.Name)
	}
	w.scope = namespacedName{namespace: opts.Namespace, name: opts.Name}
	if w.scope.namespace == "" {
		w.scope.namespace, _ = opts.FieldSelector.RequiresExactMatch("metadata.namespace")
	}
	if w.scope.name == "" {
		w.scope.name, _ = opts.FieldSelector.RequiresExactMatch("metadata.name")
	}
	if c.resource.Resource == "namespaces" && c.resource.Group == "" && w.scope.namespace == w.scope.name {
		w.scope.namespace = ""
	}
	if t := c.resource.IndexedTrigger; t != "" {
		w.triggerValue, w.triggerSupported = opts.FieldSelector.RequiresExactMatch(t)
	}
	size := c.history.suggestedChanSize(c.resource.IndexedTrigger != "", w.triggerSupported)
	w.input = ring.New[*watchCacheEvent](size, 2)
	w.result = ring.New[am.WatchEvent](size, 2)
	return w
}

// fail turns w into an errWatcher: one ERROR event, then end of stream.
func (w *CacheWatcher) fail(err error) {
	w.result = ring.New[am.WatchEvent](1, 2)
	st := asStatusError(err).ErrStatus
	w.result.Push(am.WatchEvent{Type: am.Error, Status: &st})
	w.stopped, w.resultClosed = true, true
	w.changed()
}

// startWatcher builds the initial interval and registers the watcher.
// A watch whose cache was re-initialized (or is not ready) while it
// waited is answered by an immediately closed watch.
func (c *Cacher) startWatcher(now time.Duration, w *CacheWatcher, opts WatchOptions, requested, required uint64) {
	if c.ready.state != Ready || c.ready.generation != w.generation {
		w.stopped, w.resultClosed = true, true
		w.changed()
		return
	}
	interval, err := c.getAllEventsSince(required, w, opts)
	if err != nil {
		w.fail(err)
		return
	}
	if opts.isListWatch() {
		interval.initialEventsEndBookmark = &watchCacheEvent{Type: am.Bookmark, ResourceVersion: c.resourceVersion,
			Object: am.NewBookmarkObject(c.resource.Kind, c.resourceVersion)}
	}
	w.bookmarkAfterRV = 0
	if opts.isListWatch() {
		switch {
		case opts.ResourceVersion == "":
			w.bookmarkAfterRV = required
		case requested == 0:
			w.bookmarkAfterRV = c.resourceVersion
		default:
			w.bookmarkAfterRV = requested
		}
	}
	w.state = waitingForBookmark
	if w.bookmarkAfterRV == 0 {
		w.state = bookmarkSent
	}
	w.id, w.registered = c.watcherIdx, true
	c.watcherIdx++
	c.watchers.add(w)
	if w.allowWatchBookmarks {
		c.bookmarks.add(w, now)
	}
	if w.deadline != 0 {
		heap.Push(&c.deadlines, deadlineItem{at: w.deadline, w: w})
	}
	w.interval = interval
	w.startRV = max(required, interval.resourceVersion)
	w.pump()
}

// getAllEventsSince picks the initial interval (C4 table): the store for
// sendInitialEvents and for legacy RV unset/"0"; otherwise the ring from
// rv (the cache RV for "0" with sendInitialEvents=false).
func (c *Cacher) getAllEventsSince(rv uint64, w *CacheWatcher, opts WatchOptions) (*watchCacheInterval, error) {
	if opts.sendInitialEvents() {
		return c.storeInterval(w), nil
	}
	if rv == 0 {
		if opts.SendInitialEvents == nil {
			return c.storeInterval(w), nil
		}
		rv = c.resourceVersion
	}
	return c.history.getInterval(rv, c.listRV)
}

// storeInterval lists the current objects under the watch key as ADDED
// events tagged with the cache RV, in key order.
func (c *Cacher) storeInterval(w *CacheWatcher) *watchCacheInterval {
	rv := c.resourceVersion
	var events []*watchCacheEvent
	skipped := 0
	add := func(e storeElement) bool {
		// An object the watcher's filter rejects would be dropped by
		// send anyway; not materializing it keeps a kubelet's watch-list
		// over 150,000 pods from allocating 150,000 events. It still
		// counts as an initial event (apiserver_init_events_total).
		if !w.filter.matches(e.Key, e.Object) {
			skipped++
			return true
		}
		events = append(events, &watchCacheEvent{Type: am.Added, Object: e.Object, Key: e.Key, ResourceVersion: rv})
		return true
	}
	if c.indexServes(w) {
		for _, e := range c.store.index.elements(w.triggerValue) {
			add(e)
		}
		skipped = c.store.tree.Len() - len(events) // the rest of the store, rejected
	} else if w.filter.recursive {
		in := newStoreInterval(nil, rv)
		in.walk = c.newStoreWalk(w)
		return in
	} else if o, ok := c.store.get(w.filter.key); ok {
		add(storeElement{Key: w.filter.key, Object: o})
	}
	in := newStoreInterval(events, rv)
	in.skipped = skipped
	return in
}

// indexServes reports whether w's initial events can come from the
// store's trigger index: a watch over the whole resource (every key is
// under its prefix, so every store object not in the index set is one the
// filter rejects) whose field selector fixes a non-empty trigger value.
func (c *Cacher) indexServes(w *CacheWatcher) bool {
	return c.store.index != nil && w.triggerSupported && w.triggerValue != "" &&
		w.filter.recursive && w.filter.key == c.resource.NamespacePrefix("")
}
