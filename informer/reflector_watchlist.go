package informer

import (
	"time"

	am "watchscope/apimachinery"
)

// watchListIterate is one turn of watchList()'s loop: a fresh temporary
// store and a WATCH with sendInitialEvents=true at rewatchResourceVersion.
func (r *Reflector) watchListIterate(now time.Duration) {
	r.phase = phaseWatchList
	t := true
	o := r.baseOptions()
	o.ResourceVersion = r.rewatchResourceVersion()
	o.AllowWatchBookmarks = true
	o.SendInitialEvents = &t
	o.ResourceVersionMatch = "NotOlderThan"
	o.TimeoutSeconds = r.watchTimeoutSeconds()
	o.Watch = true
	reason, list := r.watchListReason(o.ResourceVersion)
	c := r.send(now, VerbWatch, o, reason, list)
	r.stream = &watchStream{id: c.ID, start: now, listMode: true, temp: newListStore()}
}

func (r *Reflector) watchListReason(rv string) (string, ListKind) {
	switch {
	case r.metrics.ListAndWatchRuns <= 1 && !r.synced && rv == "":
		return "watch-list", FirstList
	case rv == "" && r.isLastSyncResourceVersionUnavailable:
		return "watch-list: RV unavailable", Relist
	case r.cause != "":
		return "watch-list after " + r.cause, Relist
	}
	return "watch-list", FirstList
}

// watchListEvent puts an initial event into the temporary store; the
// end-of-initial-events bookmark completes the watch-list.
func (r *Reflector) watchListEvent(now time.Duration, ev am.WatchEvent) {
	s := r.stream
	end := false
	switch ev.Type {
	case am.Added:
		s.temp.put(ev.Object)
	case am.Modified:
		s.besidesAdded = true
		s.temp.put(ev.Object)
	case am.Deleted:
		s.besidesAdded = true
		s.temp.remove(ev.Object)
	case am.Bookmark:
		s.besidesAdded = true
		end = ev.IsInitialEventsEnd()
	}
	if s.besidesAdded {
		s.tempRV = ev.Object.ResourceVersion
	}
	s.events++
	if end {
		r.finishWatchList(now)
		return
	}
	s.sawEvent, s.lastEvent = true, now
}

// finishWatchList: Replace(temp, bookmark RV), clear the unavailable
// flag, and keep the same stream for the watch phase.
func (r *Reflector) finishWatchList(now time.Duration) {
	s := r.stream
	r.isLastSyncResourceVersionUnavailable = false
	items := s.temp.List()
	_ = r.store.Replace(items, s.tempRV)
	r.synced = true
	r.lastSyncResourceVersion = s.tempRV
	r.trace.addSynced(now, "watch-list synced: Replace %d items at rv=%q; same stream continues", len(items), s.tempRV)
	r.watchWithResync(now, s)
}

// watchListStreamEnded: a clean close before the end bookmark loops
// (new watch-list); errors go through the retry rules.
func (r *Reflector) watchListStreamEnded(now time.Duration, err error) {
	if err == nil {
		r.watchListIterate(now)
		return
	}
	r.watchListFailed(now, err, true)
}

// watchListFailed is isErrorRetriableWithSideEffectsFn and the fallback:
// 429/connection refused wait delay() and retry; 410/too-large mark the
// RV unavailable and retry at once with RV=""; anything else falls back
// to LIST within the same ListAndWatch.
func (r *Reflector) watchListFailed(now time.Duration, err error, streamed bool) {
	r.stream, r.inflight = nil, nil
	switch {
	case isWatchErrorRetriable(err):
		r.trace.addErr(now, err, "watch-list failed - backing off: %s", errText(err))
		r.waitThen(now, phaseWatchListRetry)
	case isExpiredError(err) || isTooLargeResourceVersionError(err):
		r.isLastSyncResourceVersionUnavailable = true
		r.watchListIterate(now)
	default:
		r.metrics.WatchListFallbacks++
		r.trace.addErr(now, err, "Data couldn't be fetched in watchlist mode. Falling back to regular list. "+
			"This is expected if watchlist is not supported or disabled in kube-apiserver. err=%s", errText(err))
		r.startList(now)
	}
}

// stepWatchListWarning is initialEventsEndBookmarkTicker: every 10s
// without the end bookmark it logs a warning.
func (r *Reflector) stepWatchListWarning(now time.Duration) {
	s := r.stream
	if s == nil || !s.listMode || !s.established || now < s.nextWarnAt {
		return
	}
	s.nextWarnAt = now + bookmarkWarnInterval
	switch {
	case !s.sawEvent:
		r.metrics.WatchListWarnings++
		r.trace.add(now, "Warning: event bookmark expired: %s: awaiting required bookmark event for initial events stream, no events received for %v",
			r.cfg.Name, now-s.start)
	case now-s.lastEvent >= bookmarkWarnInterval:
		r.metrics.WatchListWarnings++
		r.trace.add(now, "Warning: event bookmark expired: %s: hasn't received required bookmark event marking the end of initial events stream, received last event %v ago",
			r.cfg.Name, now-s.lastEvent)
	}
}
