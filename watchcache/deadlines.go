package watchcache

import (
	"container/heap"
	"time"
)

// deadlineItem is a watch that ends at `at` (its request timeout).
type deadlineItem struct {
	at time.Duration
	w  *CacheWatcher
}

// deadlineHeap orders watch deadlines, earliest first, ties by watcher id.
type deadlineHeap []deadlineItem

func (h deadlineHeap) Len() int { return len(h) }
func (h deadlineHeap) Less(i, j int) bool {
	if h[i].at != h[j].at {
		return h[i].at < h[j].at
	}
	return h[i].w.id < h[j].w.id
}
func (h deadlineHeap) Swap(i, j int) { h[i], h[j] = h[j], h[i] }
func (h *deadlineHeap) Push(x any)   { *h = append(*h, x.(deadlineItem)) }
func (h *deadlineHeap) Pop() any {
	old := *h
	x := old[len(old)-1]
	*h = old[:len(old)-1]
	return x
}

func (h *deadlineHeap) peek() (time.Duration, bool) {
	for h.Len() > 0 && (*h)[0].w.stopped {
		heap.Pop(h)
	}
	if h.Len() == 0 {
		return 0, false
	}
	return (*h)[0].at, true
}

// expireDeadlines ends watches whose request context is done: the
// watcher goroutine returns, result closes, the watcher is forgotten.
func (c *Cacher) expireDeadlines(now time.Duration) {
	for {
		at, ok := c.deadlines.peek()
		if !ok || at > now {
			return
		}
		w := heap.Pop(&c.deadlines).(deadlineItem).w
		c.forgetWatcher(w, false)
		w.result.Reset()
		w.resultClosed = true
		w.changed()
	}
}
