// Package watchcache is kube-apiserver's watch cache (the Cacher of
// k8s.io/apiserver/pkg/storage/cacher, Kubernetes 1.36) for one resource,
// written as a deterministic state machine: no goroutines, channels,
// locks or clocks. Time is the `now` argument; randomness (the bookmark
// timer's jitter) comes from an injected *rand.Rand.
//
//	etcd watch ──IngestWatchResponse──► reflector backlog ──processEvent──► watchCache
//	                                                                   (ring + store + snapshots)
//	                                                                          │
//	                                       incoming (cap 100) ◄───────────────┘
//	                                             │ runDispatcher (+ bookmark timer)
//	                                             ▼
//	               CacheWatcher.input (cap N) ──pump──► result (cap N) ──Next()──► client
//
// How the real goroutines become method calls:
//
//   - The cacher's reflector goroutine (ListAndWatch) is the caller: it
//     calls Replace after a list, IngestWatchResponse (or ProcessEvent /
//     UpdateResourceVersion) per etcd message, ListAndWatchEnded when the
//     watch fails, and StartCaching ~1s later before relisting. Its
//     blocking send into `incoming` is the reflector backlog: Stalled()
//     tells the caller to stop reading the etcd stream, which is how a
//     slow watcher's backpressure reaches etcd.
//   - The dispatchEvents goroutine runs inside every call that may give
//     it work (ProcessEvent, Step): it takes events off `incoming` until
//     one blocks on a full watcher. A blocked dispatch is a record with
//     the budget timer's expiry; Step continues it when the consumer made
//     room or terminates the laggards once the timer has fired.
//   - Its bookmark timer (wait.Jitter(1s, 0.25)) is nextBookmarkAt, fired
//     by Step.
//   - Each cacheWatcher goroutine is CacheWatcher.pump, run after every
//     add to its input and every Next by the consumer.
//   - waitUntilFreshAndBlock's condition variable is a list of pending
//     freshness waits, resolved when the RV advances or by Step after 3s.
//   - Watch request timeouts (context deadlines) are a heap Step expires.
//
// The engine calls Step(now) at NextWake() and after consumers read.
// Everything iterates in a fixed order (watchers by registration, buckets
// by second, value watchers by sorted value), so the same inputs give the
// same fan-out.
//
// Where the code and FIDELITY.md disagree the code was followed and the
// difference is noted: a watcher forwards input events with RV above the
// RV it started from (process() does not raise it per event), so a
// periodic bookmark whose RV equals an event already delivered after the
// start is still sent.
package watchcache
