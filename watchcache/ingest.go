package watchcache

import (
	"fmt"
	"time"

	am "watchscope/apimachinery"
	"watchscope/mvcc"
)

// Replace is the relist (C2): the ring empties (startIndex = endIndex),
// the store is rebuilt from objs, snapshots restart at rv, listRV and RV
// become rv and the cacher turns Ready.
func (c *Cacher) Replace(now time.Duration, objs []*am.Object, rv uint64) {
	b := c.store.newBuild()
	c.insertAll(b, objs)
	c.replaceBuilt(now, b, rv)
}

// insertAll puts objs into a build under their keys.
func (c *Cacher) insertAll(b *storeBuild, objs []*am.Object) {
	for _, o := range objs {
		b.insert(c.resource.ObjectKey(o), o)
	}
}

// replaceBuilt is Replace with the new store already built.
func (c *Cacher) replaceBuilt(now time.Duration, b *storeBuild, rv uint64) {
	c.advance(now)
	c.history.reset()
	c.store.replace(b, rv)
	c.pages.reset()
	c.listRV, c.resourceVersion = rv, rv
	c.metrics.ResourceVersion = rv
	c.metrics.InitializationsTotal++
	c.ready.set(now, Ready, "")
	if c.lastProcessedRV == 0 {
		c.lastProcessedRV = rv
	}
	c.resolveFreshnessWaits(now)
}

// StartCaching is the start of each startCaching round: every client
// watch of this resource is terminated before the relist (C11).
func (c *Cacher) StartCaching(now time.Duration) {
	c.advance(now)
	c.terminateAllWatchers()
}

// ListAndWatchEnded marks the cache Pending after the reflector's
// ListAndWatch returned with err (nil for a clean exit). The driver
// restarts with StartCaching + Replace about 1s later.
func (c *Cacher) ListAndWatchEnded(now time.Duration, err error) {
	c.advance(now)
	text := ""
	if err != nil {
		text = err.Error()
	}
	c.ready.set(now, Pending, text)
	c.backlog.Reset()
	c.blockedSend = nil
}

// ProcessEvent hands one event to the cache as the reflector's
// Add/Update/Delete would, followed by the reflector's
// UpdateResourceVersion. The pair is queued and applied as far as the
// incoming queue allows.
func (c *Cacher) ProcessEvent(now time.Duration, typ am.EventType, obj *am.Object) {
	c.advance(now)
	key := c.resource.ObjectKey(obj) // the decoded etcd key: no allocation
	rv := obj.RV()
	c.backlog.Push(&watchCacheEvent{Type: typ, Object: obj, Key: key, ResourceVersion: rv})
	c.backlog.Push(&watchCacheEvent{Type: am.Bookmark, ResourceVersion: rv})
	c.drainBacklog(now)
}

// UpdateResourceVersion is the reflector's call for an etcd progress
// notification (a storage bookmark): RV advances without an event.
func (c *Cacher) UpdateResourceVersion(now time.Duration, rv uint64) {
	c.advance(now)
	c.backlog.Push(&watchCacheEvent{Type: am.Bookmark, ResourceVersion: rv})
	c.drainBacklog(now)
}

// maxIdleBacklog is the largest backlog array kept while it is empty.
const maxIdleBacklog = 64

// drainBacklog applies queued reflector operations while incoming has
// room; the first one that cannot be queued becomes blockedSend (the
// reflector goroutine blocked in `c.incoming <- event`).
func (c *Cacher) drainBacklog(now time.Duration) {
	for {
		if c.blockedSend != nil {
			if !c.incoming.Push(c.blockedSend) {
				return
			}
			c.blockedSend = nil
			c.runDispatcher(now)
			continue
		}
		e, ok := c.backlog.Pop()
		if !ok {
			if c.backlog.Slots() > maxIdleBacklog {
				c.backlog.Reset() // a long stall is over: free its array
			}
			return
		}
		c.apply(now, e)
		c.blockedSend = e
	}
}

// apply is the locked part of processEvent / UpdateResourceVersion.
func (c *Cacher) apply(now time.Duration, e *watchCacheEvent) {
	e.RecordTime = now
	if e.Type != am.Bookmark {
		c.store.apply(e) // sets e.PrevObject
		c.history.updateCache(e)
		c.metrics.EventsReceivedTotal++
		if c.history.isFull() {
			// snapshots older than the oldest buffered event are dropped
			c.store.minSnapshotRV = max(c.store.minSnapshotRV, c.history.at(c.history.startIndex).ResourceVersion)
		}
	}
	if e.ResourceVersion > c.resourceVersion {
		c.resourceVersion = e.ResourceVersion
		c.metrics.ResourceVersion = e.ResourceVersion
	}
	c.resolveFreshnessWaits(now)
}

// IngestWatchResponse feeds one etcd watch response to the cache, as the
// etcd3 watcher + reflector pair would (B3): progress notifications
// advance the RV, events become ADDED/MODIFIED/DELETED, and a compaction
// cancel ends ListAndWatch with the 410 the reflector sees.
func (c *Cacher) IngestWatchResponse(now time.Duration, resp mvcc.WatchResponse) error {
	if resp.CompactRevision != 0 {
		return am.NewWatchTooOld()
	}
	if resp.Canceled {
		return fmt.Errorf("etcd watch canceled: %s", resp.CancelReason)
	}
	if resp.IsProgressNotify() {
		c.UpdateResourceVersion(now, uint64(resp.Header.Revision))
		return nil
	}
	for _, ev := range resp.Events {
		typ, obj, err := c.convertEvent(ev)
		if err != nil {
			return err
		}
		c.ProcessEvent(now, typ, obj)
	}
	return nil
}

// convertEvent maps one etcd event to a watch event (B3): PUT with
// create == mod is ADDED, other PUTs MODIFIED; DELETE carries the
// previous object with RV set to the deletion revision.
func (c *Cacher) convertEvent(ev mvcc.Event) (am.EventType, *am.Object, error) {
	rev := uint64(ev.Kv.ModRevision)
	if ev.Type == mvcc.DELETE || !ev.IsCreate() {
		if ev.PrevKv == nil {
			return "", nil, fmt.Errorf("etcd event received with PrevKv=nil (key=%q, modRevision=%d, type=%s)",
				string(ev.Kv.Key), ev.Kv.ModRevision, ev.Type)
		}
	}
	if ev.Type == mvcc.DELETE {
		obj, err := c.interner.DecodeWithKey(ev.PrevKv.Key, ev.PrevKv.Value, rev)
		return am.Deleted, obj, err
	}
	obj, err := c.interner.DecodeWithKey(ev.Kv.Key, ev.Kv.Value, rev)
	if ev.IsCreate() {
		return am.Added, obj, err
	}
	return am.Modified, obj, err
}

// decodeList turns a Range result into objects for Replace, sharing
// equal label and annotation maps through in (the cacher's, see
// am.MapInterner). Each object keeps its etcd key, which the cache and
// informers then file it under.
func decodeList(kvs []mvcc.KeyValue, in *am.MapInterner) ([]*am.Object, error) {
	out := make([]*am.Object, 0, len(kvs))
	for _, kv := range kvs {
		o, err := in.DecodeWithKey(kv.Key, kv.Value, uint64(kv.ModRevision))
		if err != nil {
			return nil, err
		}
		out = append(out, o)
	}
	return out, nil
}
