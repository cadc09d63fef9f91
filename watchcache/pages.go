package watchcache

import am "watchscope/apimachinery"

// A paginated LIST without selectors reports remainingItemCount: how many
// objects follow the page. The real cacher knows it because it walks
// every object from the continue key to the end of the prefix (and counts
// them all in apiserver_cache_list_fetched_objects_total). Walking them
// is what made "kubectl get pods -A" (300 pages of 500 over 150,000 pods)
// cost 150,000 x 300 / 2 element visits per run.
//
// The pages of one paginated LIST all read the state at one RV (the
// continue token carries it), and the state at an RV never changes. So
// the number of objects before a page's continue key (its rank) is a
// fact about (RV, key) that the previous page already knew:
//
//	page 1: rank 0,   500 items  ->  cursor (rv 97, "p499\x00", rank 500)
//	page 2: rank 500, 500 items  ->  cursor (rv 97, "p999\x00", rank 1000)
//	remaining = objects at rv - rank - items on the page
//
// pageCursors remembers the last few such cursors, so a whole-resource
// page without selectors visits only its own items. The answer (items,
// token, remaining count, metrics) is exactly what the full walk gives.
//
// The exact-RV pages also need the state at that RV, which snapshotAt
// rebuilds by cloning the live tree and undoing every newer event; the
// last snapshot is kept (it is immutable) so that the next page at the
// same RV reuses it instead of undoing the same events again.
type pageCursors struct {
	ring [pageCursorSlots]pageCursor
	next int
	// off disables the memo (tests compare both ways).
	off bool

	snapRV   uint64
	snapTree storeTree
}

// pageCursorSlots is how many paginated LISTs can be in flight on one
// cacher and still find their cursor (a miss only costs the walk).
const pageCursorSlots = 16

// pageCursor: at resource version rv, rank objects have keys < key.
type pageCursor struct {
	rv   uint64
	key  string
	rank int64
}

// rank reports how many objects at rv have keys before from, if known.
// The first page (from "") starts at rank 0.
func (p *pageCursors) rank(rv uint64, from string) (int64, bool) {
	if p.off {
		return 0, false
	}
	if from == "" {
		return 0, true
	}
	for _, c := range p.ring {
		if c.rv == rv && c.key == from && c.key != "" {
			return c.rank, true
		}
	}
	return 0, false
}

// remember records a cursor, replacing the oldest one.
func (p *pageCursors) remember(rv uint64, key string, rank int64) {
	if p.off {
		return
	}
	p.ring[p.next] = pageCursor{rv: rv, key: key, rank: rank}
	p.next = (p.next + 1) % pageCursorSlots
}

// snapshot returns the kept snapshot at rv, if it is the one kept.
func (p *pageCursors) snapshot(rv uint64) (storeTree, bool) {
	if p.off || p.snapTree == nil || p.snapRV != rv {
		return nil, false
	}
	return p.snapTree, true
}

// keep remembers tree as the state at rv (the caller never changes it).
func (p *pageCursors) keep(rv uint64, tree storeTree) {
	if !p.off {
		p.snapRV, p.snapTree = rv, tree
	}
}

// reset forgets everything (a relist replaced the store).
func (p *pageCursors) reset() {
	off := p.off
	*p = pageCursors{off: off}
}

// collectPage serves a whole-resource page without selectors whose rank
// is known: it visits only the page's own items (plus one to learn
// nothing more is needed) and derives the remaining count.
func (c *Cacher) collectPage(tree storeTree, listRV uint64, from string, limit int64, opts ListOptions) (ListResult, bool) {
	if limit <= 0 || opts.Namespace != "" || !opts.LabelSelector.Empty() || !opts.FieldSelector.Empty() {
		return ListResult{}, false
	}
	rank, ok := c.pages.rank(listRV, from)
	if !ok {
		return ListResult{}, false
	}
	total := int64(tree.Len())
	res := ListResult{ResourceVersion: listRV, Items: make([]*am.Object, 0, max(0, min(limit, total-rank)))}
	lastKey := ""
	c.listResourcePrefix(tree, c.resource.KeyPrefix(), from, func(e storeElement) bool {
		if int64(len(res.Items)) >= limit {
			return false
		}
		res.add(e.Object)
		lastKey = e.Key
		return true
	})
	remaining := total - rank - int64(len(res.Items))
	if remaining > 0 {
		res.Continue = c.continueToken(lastKey+"\x00", "", listRV)
		res.RemainingItemCount = &remaining
		c.pages.remember(listRV, lastKey+"\x00", total-remaining)
	}
	c.metrics.ListTotal++
	c.metrics.ListFetchedObjectsTotal += int64(len(res.Items)) + remaining
	c.metrics.ListReturnedObjectsTotal += int64(len(res.Items))
	return res, true
}
