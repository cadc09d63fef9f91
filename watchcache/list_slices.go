package watchcache

import (
	"time"

	am "watchscope/apimachinery"
)

// A LIST of every secret in a 200,000-secret cluster visits 200,000
// store elements. Done in one step, that is one long task of hundreds of
// milliseconds in a browser tab. So a LIST visits at most listSliceItems
// elements per step and continues at the next simulated microsecond:
//
//	step at t        visit 1 .. 2,500         (live tree)  -> clone the tree
//	step at t+1us    visit 2,501 .. 5,000     (the clone: the state at the list RV)
//	...
//	step at t+79us   visit .. 200,000, finish: the ReadRequest is Done
//
// The clone is copy-on-write (O(1)): writes that arrive meanwhile go to
// the live tree and never show in the list, which therefore holds exactly
// what a one-step walk at t would have returned, at the same list RV. A
// LIST that visits no more than listSliceItems elements (every LIST of
// the lessons) still finishes in the step that started it.
const (
	listSliceItems = 2500
	listSliceGap   = time.Microsecond
)

// listCollector is one LIST walking the store: where it is, what it has
// gathered, and when its next slice runs.
type listCollector struct {
	req    *ReadRequest
	tree   storeTree
	listRV uint64
	prefix string
	// from is the next key to visit ("" before the first slice).
	from  string
	limit int64
	opts  ListOptions
	next  time.Duration

	res                ListResult
	noSelectors        bool
	fetched, remaining int64
	lastKey            string
	more, done         bool
}

func newListCollector(c *Cacher, tree storeTree, listRV uint64, from string, limit int64, opts ListOptions) *listCollector {
	lc := &listCollector{tree: tree, listRV: listRV, prefix: c.resource.NamespacePrefix(opts.Namespace),
		from: from, limit: limit, opts: opts, res: ListResult{ResourceVersion: listRV}}
	lc.noSelectors = opts.LabelSelector.Empty() && opts.FieldSelector.Empty()
	if lc.noSelectors && limit <= 0 && opts.Namespace == "" && tree.Len() > 0 {
		// Everything in the tree comes back: size the slice once (a
		// 200,000-secret LIST would otherwise copy it ~20 times growing).
		lc.res.Items = make([]*am.Object, 0, tree.Len())
	}
	return lc
}

// startCollect runs the first slice; a LIST not finished by it continues
// on a clone of the live tree (or on its immutable snapshot).
func (c *Cacher) startCollect(now time.Duration, req *ReadRequest, lc *listCollector, live bool) {
	lc.req = req
	if c.collectSlice(lc) {
		return
	}
	if live {
		lc.tree = lc.tree.Clone()
	}
	lc.next = now + listSliceGap
	c.collecting = append(c.collecting, lc)
}

// stepCollecting runs one slice of every LIST whose turn has come.
func (c *Cacher) stepCollecting(now time.Duration) {
	if len(c.collecting) == 0 {
		return
	}
	keep := c.collecting[:0]
	for _, lc := range c.collecting {
		if now >= lc.next && c.collectSlice(lc) {
			continue
		}
		if now >= lc.next {
			lc.next = now + listSliceGap
		}
		keep = append(keep, lc)
	}
	clear(c.collecting[len(keep):])
	c.collecting = keep
}

// nextCollect is when the next slice is due, if any LIST is in progress.
func (c *Cacher) nextCollect() (time.Duration, bool) {
	var at time.Duration
	for i, lc := range c.collecting {
		if i == 0 || lc.next < at {
			at = lc.next
		}
	}
	return at, len(c.collecting) > 0
}

// collectSlice visits up to listSliceItems elements and reports whether
// the LIST is finished (its request then is).
//
// Like the real Cacher.GetList, once the limit is reached any further
// element in range (matching the selectors or not) means "more": the
// client gets a continue token even if its next page turns out empty.
// The remaining count is only computed (and reported) without selectors.
func (c *Cacher) collectSlice(lc *listCollector) bool {
	visited, paused := 0, false
	c.listResourcePrefix(lc.tree, lc.prefix, lc.from, func(e storeElement) bool {
		if visited == listSliceItems {
			lc.from, paused = e.Key, true
			return false
		}
		visited++
		lc.fetched++
		if lc.limit > 0 && int64(len(lc.res.Items)) >= lc.limit {
			lc.more = true
			if !lc.noSelectors {
				return false
			}
			lc.remaining++
			return true
		}
		if !lc.opts.LabelSelector.Matches(e.Object.Labels) || !lc.opts.FieldSelector.Matches(e.Object.Field) {
			return true
		}
		lc.res.add(e.Object)
		lc.lastKey = e.Key
		return true
	})
	if paused {
		return false
	}
	c.finishCollect(lc)
	return true
}

// finishCollect sets the continue token and remaining count, counts the
// LIST in the metrics and completes the request.
func (c *Cacher) finishCollect(lc *listCollector) {
	res := lc.res
	if lc.more {
		res.Continue = c.continueToken(lc.lastKey+"\x00", lc.opts.Namespace, lc.listRV)
		if lc.noSelectors {
			remaining := lc.remaining
			res.RemainingItemCount = &remaining
			if lc.opts.Namespace == "" {
				c.pages.remember(lc.listRV, lc.lastKey+"\x00", int64(lc.tree.Len())-remaining)
			}
		}
	}
	c.metrics.ListTotal++
	c.metrics.ListFetchedObjectsTotal += lc.fetched
	c.metrics.ListReturnedObjectsTotal += int64(len(res.Items))
	lc.req.finish(res, nil)
}
