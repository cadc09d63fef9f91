package workqueue

import (
	"container/heap"
	"time"
)

// Queue is client-go's rate-limiting queue (a Typed queue inside a
// delaying queue inside a rate-limiting one), for string keys.
type Queue struct {
	name    string
	limiter RateLimiter
	metrics *queueMetrics

	items            []string // the FIFO; items[head:] are queued
	head             int
	dirty            map[string]struct{} // added and not yet taken by Get
	processing       map[string]struct{} // taken by Get, not yet Done
	shuttingDown     bool
	waiting          waitHeap // AddAfter's keys by ready time
	waitingByKey     map[string]*waitFor
	waitSeq          uint64
	now              time.Duration // the latest time any call gave
	adds, gets, done int
	retries          int
}

// New returns the queue NewTypedRateLimitingQueueWithConfig makes: named
// name (the metrics' label; "" for none), drawing delays from limiter
// (DefaultControllerRateLimiter() when nil), its metrics made by p (nil
// for none), created at now.
func New(name string, limiter RateLimiter, p MetricsProvider, now time.Duration) *Queue {
	if limiter == nil {
		limiter = DefaultControllerRateLimiter()
	}
	return &Queue{name: name, limiter: limiter, metrics: newQueueMetrics(name, p, now),
		dirty: map[string]struct{}{}, processing: map[string]struct{}{}, waitingByKey: map[string]*waitFor{}, now: now}
}

// Name is the queue's name, its metrics' name label.
func (q *Queue) Name() string { return q.name }

// at moves the queue's clock to now (never back) and runs the metrics'
// update ticks that fell due before it.
func (q *Queue) at(now time.Duration) time.Duration {
	q.now = max(q.now, now)
	q.metrics.tick(q.now)
	return q.now
}

// Add queues key unless it is already waiting; a key being processed is
// only marked, and Done queues it again.
func (q *Queue) Add(now time.Duration, key string) {
	now = q.at(now)
	if q.shuttingDown {
		return
	}
	if _, ok := q.dirty[key]; ok {
		return // Touch is a no-op for the default FIFO
	}
	q.metrics.add(now, key)
	q.adds++
	q.dirty[key] = struct{}{}
	if _, ok := q.processing[key]; ok {
		return
	}
	q.items = append(q.items, key)
}

// Get takes the first queued key for processing. Where client-go's Get
// blocks on an empty queue, this one returns ok false; shutdown is true
// once the queue is shut down and empty.
func (q *Queue) Get(now time.Duration) (key string, ok, shutdown bool) {
	now = q.at(now)
	if q.Len() == 0 {
		return "", false, q.shuttingDown
	}
	key = q.items[q.head]
	q.items[q.head] = ""
	q.head++
	if q.head == len(q.items) {
		q.items, q.head = q.items[:0], 0
	}
	q.metrics.get(now, key)
	q.gets++
	q.processing[key] = struct{}{}
	delete(q.dirty, key)
	return key, true, false
}

// Done ends key's processing; if it was added meanwhile it is queued
// again, once.
func (q *Queue) Done(now time.Duration, key string) {
	now = q.at(now)
	q.metrics.done(now, key)
	q.done++
	delete(q.processing, key)
	if _, ok := q.dirty[key]; ok {
		q.items = append(q.items, key)
	}
}

// Len is how many keys are queued (not those processing or waiting out a
// delay).
func (q *Queue) Len() int { return len(q.items) - q.head }

// ShutDown stops taking keys: Add and AddAfter do nothing from now on,
// the delayed keys are dropped, and Get reports shutdown when the queue
// is empty.
func (q *Queue) ShutDown(now time.Duration) {
	q.at(now)
	q.shuttingDown = true
	q.waiting = q.waiting[:0]
	clear(q.waitingByKey)
}

// ShuttingDown reports whether ShutDown was called.
func (q *Queue) ShuttingDown() bool { return q.shuttingDown }

// AddAfter adds key once d has passed (at once when d <= 0). A key
// already waiting keeps the earlier ready time. Every call counts a
// retry (workqueue_retries_total), as client-go's does.
func (q *Queue) AddAfter(now time.Duration, key string, d time.Duration) {
	now = q.at(now)
	if q.shuttingDown {
		return
	}
	q.metrics.retry()
	q.retries++
	if d <= 0 {
		q.Add(now, key)
		return
	}
	ready := now + d
	if w, ok := q.waitingByKey[key]; ok {
		if ready < w.readyAt {
			w.readyAt = ready
			heap.Fix(&q.waiting, w.index)
		}
		return
	}
	q.waitSeq++
	w := &waitFor{key: key, readyAt: ready, seq: q.waitSeq}
	heap.Push(&q.waiting, w)
	q.waitingByKey[key] = w
}

// AddRateLimited adds key after the rate limiter's When(key).
func (q *Queue) AddRateLimited(now time.Duration, key string) {
	now = q.at(now)
	q.AddAfter(now, key, q.limiter.When(now, key))
}

// Forget ends key's retries: its failures count from zero again.
func (q *Queue) Forget(key string) { q.limiter.Forget(key) }

// NumRequeues is how many times key was rate-limited since its last
// Forget.
func (q *Queue) NumRequeues(key string) int { return q.limiter.NumRequeues(key) }

// Step is the delaying queue's waitingLoop: every key whose ready time
// has come is added, earliest first.
func (q *Queue) Step(now time.Duration) {
	now = q.at(now)
	for len(q.waiting) > 0 && q.waiting[0].readyAt <= now && !q.shuttingDown {
		w := heap.Pop(&q.waiting).(*waitFor)
		delete(q.waitingByKey, w.key)
		q.Add(now, w.key)
	}
}

// NextWake is when Step has work: the first delayed key's ready time, or
// the metrics' next update tick while a key is processed.
func (q *Queue) NextWake() (time.Duration, bool) {
	at, ok := q.metrics.nextWake()
	if len(q.waiting) > 0 && !q.shuttingDown && (!ok || q.waiting[0].readyAt < at) {
		at, ok = q.waiting[0].readyAt, true
	}
	return at, ok
}

// Stats is the queue at a glance, for the console and the stage.
type Stats struct {
	Name                string
	Depth               int // queued now
	Processing, Waiting int // being processed, waiting out a delay
	Adds, Gets, Done    int // Adds that queued or marked a key
	Retries             int // AddAfter/AddRateLimited calls
	ShuttingDown        bool
}

// Stats reads the queue.
func (q *Queue) Stats() Stats {
	return Stats{Name: q.name, Depth: q.Len(), Processing: len(q.processing), Waiting: len(q.waiting),
		Adds: q.adds, Gets: q.gets, Done: q.done, Retries: q.retries, ShuttingDown: q.shuttingDown}
}

// waitFor is one delayed key.
type waitFor struct {
	key     string
	readyAt time.Duration
	seq     uint64 // ties: the order the keys were delayed
	index   int
}

// waitHeap orders delayed keys by ready time, then by seq.
type waitHeap []*waitFor

func (h waitHeap) Len() int { return len(h) }
func (h waitHeap) Less(i, j int) bool {
	if h[i].readyAt != h[j].readyAt {
		return h[i].readyAt < h[j].readyAt
	}
	return h[i].seq < h[j].seq
}
func (h waitHeap) Swap(i, j int) {
	h[i], h[j] = h[j], h[i]
	h[i].index, h[j].index = i, j
}
func (h *waitHeap) Push(x any) {
	w := x.(*waitFor)
	w.index = len(*h)
	*h = append(*h, w)
}
func (h *waitHeap) Pop() any {
	old := *h
	w := old[len(old)-1]
	old[len(old)-1] = nil
	*h = old[:len(old)-1]
	return w
}
