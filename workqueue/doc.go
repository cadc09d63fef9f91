// Package workqueue is client-go 1.36's util/workqueue written as a
// deterministic state machine on a virtual clock: the rate-limited,
// deduplicating queue a controller puts keys in from its informer's
// event handlers, and the worker loop that drains it.
//
//	handler ─Add(key)─► queue (FIFO of keys, each at most once: dirty)
//	                       │ Get
//	                       ▼
//	                 processing ──Done──► back in the queue once if it was
//	                       │              added again meanwhile (dirty)
//	          reconcile fails? AddRateLimited: waits When(key), then Add
//	          reconcile ok?    Forget: the key's failure count starts over
//
// The rules, each as queue.go, delaying_queue.go, rate_limiting_queue.go
// and default_rate_limiters.go have them:
//
//   - Add of a key already waiting (dirty) does nothing: many updates of
//     one object before a worker gets to it are one reconcile.
//   - Get moves the key from the queue to processing and clears its dirty
//     mark; an Add while it is processed marks it dirty but does not
//     queue it, so two workers never hold one key. Done queues it again,
//     once, if it was marked meanwhile.
//   - AddAfter(key, d) waits d and then Adds; a key already waiting keeps
//     the earlier of its two ready times. Every AddAfter counts a retry.
//   - AddRateLimited waits the rate limiter's When(key). The default
//     controller limiter is the larger of a per-key exponential back-off
//     (5 ms doubling on every failure, capped at 1000 s) and one token
//     bucket for the whole queue (10 per second, burst 100). Forget
//     resets the key's failures; NumRequeues reads them.
//   - ShutDown: Add and AddAfter are ignored from then on, Get reports
//     shutdown once the queue is empty, and keys still waiting out a delay
//     are dropped.
//
// How the real goroutines map onto calls: Get never blocks (it reports an
// empty queue); the delaying queue's waitingLoop is Step, run at NextWake
// (the first ready time); the metrics' 500 ms updateUnfinishedWorkLoop is
// a tick Step takes while a key is processed (and once more after, to
// publish zero). Every call takes the virtual time now.
//
// Deviations, all deliberate: the waitingLoop's 10 s heartbeat is left out
// (a timer here never fires late, so it has nothing to catch up on); keys
// with equal ready times enter the queue in the order they were delayed
// (client-go's heap leaves that order open); keys are strings, as every
// informer-driven controller's are (namespace/name).
package workqueue
