package mvcc

import "slices"

// watcherGroup is a set of watchers indexed for event matching: single-key
// watchers by key, range watchers in a list (etcd uses an interval tree;
// the simulation's ranges are few). all keeps insertion order, which is
// the order a sync pass picks watchers in.
type watcherGroup struct {
	keyWatchers map[string][]*watcher
	ranges      []*watcher
	all         []*watcher
}

func newWatcherGroup() *watcherGroup {
	return &watcherGroup{keyWatchers: make(map[string][]*watcher)}
}

func (wg *watcherGroup) size() int { return len(wg.all) }

func (wg *watcherGroup) has(w *watcher) bool { return w.group == wg }

func (wg *watcherGroup) add(w *watcher) {
	if w.group != nil {
		panic("mvcc: watcher added to a second group")
	}
	w.group = wg
	wg.all = append(wg.all, w)
	if w.end == nil {
		k := string(w.key)
		wg.keyWatchers[k] = append(wg.keyWatchers[k], w)
		return
	}
	wg.ranges = append(wg.ranges, w)
}

// delete removes w and reports whether it was in the group.
func (wg *watcherGroup) delete(w *watcher) bool {
	if w.group != wg {
		return false
	}
	w.group = nil
	wg.all = removeWatcher(wg.all, w)
	if w.end != nil {
		wg.ranges = removeWatcher(wg.ranges, w)
		return true
	}
	k := string(w.key)
	if rest := removeWatcher(wg.keyWatchers[k], w); len(rest) > 0 {
		wg.keyWatchers[k] = rest
	} else {
		delete(wg.keyWatchers, k)
	}
	return true
}

func removeWatcher(ws []*watcher, w *watcher) []*watcher {
	return slices.DeleteFunc(ws, func(x *watcher) bool { return x == w })
}

// forKey calls f for every watcher whose range holds key.
func (wg *watcherGroup) forKey(key []byte, f func(w *watcher)) {
	for _, w := range wg.keyWatchers[string(key)] {
		f(w)
	}
	for _, w := range wg.ranges {
		if w.contains(key) {
			f(w)
		}
	}
}

// choose picks up to max watchers (in group order) for one sync pass.
// Watchers that need a revision below compactRev get the compaction
// response now and leave the group (if their channel is full they stay for
// the next pass). It returns the chosen live watchers and the smallest
// minRev among them.
func (wg *watcherGroup) choose(max int, compactRev int64) ([]*watcher, int64) {
	picked := slices.Clone(wg.all)
	if len(picked) > max {
		picked = picked[:max]
	}
	minRev := int64(1<<63 - 1)
	var live []*watcher
	for _, w := range picked {
		if w.minRev < compactRev {
			if w.stream.offer(mvccResponse{watchID: w.id, compactRevision: compactRev}) {
				w.compacted = true
				wg.delete(w)
			}
			continue
		}
		live = append(live, w)
		minRev = min(minRev, w.minRev)
	}
	return live, minRev
}
