package informer

import "time"

// Knobs a running reflector takes from now on, for the sandbox: what a
// client that behaves differently would see, without restarting it.

// SetBookmarks decides whether the reflector's next plain watches ask
// for bookmarks (allowWatchBookmarks). The watch already open keeps what
// it asked for: a request's options are fixed once it is sent.
func (r *Reflector) SetBookmarks(on bool) { r.cfg.DisableBookmarks = !on }

// SetBackoff replaces the reflector's backoff policy; the next failure
// waits by the new one, from its first step.
func (r *Reflector) SetBackoff(b Backoff, now time.Duration) {
	r.cfg.Backoff = &b
	if r.backoff != nil {
		r.backoff = newBackoffManager(b, DefaultBackoffReset, now)
	}
}

// FixedBackoff is a naive client's retry policy: the same delay every
// time, no growth and no jitter. With a short delay, every client of a
// failed API server comes back at once and keeps coming back.
func FixedBackoff(d time.Duration) Backoff {
	return Backoff{Duration: d, Factor: 1, Cap: d, Steps: 1 << 30}
}
