package cacher

import (
	"math/rand/v2"
	"strconv"
	"testing"
	"time"

	am "watchscope/apimachinery"
	"watchscope/mvcc"
	"watchscope/watchcache"
)

// The simulated side: watchscope/watchcache's Cacher and Reflector over a
// watchscope/mvcc.Server, driven in virtual time. settle advances both in
// 10ms steps (the reflector reads etcd, the dispatcher and the watchers'
// goroutines run) and drains every open watch, as a client would.

var pods, _ = am.LookupResource("pods")

// simJitterSeed1 and simJitterSeed2 seed the simulated cacher's random
// source; the real Cacher's bookmark timer follows the same draws
// (tickClock).
const simJitterSeed1, simJitterSeed2 = 2, 2

type simSide struct {
	t       testing.TB
	s       *mvcc.Server
	c       *watchcache.Cacher
	r       *watchcache.Reflector
	now     time.Duration
	watches []*simWatch
}

type simWatch struct {
	w   *watchcache.CacheWatcher
	got []evt
}

func startSim(t testing.TB, pre ...writeOp) *simSide {
	t.Helper()
	s, err := mvcc.NewServer(mvcc.Config{Rand: rand.New(rand.NewPCG(1, 1))})
	if err != nil {
		t.Fatal(err)
	}
	c := watchcache.New(watchcache.Config{Resource: pods, Rand: rand.New(rand.NewPCG(simJitterSeed1, simJitterSeed2))}, 0)
	sim := &simSide{t: t, s: s, c: c, r: watchcache.NewReflector(c, s)}
	for _, op := range pre {
		sim.apply(op)
	}
	sim.settle(100 * time.Millisecond)
	if c.ReadyState() != watchcache.Ready {
		t.Fatalf("sim cacher %v after start", c.ReadyState())
	}
	return sim
}

// settle runs virtual time forward by d.
func (sim *simSide) settle(d time.Duration) {
	end := sim.now + d
	for sim.now < end {
		sim.now += 10 * time.Millisecond
		sim.s.Advance(sim.now)
		sim.r.Step(sim.now)
		sim.drain()
	}
}

func (sim *simSide) drain() {
	for _, w := range sim.watches {
		for {
			e, ok := w.w.Next()
			if !ok {
				break
			}
			w.got = append(w.got, simEvt(e))
		}
	}
}

func simObject(op writeOp) *am.Object {
	return &am.Object{Kind: "Pod", ObjectMeta: am.ObjectMeta{Name: op.name, Namespace: op.ns, Labels: op.labels},
		Spec: am.ObjectSpec{NodeName: op.node}}
}

// apply writes op to the simulated etcd as the apiserver would (a put of
// the encoded object, or a delete of its key) and returns the revision.
func (sim *simSide) apply(op writeOp) int64 {
	sim.t.Helper()
	key := []byte(pods.Key(op.ns, op.name))
	var err error
	if op.kind == opDelete {
		_, err = sim.s.DeleteRange(mvcc.DeleteRangeRequest{Key: key})
	} else {
		_, err = sim.s.Put(mvcc.PutRequest{Key: key, Value: am.Encode(simObject(op))})
	}
	if err != nil {
		sim.t.Fatalf("sim %s: %v", op, err)
	}
	return sim.s.Rev()
}

func (sim *simSide) compact(rev int64) {
	sim.t.Helper()
	if _, err := sim.s.Compact(rev); err != nil {
		sim.t.Fatal(err)
	}
}

func (sim *simSide) watch(req watchReq) *simWatch {
	sim.t.Helper()
	sel, err := am.ParseLabelSelector(req.Label)
	if err != nil {
		sim.t.Fatal(err)
	}
	w, err := sim.c.Watch(sim.now, watchcache.WatchOptions{Namespace: req.NS, ResourceVersion: req.RV,
		SendInitialEvents: req.SendInitialEvents, AllowWatchBookmarks: req.Bookmarks, LabelSelector: sel,
		StorageRV: uint64(sim.s.Rev()), Deadline: sim.deadline(req.Timeout)})
	if err != nil {
		sim.t.Fatalf("sim watch %+v: %v", req, err)
	}
	sw := &simWatch{w: w}
	sim.watches = append(sim.watches, sw)
	sim.drain()
	return sw
}

// list serves one LIST from the cache, stepping virtual time while it
// waits for freshness (at most 4s: the 3s wait then the 504).
// deadline is the watch's deadline in virtual time; 0 = none.
func (sim *simSide) deadline(timeout time.Duration) time.Duration {
	if timeout == 0 {
		return 0
	}
	return sim.now + timeout
}

func (sim *simSide) list(req listReq) listPage {
	sim.t.Helper()
	sel, err := am.ParseLabelSelector(req.Label)
	if err != nil {
		sim.t.Fatal(err)
	}
	rr := sim.c.List(sim.now, watchcache.ListOptions{ResourceVersion: req.RV, ResourceVersionMatch: req.Match,
		Limit: req.Limit, Continue: req.Continue, LabelSelector: sel, StorageRV: uint64(sim.s.Rev())})
	for i := 0; !rr.Done() && i < 400; i++ {
		sim.settle(10 * time.Millisecond)
	}
	res, err := rr.Result()
	if err != nil {
		return listPage{Err: statusText(am.CodeOf(err), string(am.ReasonOf(err)), err.Error())}
	}
	p := listPage{RV: strconv.FormatUint(res.ResourceVersion, 10), Continue: decodeToken(req.Continue, res.Continue), Remaining: "nil", raw: res.Continue}
	for _, o := range res.Items {
		p.Items = append(p.Items, itemText(o.Namespace, o.Name, o.ResourceVersion, o.Labels))
	}
	if res.RemainingItemCount != nil {
		p.Remaining = strconv.FormatInt(*res.RemainingItemCount, 10)
	}
	return p
}

func simEvt(e am.WatchEvent) evt {
	if e.Type == am.Error {
		return evt{Type: "ERROR", Code: e.Status.Code, Reason: string(e.Status.Reason), Message: e.Status.Message}
	}
	o := e.Object
	return evt{Type: string(e.Type), NS: o.Namespace, Name: o.Name, RV: o.ResourceVersion,
		Labels: labelText(o.Labels), InitialEventsEnd: e.IsInitialEventsEnd()}
}

func (w *simWatch) closed() bool { return w.w.Closed() }
