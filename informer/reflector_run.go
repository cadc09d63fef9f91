package informer

import (
	"time"
)

// Start is RunWithContext: it builds the backoff (its 2-minute reset
// window starts now) and runs ListAndWatch immediately.
func (r *Reflector) Start(now time.Duration) {
	if r.started {
		return
	}
	r.started = true
	b := DefaultReflectorBackoff()
	if r.cfg.Backoff != nil {
		b = *r.cfg.Backoff
	}
	r.backoff = newBackoffManager(b, DefaultBackoffReset, now)
	r.trace.add(now, "Starting reflector %s (resource %s, resync %v)", r.cfg.Name, r.cfg.Resource, r.cfg.ResyncPeriod)
	r.listAndWatch(now)
}

// Stop cancels the outstanding request; the reflector goes quiet.
func (r *Reflector) Stop(now time.Duration) {
	if r.inflight != nil && r.inflight.Verb == VerbWatch {
		r.cancel(now, r.inflight.ID, "reflector stopped")
	}
	r.inflight, r.resend, r.stream, r.pager = nil, nil, nil, nil
	r.resyncArmed = false
	r.phase = phaseStopped
	r.trace.add(now, "Stopping reflector %s", r.cfg.Name)
}

// listAndWatch is ListAndWatchWithContext's entry: watch-list first when
// enabled, else a paged LIST.
func (r *Reflector) listAndWatch(now time.Duration) {
	r.metrics.ListAndWatchRuns++
	if r.metrics.ListAndWatchRuns > 1 {
		r.metrics.Relists++
	}
	r.trace.add(now, "Listing and watching %s (reflector %s)", r.cfg.TypeDescription, r.cfg.Name)
	if !r.cfg.DisableWatchList {
		r.watchListIterate(now)
		return
	}
	r.startList(now)
}

// delay is r.delayHandler(): one step of the shared backoff.
func (r *Reflector) delay(now time.Duration) time.Duration {
	d := r.backoff.delay(now, r.rand)
	r.metrics.BackoffWaits++
	r.metrics.BackoffTotal += d
	r.metrics.LastBackoff = d
	return d
}

// listAndWatchReturned ends one ListAndWatch: the resync goroutine stops,
// a returned error goes to the default watch error handler, and the run
// loop sleeps delay() (sliding: measured from now) before the next one.
// cause names why for the next call's reason ("410"); code is the status
// code behind it, if one is (the backoff line carries it).
func (r *Reflector) listAndWatchReturned(now time.Duration, err error, cause string, code int32) {
	r.resyncArmed = false
	r.inflight, r.stream, r.pager = nil, nil, nil
	if err != nil {
		switch {
		case isExpiredError(err):
			r.trace.addErr(now, err, "Watch closed: %s", errText(err))
		default:
			r.trace.addErr(now, err, "Failed to watch %s: %s", r.cfg.TypeDescription, errText(err))
		}
	}
	r.cause = cause
	d := r.delay(now)
	r.phase, r.wakeAt = phaseBackoff, now+d
	r.trace.addCode(now, code, "backoff %v before ListAndWatch (%s)", d.Round(time.Millisecond), cause)
}

// Step fires every timer that is due at now: REST retries, backoff and
// 429 waits, the resync timer, the watch-list warning ticker.
func (r *Reflector) Step(now time.Duration) {
	if r.resend != nil && now >= r.resendAt {
		c := *r.resend
		r.resend = nil
		r.emit(now, c)
	}
	switch {
	case r.phase == phaseBackoff && now >= r.wakeAt:
		r.listAndWatch(now)
	case r.phase == phaseWatchRetry && now >= r.wakeAt:
		r.phase = phaseWatch
		r.startWatch(now, "retry after "+r.retryOf)
	case r.phase == phaseWatchListRetry && now >= r.wakeAt:
		r.watchListIterate(now)
	}
	r.stepResync(now)
	r.stepWatchListWarning(now)
}

// NextWake is the earliest virtual time Step has something to do.
func (r *Reflector) NextWake() (time.Duration, bool) {
	var at time.Duration
	ok := false
	consider := func(t time.Duration) {
		if !ok || t < at {
			at, ok = t, true
		}
	}
	if r.resend != nil {
		consider(r.resendAt)
	}
	switch r.phase {
	case phaseBackoff, phaseWatchRetry, phaseWatchListRetry:
		consider(r.wakeAt)
	}
	if r.resyncArmed {
		consider(r.resyncAt)
	}
	if s := r.stream; s != nil && s.listMode && s.established {
		consider(s.nextWarnAt)
	}
	return at, ok
}

// armResync is startResync: a timer of ResyncPeriod from the moment the
// watch phase begins, re-armed after each tick.
func (r *Reflector) armResync(now time.Duration) {
	if r.cfg.ResyncPeriod <= 0 {
		return
	}
	r.resyncArmed, r.resyncAt = true, now+r.cfg.ResyncPeriod
}

func (r *Reflector) stepResync(now time.Duration) {
	if !r.resyncArmed || now < r.resyncAt {
		return
	}
	if r.cfg.ShouldResync == nil || r.cfg.ShouldResync(now) {
		r.metrics.Resyncs++
		r.trace.add(now, "Forcing resync (reflector %s)", r.cfg.Name)
		_ = r.store.Resync()
	}
	r.resyncAt = now + r.cfg.ResyncPeriod
}

// restRetry is rest.Request's own retry: a 429 or 5xx carrying
// Retry-After is re-sent after that many seconds, up to 10 times, before
// the reflector ever sees the error. It reports whether it took over.
func (r *Reflector) restRetry(now time.Duration, err error) bool {
	secs, ok := restRetryAfter(err)
	if !ok || r.inflight == nil || r.inflight.Attempt >= maxRESTRetries {
		return false
	}
	c := *r.inflight
	c.ID = r.newID()
	c.Attempt++
	r.resend, r.resendAt = &c, now+time.Duration(secs)*time.Second
	r.inflight = &c
	r.metrics.RESTRetries++
	r.trace.addErr(now, err, "REST retry %d/%d in %ds after %s", c.Attempt, maxRESTRetries, secs, errText(err))
	return true
}

// countError tallies an error by kind.
func (r *Reflector) countError(err error) {
	switch {
	case isExpiredError(err):
		r.metrics.Expired410++
	case isTooLargeResourceVersionError(err):
		r.metrics.TooLargeRV++
	case isWatchErrorRetriable(err):
		r.metrics.TooManyRequests429++
	default:
		r.metrics.OtherErrors++
	}
}
