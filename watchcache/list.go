package watchcache

import (
	"strings"
	"time"

	am "watchscope/apimachinery"
)

// ListOptions is one LIST (or GET) request served from the cache.
type ListOptions struct {
	Namespace string
	// ResourceVersion "", "0" or "N"; ResourceVersionMatch "",
	// "NotOlderThan" or "Exact".
	ResourceVersion      string
	ResourceVersionMatch string
	Limit                int64
	Continue             string
	LabelSelector        am.LabelSelector
	FieldSelector        am.FieldSelector
	// StorageRV is the current etcd revision for a consistent read
	// (RV ""), obtained by the caller with a quorum limit-1 range.
	StorageRV uint64
}

// ListResult is the list body: items in key order, the list RV, and the
// continue token / remaining count of a limited list.
type ListResult struct {
	Items              []*am.Object
	ResourceVersion    uint64
	Continue           string
	RemainingItemCount *int64
	// SizeBytes sums the items' SizeBytes; Unsized counts the items that
	// have none (the API server prices those at its default). Summed
	// while the items are gathered, so serving a 200,000-item LIST does
	// not visit every object once more.
	SizeBytes, Unsized int64
}

// add appends o to the items and to the size totals.
func (r *ListResult) add(o *am.Object) {
	r.Items = append(r.Items, o)
	if o.SizeBytes > 0 {
		r.SizeBytes += int64(o.SizeBytes)
	} else {
		r.Unsized++
	}
}

// ReadRequest is a LIST or GET in flight. It completes at once, or after
// a freshness wait that Step resolves (cache caught up, or the 3s 504).
type ReadRequest struct {
	done   bool
	result ListResult
	err    error
}

// Done reports completion; Result returns the outcome once Done.
func (r *ReadRequest) Done() bool                  { return r.done }
func (r *ReadRequest) Result() (ListResult, error) { return r.result, r.err }

func (r *ReadRequest) finish(res ListResult, err error) {
	r.done, r.result, r.err = true, res, err
}

// RecordConsistentReadFallback counts a consistent read the delegator
// sent to etcd after the cache wait timed out; ok is etcd's result.
func (c *Cacher) RecordConsistentReadFallback(ok bool) {
	if ok {
		c.metrics.ConsistentReadFallback++
	} else {
		c.metrics.ConsistentReadFallbackFailed++
	}
}

// RecordConsistentReadFailure counts a consistent read the cache failed
// for another reason than the freshness timeout (no fallback).
func (c *Cacher) RecordConsistentReadFailure() { c.metrics.ConsistentReadFailed++ }

// List serves a LIST from the cache (C10): NotOlderThan and RV "0" read
// the current state (RV "0" ignores limit), Exact / legacy exact /
// continue read the greatest snapshot <= N, RV "" waits for StorageRV.
func (c *Cacher) List(now time.Duration, opts ListOptions) *ReadRequest {
	c.advance(now)
	req := &ReadRequest{}
	if err := c.ready.check(now); err != nil {
		req.finish(ListResult{}, err)
		return req
	}
	rv, err := ParseResourceVersion(opts.ResourceVersion)
	if err != nil {
		req.finish(ListResult{}, err)
		return req
	}
	from, exact, limit := "", false, opts.Limit
	if opts.Continue != "" {
		key, crv, err := am.DecodeContinue(opts.Continue, c.resource.NamespacePrefix(opts.Namespace))
		if err != nil {
			req.finish(ListResult{}, am.NewBadRequest(err.Error()))
			return req
		}
		from = key
		if crv > 0 {
			rv, exact = uint64(crv), true
		} else {
			rv = 0
		}
	} else {
		exact = opts.ResourceVersionMatch == "Exact" ||
			(opts.ResourceVersionMatch == "" && opts.Limit > 0 && rv > 0)
	}
	if opts.ResourceVersion == "0" && opts.Continue == "" {
		limit = 0
	}
	wait := rv
	consistent := opts.ResourceVersion == "" && opts.Continue == ""
	if consistent {
		wait = opts.StorageRV
	}
	c.waitUntilFresh(now, wait, func(at time.Duration, err error) {
		if err != nil {
			req.finish(ListResult{}, err)
			return
		}
		if consistent {
			c.metrics.ConsistentReadSuccess++
		}
		c.listAt(at, req, rv, exact, from, limit, opts)
	})
	return req
}

// listAt reads the current tree, or for exact reads the snapshot at rv,
// and finishes req now or, for a LIST that visits many objects, over the
// next steps (list_slices.go).
func (c *Cacher) listAt(now time.Duration, req *ReadRequest, rv uint64, exact bool, from string, limit int64, opts ListOptions) {
	tree, listRV := c.store.tree, c.resourceVersion
	if exact && rv < c.resourceVersion {
		snap, ok := c.snapshotAt(rv)
		if !ok {
			req.finish(ListResult{}, am.NewResourceExpired(errorText("too old resource version: %d", rv)))
			return
		}
		tree, listRV = snap, rv
	}
	if res, ok := c.collectPage(tree, listRV, from, limit, opts); ok {
		req.finish(res, nil)
		return
	}
	c.startCollect(now, req, newListCollector(c, tree, listRV, from, limit, opts), tree == c.store.tree)
}

// Get serves a GET from the cache: RV "0" any state, RV "N" after the
// freshness wait; a missing object is the 404. (RV "" GETs go to etcd.)
func (c *Cacher) Get(now time.Duration, namespace, name, resourceVersion string) *ReadRequest {
	c.advance(now)
	req := &ReadRequest{}
	if err := c.ready.check(now); err != nil {
		req.finish(ListResult{}, err)
		return req
	}
	rv, err := ParseResourceVersion(resourceVersion)
	if err != nil {
		req.finish(ListResult{}, err)
		return req
	}
	c.waitUntilFresh(now, rv, func(_ time.Duration, err error) {
		if err != nil {
			req.finish(ListResult{}, err)
			return
		}
		o, ok := c.store.get(c.resource.Key(namespace, name))
		if !ok {
			req.finish(ListResult{ResourceVersion: c.resourceVersion}, am.NewNotFound(c.resource, name))
			return
		}
		req.finish(ListResult{Items: []*am.Object{o}, ResourceVersion: c.resourceVersion}, nil)
	})
	return req
}

// snapshotAt rebuilds the store as of rv (the greatest snapshot <= rv).
func (c *Cacher) snapshotAt(rv uint64) (storeTree, bool) {
	if !c.store.snapshotsEnabled || rv < c.store.minSnapshotRV {
		return nil, false
	}
	if tree, ok := c.pages.snapshot(rv); ok {
		return tree, true
	}
	tree := c.store.tree.Clone()
	h := c.history
	for i := h.endIndex - 1; i >= h.startIndex && h.at(i).ResourceVersion > rv; i-- {
		undo(tree, h.at(i))
	}
	c.pages.keep(rv, tree)
	return tree, true
}

// continueToken is the token of a LIST the cache served: the next key
// relative to the request's key, which the Cacher passes without its
// trailing slash ("/default/b\x00" for every namespace, "/b\x00" inside
// one), where a token from etcd is relative to the key with the slash
// ("default/b\x00").
func (c *Cacher) continueToken(key, namespace string, rv uint64) string {
	t, _ := am.EncodeContinue(key, strings.TrimSuffix(c.resource.NamespacePrefix(namespace), "/"), int64(rv))
	return t
}
