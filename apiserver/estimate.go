package apiserver

import (
	"math"
	"time"

	am "watchscope/apimachinery"
	"watchscope/mvcc"
	"watchscope/watchcache"
)

// The list work estimator of API Priority and Fairness
// (k8s.io/apiserver pkg/util/flowcontrol/request/list_work_estimator.go,
// config.go, width.go; apf_controller.go for the per-level cap), 1.36:
//
//	GET, writes, WATCH from a resourceVersion N     1 seat
//	LIST, WATCH from "" or "0" or sendInitialEvents  estimated from the
//	    resource's stored objects: with SizeBasedListCostEstimate (beta,
//	    on since 1.34) by the bytes held in memory at once, one seat per
//	    100,000 bytes; a LIST the estimator expects the watch cache to
//	    serve streams, so it counts at most 1,000,000 bytes: 10 seats.
//	    Off (before 1.34): one seat per 100 objects, twice the limit when
//	    etcd serves it, at most 10 seats.
//	always at least 1, and at most the priority level's cap:
//	    max(1, min(ceil(15% of its seats), its seats / hand size))
//	    (8 for global-default, 37 for workload-low at 600 seats), or the
//	    estimator's limit (100; 10 before 1.34) for a level without queues.
//
// The estimator cannot know where a request will really be served: it
// reads the request's options the way the delegator would without
// snapshots (an Exact or legacy exact LIST, or a continue token, counts as
// etcd even when a cache snapshot answers it).
const (
	bytesPerSeat                     = 100_000
	cacheWithStreamingMaxMemoryUsage = 1_000_000
	// maxObjectSize is the size assumed when no object was seen yet (etcd's
	// recommended largest request, 1.5 MB).
	maxObjectSize      = 1_500_000
	objectsPerSeat     = 100
	maxListSeats       = 100 // MaximumListSeatsLimit with SizeBasedListCostEstimate
	maxListSeatsBefore = 10  // and without it (before 1.34)
	// levelMaxSeatsShare is priorityLevelMaxSeatsPercent: a request takes
	// at most 15% of its level's seats.
	levelMaxSeatsShare = 0.15
)

// levelMaxSeats is the most seats one request may take on a priority
// level with limit seats and hand size handSize (0: no queues, no cap of
// its own).
func levelMaxSeats(limit, handSize int) int {
	if handSize == 0 {
		return 0
	}
	return max(1, min(int(math.Ceil(float64(limit)*levelMaxSeatsShare)), limit/handSize))
}

// width is the APF work estimate of c in seats, for its priority level.
func (s *Server) width(c *call, levelMax int) int {
	maxSeats := maxListSeats
	if s.cfg.DisableSizeBasedListCost {
		maxSeats = maxListSeatsBefore
	}
	if levelMax > 0 && levelMax < maxSeats {
		maxSeats = levelMax
	}
	o := c.req.Options
	switch c.req.Verb {
	case LIST:
	case WATCH:
		sie := o.SendInitialEvents != nil && *o.SendInitialEvents
		if s.cfg.DisableWatchList || !sie && o.ResourceVersion != "" && o.ResourceVersion != "0" {
			return 1
		}
	default:
		return 1
	}
	if c.req.Name != "" {
		return 1
	}
	if _, single := c.p.fields.RequiresExactMatch("metadata.name"); single {
		return 1
	}
	fromCache := c.req.Verb == WATCH || !s.estimateDelegates(c)
	count, avg := s.objectStats(c.rc)
	var seats int
	if s.cfg.DisableSizeBasedListCost {
		seats = seatsByCount(count, o.Limit, fromCache, c.p.hasSelectors())
	} else {
		seats = seatsBySize(count, avg, o.Limit, fromCache, c.p.hasSelectors())
	}
	return min(max(seats, 1), maxSeats)
}

// estimateDelegates is ShouldDelegateListMeta with a cache that has no
// snapshots: will etcd serve this LIST?
func (s *Server) estimateDelegates(c *call) bool {
	o := c.req.Options
	switch o.ResourceVersionMatch {
	case "Exact":
		return true
	case "NotOlderThan":
		return false
	case "":
	default:
		return true
	}
	switch {
	case o.Continue != "":
		return true
	case o.Limit > 0 && o.ResourceVersion != "" && o.ResourceVersion != "0":
		return true
	case o.ResourceVersion == "":
		return s.cfg.DisableConsistentReads
	}
	return false
}

// seatsBySize is seatsBasedOnObjectSize: the bytes the LIST holds in
// memory at once, one seat per 100,000.
func seatsBySize(count, avg, limit int64, fromCache, selectors bool) int {
	if avg <= 0 && count != 0 {
		avg = maxObjectSize
	}
	loaded := count
	if limit > 0 && limit < loaded {
		loaded = limit
	}
	if !fromCache && selectors {
		loaded = max(loaded, count/2)
	}
	mem := loaded * avg
	if fromCache {
		mem = min(mem, cacheWithStreamingMaxMemoryUsage)
	}
	return int(math.Ceil(float64(mem) / bytesPerSeat))
}

// seatsByCount is seatsBasedOnObjectCount (before 1.34): one seat per
// 100 objects the LIST processes.
func seatsByCount(count, limit int64, fromCache, selectors bool) int {
	limited := count
	if limit > 0 && limit < count {
		limited = limit
	}
	var objects int64
	switch {
	case fromCache:
		objects = count
	case selectors:
		objects = count + limited
	default:
		objects = 2 * limited
	}
	return int(math.Ceil(float64(objects) / objectsPerSeat))
}

// objectStats is what the storage's object count tracker knows of a
// resource: its stored object count and their average size. The cache's
// store answers when it is ready; else etcd is counted and sized, at
// most once a minute (the tracker's period).
func (s *Server) objectStats(rc *resourceCache) (count, avgBytes int64) {
	if rc.cacher != nil && rc.cacher.ReadyState() == watchcache.Ready {
		n, size := rc.cacher.StoreStats()
		if n == 0 {
			return 0, 0
		}
		return int64(n), size / int64(n)
	}
	key := rc.res.GroupResource()
	if oc, ok := s.counts[key]; ok && s.now-oc.at < time.Minute {
		return oc.n, oc.avg
	}
	prefix := []byte(rc.res.KeyPrefix())
	resp, err := s.etcd.Range(mvcc.RangeRequest{Key: prefix, RangeEnd: mvcc.PrefixEnd(prefix)})
	if err != nil {
		return 0, 0
	}
	var total int64
	for _, kv := range resp.Kvs {
		total += int64(am.EncodedSize(kv.Value))
	}
	oc := objectCount{n: resp.Count, at: s.now}
	if len(resp.Kvs) > 0 {
		oc.avg = total / int64(len(resp.Kvs))
	}
	s.counts[key] = oc
	return oc.n, oc.avg
}

type objectCount struct {
	n, avg int64
	at     time.Duration
}
