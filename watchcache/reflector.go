package watchcache

import (
	"time"

	"watchscope/mvcc"
)

// Reflector constants (C1, C11).
const (
	// storageListPageSize is the cacher reflector's page size (10000).
	storageListPageSize = 10000
	// restartDelay is wait.Until(startCaching, 1s).
	restartDelay = time.Second
	// listPageGap is the simulated time between two pages of the
	// initial LIST, and between two slices of a page's decoding (see
	// initialList).
	listPageGap = time.Microsecond
	// decodeSlice is how many objects of a page one step decodes: the
	// simulation's own slicing (etcd still sees 10,000-key pages), so
	// that no single step of a restart's list takes a browser frame.
	decodeSlice = 250
	// readSlice is how many keys of a page one step reads from etcd.
	readSlice = 2500
)

// Reflector is the cacher's own reflector: it lists the resource from
// etcd and then watches it, feeding the Cacher (C1). It models the
// classic LIST + WATCH path (≤1.34, and the fallback of 1.35+, whose
// default watch-list against etcd ends in the same Replace at the list
// revision). Step is its goroutine: it reads the etcd stream only while
// the cacher is not stalled, and after a failed ListAndWatch it restarts
// the whole cycle 1s later.
type Reflector struct {
	c         *Cacher
	etcd      *mvcc.Server
	stream    *mvcc.WatchStream
	restartAt time.Duration
	running   bool
	// listing is the initial LIST in progress (nil when none).
	listing *initialList
	// latency and inFlight model a slow etcd watch (see SetLatency).
	latency  time.Duration
	inFlight []inFlightResponse
	// owner names the cache for viewers of etcd's watches (SetOwner).
	owner string
	// stallUntil: the reflector reads nothing from etcd before it (Stall).
	stallUntil time.Duration
	// LastError is the error that ended the last ListAndWatch.
	LastError error
}

// NewReflector creates a reflector that starts caching on its first Step.
func NewReflector(c *Cacher, etcd *mvcc.Server) *Reflector {
	return &Reflector{c: c, etcd: etcd}
}

// SetOwner names the cache to etcd's viewers: every watch stream the
// reflector opens carries it (mvcc.WatchStream.SetOwner).
func (r *Reflector) SetOwner(owner string) { r.owner = owner }

// Step runs the reflector and then the cacher at now.
func (r *Reflector) Step(now time.Duration) {
	switch {
	case r.listing != nil:
		if now >= r.listing.next {
			r.listPage(now)
		}
	case !r.running && now >= r.restartAt:
		r.startCaching(now)
	}
	if r.running && !r.stalled(now) {
		r.readStream(now)
		if r.running && r.c.ProgressRequestDue(now) {
			r.stream.RequestProgress()
		}
	}
	r.c.Step(now)
}

// NextWake is the earliest time Step has work (cacher timers, restart).
// While running, unread etcd responses (and a pending progress request)
// make it due at once, so a driver that only calls Step at NextWake
// still reads every write etcd streams to it.
func (r *Reflector) NextWake() (time.Duration, bool) {
	at, ok := r.c.NextWake()
	if r.listing != nil && (!ok || r.listing.next < at) {
		return r.listing.next, true
	}
	if r.listing != nil {
		return at, ok
	}
	if !r.running && (!ok || r.restartAt < at) {
		return r.restartAt, true
	}
	if r.running && r.stalled(r.c.now) {
		if !ok || r.stallUntil < at {
			return r.stallUntil, true
		}
		return at, ok
	}
	if r.running && !r.c.Stalled() && r.stream.Len() > 0 && (!ok || r.c.now < at) {
		return r.c.now, true
	}
	if r.running && !r.c.Stalled() && len(r.inFlight) > 0 && (!ok || r.inFlight[0].at < at) {
		return max(r.inFlight[0].at, r.c.now), true
	}
	return at, ok
}

// Running reports whether ListAndWatch is in progress (the etcd watch is
// open); false between a failure and the restart 1s later.
func (r *Reflector) Running() bool { return r.running }

// Stop ends the reflector for good (the API server process died): the
// etcd watch stream is closed and no restart is scheduled.
func (r *Reflector) Stop() {
	r.listing = nil
	if r.stream != nil {
		r.stream.Close()
		r.stream = nil
	}
	r.running = false
	r.inFlight = nil
	r.restartAt = 1<<63 - 1
}

// startCaching terminates all watchers, lists at the current revision in
// pages of 10000, Replaces, and opens the etcd watch from rev+1 with
// PrevKv and ProgressNotify.
func (r *Reflector) startCaching(now time.Duration) {
	r.c.StartCaching(now)
	r.listing = &initialList{key: []byte(r.c.resource.KeyPrefix()), build: r.c.store.newBuild()}
	r.listPage(now)
}

// initialList is the reflector's LIST in progress: storageListPageSize
// keys per page, all at the revision of the first page. Each page is
// read and decoded in its own step, the next one a simulated microsecond
// later, so that listing 150,000 pods after a restart is fifteen short
// steps rather than one of a second (a frozen browser tab). A resource
// that fits in one page is listed in the step that started it, as before.
type initialList struct {
	key     []byte            // where the next page starts
	rev     int64             // the list's revision (0 before the first page)
	build   *storeBuild       // the new store, page by page
	next    time.Duration     // when the next page (or slice of one) is read
	reader  *mvcc.RangeReader // the page being read, if any
	pending []mvcc.KeyValue   // the page read but not yet decoded
	more    bool              // etcd has more pages after the pending one
}

// listPage reads and decodes one page; after the last one it replaces the
// cache's store and opens the etcd watch from the list's revision.
func (r *Reflector) listPage(now time.Duration) {
	l := r.listing
	prefix := []byte(r.c.resource.KeyPrefix())
	end := mvcc.PrefixEnd(prefix)
	if len(l.pending) == 0 {
		if !r.readPage(now, l, end) {
			return // a part of the page was read: that was the step
		}
	}
	slice := l.pending[:min(len(l.pending), decodeSlice)]
	objs, err := decodeList(slice, &r.c.interner)
	if err != nil {
		r.fail(now, err)
		return
	}
	r.c.insertAll(l.build, objs)
	l.pending = l.pending[len(slice):]
	if len(l.pending) > 0 || l.more {
		l.next = now + listPageGap
		return
	}
	r.listing = nil
	r.c.replaceBuilt(now, l.build, uint64(l.rev))
	r.stream = r.etcd.NewWatchStream()
	r.stream.SetOwner(r.owner)
	if _, err := r.stream.Watch(mvcc.WatchCreateRequest{Key: prefix, RangeEnd: end, StartRevision: l.rev + 1,
		PrevKv: true, ProgressNotify: true, WatchID: mvcc.AutoWatchID}); err != nil {
		r.fail(now, err)
		return
	}
	r.running = true
}

// readPage reads the next page readSlice keys per step (etcd still
// serves one 10,000-key range: mvcc.RangeReader) and reports whether the
// page is in pending and the step may decode; false when the step was
// spent reading (or the list failed).
func (r *Reflector) readPage(now time.Duration, l *initialList, end []byte) bool {
	if l.reader == nil {
		rr, err := r.etcd.BeginRange(mvcc.RangeRequest{Key: l.key, RangeEnd: end, Limit: storageListPageSize, Revision: l.rev})
		if err != nil {
			r.fail(now, err)
			return false
		}
		l.reader = rr
	}
	if err := l.reader.Read(readSlice); err != nil {
		r.fail(now, err)
		return false
	}
	if !l.reader.Done() {
		l.next = now + listPageGap
		return false
	}
	resp := l.reader.Response()
	l.reader = nil
	if l.rev == 0 {
		l.rev = resp.Header.Revision
	}
	l.pending, l.more = resp.Kvs, resp.More && len(resp.Kvs) > 0
	if l.more {
		l.key = append(append([]byte{}, resp.Kvs[len(resp.Kvs)-1].Key...), 0)
	}
	if len(l.pending) > decodeSlice {
		l.next = now + listPageGap // a page bigger than a slice decodes from the next step
		return false
	}
	return true
}

// readStream feeds etcd responses to the cacher until it stalls. Each
// response reaches the cacher latency after the reflector took it off the
// etcd stream (at once when latency is 0), in stream order.
func (r *Reflector) readStream(now time.Duration) {
	for !r.c.Stalled() {
		if len(r.inFlight) > 0 && r.inFlight[0].at <= now {
			resp := r.inFlight[0].resp
			r.popInFlight()
			if err := r.c.IngestWatchResponse(now, resp); err != nil {
				r.fail(now, err)
				return
			}
			continue
		}
		resp, ok := r.stream.Recv()
		if !ok {
			return
		}
		if !resp.Created {
			r.receive(now, resp)
		}
	}
}

// fail ends ListAndWatch: the cache goes Pending, the restart is due in 1s.
func (r *Reflector) fail(now time.Duration, err error) {
	r.LastError = err
	r.c.ListAndWatchEnded(now, err)
	if r.stream != nil {
		r.stream.Close()
		r.stream = nil
	}
	r.running = false
	r.listing = nil
	r.inFlight = nil
	r.restartAt = now + restartDelay
}
