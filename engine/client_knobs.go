package engine

import "watchscope/informer"

// Client knobs: the sandbox changes how every client-go process in the
// world behaves, now and for the informers started later. Unlike the API
// server's flags these need no restart: the next watch or retry of each
// reflector uses them.

// clientKnobs are kept beside the Config, never in it: a fork replays
// the world from its original Config and the commands that set these.
type clientKnobs struct {
	noBookmarks bool
	backoff     *informer.Backoff
	backoffSet  bool // backoff overrides Config.ClientBackoff (nil = default)
}

// clientBackoff is the backoff new informers get.
func (w *World) clientBackoff() *informer.Backoff {
	if w.knobs.backoffSet {
		return w.knobs.backoff
	}
	return w.cfg.ClientBackoff
}

// SetClientBookmarks turns allowWatchBookmarks on or off for every
// reflector's plain watches.
func (w *World) SetClientBookmarks(on bool) int {
	w.knobs.noBookmarks = !on
	return w.eachReflector(func(r *informer.Reflector) { r.SetBookmarks(on) })
}

// ClientBookmarks reports whether reflectors' plain watches ask for
// bookmarks (client-go's default; `sim set client-bookmarks false` stops it).
func (w *World) ClientBookmarks() bool { return !w.knobs.noBookmarks }

// ClientBackoff is the backoff the world's reflectors use: nil for
// client-go's default.
func (w *World) ClientBackoff() *informer.Backoff { return w.clientBackoff() }

// SetClientBackoff replaces every reflector's backoff; nil restores
// client-go's default (800ms doubling to 30s, jitter 1.0).
func (w *World) SetClientBackoff(b *informer.Backoff) int {
	w.knobs.backoff, w.knobs.backoffSet = b, true
	policy := informer.DefaultReflectorBackoff()
	if b != nil {
		policy = *b
	}
	return w.eachReflector(func(r *informer.Reflector) { r.SetBackoff(policy, w.now) })
}

// eachReflector calls f on every informer's reflector, clients in the
// order they were added; it returns how many there were.
func (w *World) eachReflector(f func(*informer.Reflector)) int {
	n := 0
	for _, c := range w.clients {
		for _, inf := range c.factory.Informers() {
			if r := inf.Reflector(); r != nil {
				f(r)
				n++
			}
		}
	}
	return n
}
