package informer

import (
	"fmt"
	"time"

	am "watchscope/apimachinery"
)

// watchStream is one open (or requested) watch: the state of
// handleAnyWatch for it.
type watchStream struct {
	id          uint64
	start       time.Duration // clock read before the request was sent
	established bool
	events      int
	// besidesAdded: a MODIFIED, DELETED or BOOKMARK was seen, so the
	// synthetic (non RV-ordered) ADDEDs of a ""/"0" start are over.
	besidesAdded         bool
	propagateRVFromStart bool
	// listMode: a watch-list still streaming its initial events into
	// the temporary store (exitOnWatchListBookmarkReceived).
	listMode   bool
	temp       *listStore
	tempRV     string
	sawEvent   bool
	lastEvent  time.Duration
	nextWarnAt time.Duration
}

// watchWithResync starts the resync timer and the watch loop. s is the
// stream a successful watch-list leaves open (nil after a LIST).
func (r *Reflector) watchWithResync(now time.Duration, s *watchStream) {
	r.armResync(now)
	r.phase = phaseWatch
	if s == nil {
		r.startWatch(now, "watch from list RV")
		return
	}
	// The same stream continues; a fresh handleWatch starts counting.
	r.stream = &watchStream{id: s.id, start: now, established: true, propagateRVFromStart: true}
}

// startWatch opens a watch at lastSyncResourceVersion with bookmarks and
// a timeout in [300, 600) s.
func (r *Reflector) startWatch(now time.Duration, reason string) {
	o := r.baseOptions()
	o.ResourceVersion = r.lastSyncResourceVersion
	o.TimeoutSeconds = r.watchTimeoutSeconds()
	o.AllowWatchBookmarks = !r.cfg.DisableBookmarks
	o.Watch = true
	c := r.send(now, VerbWatch, o, reason, NotAList)
	rv := o.ResourceVersion
	r.stream = &watchStream{id: c.ID, start: now, propagateRVFromStart: rv != "" && rv != "0"}
}

// OnWatchStarted delivers the HTTP outcome of WATCH id: nil once the
// stream is open, or the error the request failed with (429, 410, ...).
func (r *Reflector) OnWatchStarted(now time.Duration, id uint64, err error) {
	if r.stream == nil || !r.isInflight(id) {
		return
	}
	if err == nil {
		r.stream.established = true
		r.stream.nextWarnAt = now + bookmarkWarnInterval
		return
	}
	r.trace.addErr(now, err, "WATCH #%d failed: %s", id, errText(err))
	if r.restRetry(now, err) {
		r.stream.id = r.inflight.ID
		return
	}
	r.countError(err)
	if r.stream.listMode {
		r.watchListFailed(now, err, false)
		return
	}
	r.stream, r.inflight = nil, nil
	if isWatchErrorRetriable(err) {
		r.trace.addErr(now, err, "Watch failed - backing off: %s", errText(err))
		r.retryOf = "429"
		if !am.IsTooManyRequests(err) {
			r.retryOf = "connection refused"
		}
		r.waitThen(now, phaseWatchRetry)
		return
	}
	r.listAndWatchReturned(now, err, causeOf(err), statusOf(err).Code)
}

func causeOf(err error) string {
	switch {
	case isExpiredError(err):
		return "410"
	case isTooLargeResourceVersionError(err):
		return "too large RV"
	}
	return "error"
}

// waitThen sleeps delay() in a retry phase (watch or watch-list 429).
func (r *Reflector) waitThen(now time.Duration, p phase) {
	d := r.delay(now)
	r.phase, r.wakeAt = p, now+d
	r.trace.add(now, "backoff %v before retrying the watch", d.Round(time.Millisecond))
}

// OnWatchEvent delivers one event of watch id.
func (r *Reflector) OnWatchEvent(now time.Duration, id uint64, ev am.WatchEvent) {
	s := r.stream
	if s == nil || !r.isInflight(id) {
		return
	}
	s.established = true
	if ev.Type == am.Error {
		var err error = &am.StatusError{}
		if ev.Status != nil {
			err = &am.StatusError{ErrStatus: *ev.Status}
		}
		d := statusOf(err)
		d.At, d.Text, d.Req = now, fmt.Sprintf("WATCH #%d %s", id, ev.String()), id
		r.trace.put(d)
		r.cancel(now, id, "watch error")
		r.countError(err)
		r.streamEnded(now, err)
		return
	}
	if ev.Object == nil {
		return // "Unable to understand watch event"
	}
	r.countEvent(ev.Type)
	if s.listMode {
		r.watchListEvent(now, ev)
		return
	}
	r.applyEvent(now, ev)
}

func (r *Reflector) countEvent(t am.EventType) {
	switch t {
	case am.Added:
		r.metrics.Added++
	case am.Modified:
		r.metrics.Modified++
	case am.Deleted:
		r.metrics.Deleted++
	case am.Bookmark:
		r.metrics.Bookmarks++
	}
}

// applyEvent is handleAnyWatch's body for a plain watch: store op, then
// RV propagation (deferred past the synthetic ADDEDs of a ""/"0" start).
func (r *Reflector) applyEvent(now time.Duration, ev am.WatchEvent) {
	s := r.stream
	switch ev.Type {
	case am.Added:
		_ = r.store.Add(ev.Object)
	case am.Modified:
		s.besidesAdded = true
		_ = r.store.Update(ev.Object)
	case am.Deleted:
		s.besidesAdded = true
		_ = r.store.Delete(ev.Object)
	case am.Bookmark:
		s.besidesAdded = true
		if bs, ok := r.store.(BookmarkStore); ok {
			_ = bs.Bookmark(ev.Object.ResourceVersion)
		}
		r.lastBookmark = ev.Object.ResourceVersion
	default:
		r.trace.add(now, "Unknown watch event %s", ev.Type)
	}
	if s.propagateRVFromStart || s.besidesAdded {
		r.lastSyncResourceVersion = ev.Object.ResourceVersion
		if u, ok := r.store.(ResourceVersionUpdater); ok {
			u.UpdateResourceVersion(ev.Object.ResourceVersion)
		}
	}
	s.events++
}

// OnWatchEnded delivers the end of watch id: nil for a normal close
// (server timeout, EOF, slow-watcher termination), else the stream error.
func (r *Reflector) OnWatchEnded(now time.Duration, id uint64, err error) {
	s := r.stream
	if s == nil || !r.isInflight(id) {
		return
	}
	if err != nil {
		r.trace.addErr(now, err, "WATCH #%d ended: %s", id, errText(err))
		r.countError(err)
	} else if now-s.start < veryShortWatch && s.events == 0 {
		err = &VeryShortWatchError{Name: r.cfg.Name}
		r.metrics.VeryShortWatches++
		r.trace.add(now, "WATCH #%d closed: %v", id, err)
	} else {
		r.trace.add(now, "WATCH #%d closed after %d events", id, s.events)
	}
	r.streamEnded(now, err)
}

// streamEnded handles the end of a stream (close or error).
func (r *Reflector) streamEnded(now time.Duration, err error) {
	if r.stream.listMode {
		r.watchListStreamEnded(now, err)
		return
	}
	r.stream, r.inflight = nil, nil
	switch {
	case err == nil:
		r.metrics.NormalCloses++
		r.startWatch(now, "re-watch after close")
	case isExpiredError(err):
		// Not marked unavailable: a LIST at the last RV ("not older
		// than") is cheap from the watch cache, so try that first.
		r.trace.addErr(now, err, "Watch closed: %s", errText(err))
		r.listAndWatchReturned(now, nil, "410", 410)
	case am.IsTooManyRequests(err):
		r.trace.add(now, "Watch returned 429 - backing off")
		r.waitThen(now, phaseWatchRetry)
	default:
		r.trace.addErr(now, err, "Warning: watch ended with error: %s", errText(err))
		cause := "error"
		if _, ok := err.(*VeryShortWatchError); ok {
			cause = "very short watch"
		}
		r.listAndWatchReturned(now, nil, cause, 0)
	}
}
