package workqueue

import (
	"fmt"
	"time"
)

// Reconciler is a controller's sync function for one key: it reads the
// informer's cache and acts. A non-nil error puts the key back rate
// limited; nil forgets its failures.
type Reconciler func(now time.Duration, key string) error

// Controller is the worker loop every informer-driven controller runs
// (sample-controller's runWorker / processNextWorkItem), here with
// workers that each take Cost of virtual time per key:
//
//	key, shutdown := queue.Get()
//	err := reconcile(key)          // reads the cache at the start
//	if err != nil { queue.AddRateLimited(key) } else { queue.Forget(key) }
//	queue.Done(key)                // Cost later
type Controller struct {
	Queue     *Queue
	cost      time.Duration
	reconcile Reconciler
	workers   []worker
	log       []string
	policy    Policy
	// synced are the caches the workers wait for, polled next at poll;
	// nil once they all reported synced.
	synced []func() bool
	poll   time.Duration

	Reconciles, Failures int
}

// Policy is what a worker does with a key after its reconcile, as the
// controller's author wrote processNextWorkItem. The zero Policy is
// sample-controller's: a failure is requeued rate limited, a success
// forgets the key's failures.
type Policy struct {
	// Immediate requeues a failed key with Add instead of
	// AddRateLimited: no delay, no retry counted. A worker that takes no
	// time then retries in a hot loop (the simulation insists on a cost).
	Immediate bool
	// NoForget leaves out Forget after a success: the key's failure count
	// is never reset, so its next failure waits where the last back-off
	// left off (5 ms doubled once per failure ever, up to 1000 s).
	NoForget bool
}

// SetPolicy changes what the workers do after a reconcile.
func (c *Controller) SetPolicy(p Policy) { c.policy = p }

// worker is one worker goroutine: the key it holds until done.
type worker struct {
	key   string
	busy  bool
	until time.Duration
	err   error
}

// NewController runs workers workers (at least one) on q, each taking
// cost per key.
func NewController(q *Queue, workers int, cost time.Duration, r Reconciler) *Controller {
	return &Controller{Queue: q, cost: cost, reconcile: r, workers: make([]worker, max(workers, 1))}
}

// SyncPollPeriod is how often cache.WaitForCacheSync asks its informers
// whether they have synced (client-go's syncedPollPeriod).
const SyncPollPeriod = 100 * time.Millisecond

// WaitForCacheSync holds the workers back until every synced reports
// true, as a controller's Run calls cache.WaitForCacheSync with its
// informers' HasSynced before it starts its workers: asked at once
// (now), then every SyncPollPeriod. Keys the handlers add meanwhile wait
// in the queue. Without it a reconcile could read a lister that has not
// listed yet and fail for an object that is there.
func (c *Controller) WaitForCacheSync(now time.Duration, synced ...func() bool) {
	c.synced, c.poll = synced, now
}

// waiting: the workers have not started. A poll due at now that finds
// every cache synced starts them; one that does not asks again a
// SyncPollPeriod later.
func (c *Controller) waiting(now time.Duration) bool {
	if c.synced == nil {
		return false
	}
	if now < c.poll {
		return true
	}
	for _, f := range c.synced {
		if !f() {
			c.poll += ((now-c.poll)/SyncPollPeriod + 1) * SyncPollPeriod
			return true
		}
	}
	c.synced = nil
	return false
}

// SetCost changes how long the next keys take.
func (c *Controller) SetCost(cost time.Duration) { c.cost = cost }

// Cost is how long a worker takes per key.
func (c *Controller) Cost() time.Duration { return c.cost }

// Workers is how many workers drain the queue.
func (c *Controller) Workers() int { return len(c.workers) }

// Busy is how many workers hold a key.
func (c *Controller) Busy() int {
	n := 0
	for _, w := range c.workers {
		if w.busy {
			n++
		}
	}
	return n
}

// Step finishes the keys whose time is up, adds the delayed keys that
// are ready, and hands queued keys to free workers, until nothing more
// can happen at now.
func (c *Controller) Step(now time.Duration) {
	if c.waiting(now) {
		c.Queue.Step(now)
		return
	}
	for {
		progressed := false
		for i := range c.workers {
			w := &c.workers[i]
			if w.busy && w.until <= now {
				c.finish(w)
				progressed = true
			}
		}
		c.Queue.Step(now)
		for i := range c.workers {
			w := &c.workers[i]
			if !w.busy && c.start(now, w) {
				progressed = true
			}
		}
		if !progressed {
			return
		}
	}
}

func (c *Controller) start(now time.Duration, w *worker) bool {
	key, ok, _ := c.Queue.Get(now)
	if !ok {
		return false
	}
	c.Reconciles++
	w.key, w.busy, w.until = key, true, now+c.cost
	w.err = c.reconcile(now, key)
	if c.cost == 0 {
		c.finish(w)
	}
	return true
}

func (c *Controller) finish(w *worker) {
	at := w.until
	switch {
	case w.err != nil && c.policy.Immediate:
		c.Failures++
		c.Queue.Add(at, w.key) // marks it dirty: Done below queues it again at once
	case w.err != nil:
		c.Failures++
		c.Queue.AddRateLimited(at, w.key)
		c.logf("error syncing %q, requeuing (retry %d): %v", w.key, c.Queue.NumRequeues(w.key), w.err)
	case !c.policy.NoForget:
		c.Queue.Forget(w.key)
	}
	c.Queue.Done(at, w.key)
	w.busy, w.key, w.err = false, "", nil
}

// NextWake is the earliest time Step has work: a worker's key done, a
// delayed key ready, a metrics tick, or now when a free worker could
// take a queued key.
func (c *Controller) NextWake(now time.Duration) (time.Duration, bool) {
	at, ok := c.Queue.NextWake()
	if c.synced != nil { // the next poll of WaitForCacheSync
		if !ok || c.poll < at {
			at, ok = c.poll, true
		}
		return at, ok
	}
	free := false
	for _, w := range c.workers {
		switch {
		case w.busy && (!ok || w.until < at):
			at, ok = w.until, true
		case !w.busy:
			free = true
		}
	}
	if free && c.Queue.Len() > 0 {
		return now, true
	}
	return at, ok
}

// ShutDown shuts the queue down; keys being processed still finish.
func (c *Controller) ShutDown(now time.Duration) { c.Queue.ShutDown(now) }

func (c *Controller) logf(format string, args ...any) {
	c.log = append(c.log, fmt.Sprintf(format, args...))
}

// TakeLog returns what the controller logged since the last call.
func (c *Controller) TakeLog() []string {
	out := c.log
	c.log = nil
	return out
}
