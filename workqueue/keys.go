package workqueue

import (
	"cmp"
	"slices"

	"watchscope/internal/order"
)

// The keys in a queue and its controller's workers, for a picture of the
// pipeline (issue 26): which keys are where, not only how many.

// Keys is the first n keys queued (the order Get hands them out) and the
// first n waiting out a delay (the soonest ready first).
func (q *Queue) Keys(n int) (queued, waiting []string) {
	queued = slices.Clone(q.items[q.head:min(len(q.items), q.head+n)])
	ws := slices.Clone([]*waitFor(q.waiting))
	order.SortFunc(ws, func(a, b *waitFor) int {
		return cmp.Or(cmp.Compare(a.readyAt, b.readyAt), cmp.Compare(a.seq, b.seq))
	})
	for _, w := range ws[:min(n, len(ws))] {
		waiting = append(waiting, w.key)
	}
	return queued, waiting
}

// Working is the keys the workers hold, in worker order.
func (c *Controller) Working() []string {
	var out []string
	for _, w := range c.workers {
		if w.busy {
			out = append(out, w.key)
		}
	}
	return out
}
