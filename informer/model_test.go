package informer

import (
	"fmt"
	"maps"
	"slices"
	"testing"
	"time"

	am "watchscope/apimachinery"
)

// fakeServer is a tiny API server: objects with RVs, an event log with a
// window (older watches get 410), watch-list streams, and faults.
type fakeServer struct {
	objs    map[string]*am.Object
	rv      uint64
	log     []am.WatchEvent
	window  int
	watches []uint64 // open watch IDs, in open order
	inf     *SharedIndexInformer
	now     time.Duration
	fail429 int // next N watch requests get 429 Retry-After 1
}

func (s *fakeServer) write(typ am.EventType, name string) {
	s.rv++
	o := pod("d", name, s.rv)
	if typ == am.Deleted {
		delete(s.objs, "d/"+name)
	} else {
		s.objs["d/"+name] = o
	}
	ev := am.WatchEvent{Type: typ, Object: o}
	s.log = append(s.log, ev)
	if len(s.log) > s.window {
		s.log = s.log[1:]
	}
	for _, id := range s.watches {
		s.inf.OnWatchEvent(s.now, id, ev)
	}
}

func (s *fakeServer) sorted() []*am.Object {
	var out []*am.Object
	for _, k := range slices.Sorted(maps.Keys(s.objs)) {
		out = append(out, s.objs[k])
	}
	return out
}

func (s *fakeServer) serve() {
	for range 100 {
		calls := s.inf.TakeCalls()
		if len(calls) == 0 {
			return
		}
		for _, c := range calls {
			s.handle(c)
		}
	}
}

func (s *fakeServer) handle(c Call) {
	rvs := fmt.Sprint(s.rv)
	switch {
	case c.Verb == VerbCancel:
		s.watches = slices.DeleteFunc(s.watches, func(id uint64) bool { return id == c.ID })
	case c.Verb == VerbList:
		s.inf.OnListResult(s.now, c.ID, &am.List{ResourceVersion: rvs, Items: s.sorted()}, nil)
	case s.fail429 > 0:
		s.fail429--
		s.inf.OnWatchStarted(s.now, c.ID, am.NewTooManyRequests(am.MsgTooManyRequests, 1))
	default:
		s.inf.OnWatchStarted(s.now, c.ID, nil)
		s.watches = append(s.watches, c.ID)
		s.replay(c)
	}
}

func (s *fakeServer) replay(c Call) {
	o := c.Options
	if o.SendInitialEvents != nil && *o.SendInitialEvents {
		for _, obj := range s.sorted() {
			s.inf.OnWatchEvent(s.now, c.ID, am.WatchEvent{Type: am.Added, Object: obj})
		}
		s.inf.OnWatchEvent(s.now, c.ID, endBookmark(s.rv))
		return
	}
	from := (&am.Object{ObjectMeta: am.ObjectMeta{ResourceVersion: o.ResourceVersion}}).RV()
	if len(s.log) > 0 && from+1 < s.log[0].Object.RV() {
		s.endWatch(c.ID, expiredEvent(from, s.log[0].Object.RV()-1))
		return
	}
	for _, ev := range s.log {
		if ev.Object.RV() > from {
			s.inf.OnWatchEvent(s.now, c.ID, ev)
		}
	}
}

func (s *fakeServer) endWatch(id uint64, ev am.WatchEvent) {
	s.watches = slices.DeleteFunc(s.watches, func(x uint64) bool { return x == id })
	if ev.Type == am.Error {
		s.inf.OnWatchEvent(s.now, id, ev)
		return
	}
	s.inf.OnWatchEnded(s.now, id, nil)
}

// mirror applies notifications as a controller's own cache would.
type mirror map[string]*am.Object

func (m mirror) Handle(_ time.Duration, n Notification) {
	switch n.Type {
	case NotifyAdd, NotifyUpdate:
		m[MetaNamespaceKey(n.Object)] = n.Object
	case NotifyDelete:
		if n.Tombstone != nil {
			delete(m, n.Tombstone.Key)
		} else {
			delete(m, MetaNamespaceKey(n.Object))
		}
	}
}

// The informer converges to the server's state whatever happens on the
// way: watches closed, 410s, disconnections with missed deletes, 429s.
func TestModelConvergence(t *testing.T) {
	for _, mode := range []struct {
		noWL bool
		fifo FIFOKind
	}{{false, AtomicRealFIFO}, {true, AtomicRealFIFO}, {false, PlainRealFIFO}, {true, DeltaFIFOKind}} {
		var total ReflectorMetrics
		for seed := range uint64(30) {
			m := runModel(t, seed, mode.noWL, mode.fifo)
			total.Expired410 += m.Expired410
			total.NormalCloses += m.NormalCloses
			total.RESTRetries += m.RESTRetries
			total.Relists += m.Relists
		}
		// The faults must actually have happened, or the test proves nothing.
		if total.Expired410 == 0 || total.NormalCloses == 0 || total.RESTRetries == 0 || total.Relists == 0 {
			t.Fatalf("faults not exercised: %+v", total)
		}
	}
}

func runModel(t *testing.T, seed uint64, noWL bool, fifo FIFOKind) ReflectorMetrics {
	rng := newTestRand(seed + 100)
	inf := NewSharedIndexInformer(InformerConfig{Resource: "pods", Kind: "Pod", DisableWatchList: noWL, FIFO: fifo,
		Rand: newTestRand(seed), DefaultResyncPeriod: 30 * time.Second})
	m := mirror{}
	late := mirror{}
	srv := &fakeServer{objs: map[string]*am.Object{}, window: 5, inf: inf}
	for i := range 5 {
		srv.write(am.Added, fmt.Sprint("p", i))
	}
	inf.AddEventHandler(0, m, HandlerOptions{Name: "main", Cost: 10 * time.Millisecond})
	inf.Start(0)
	srv.serve()
	for i := range 300 {
		srv.now += time.Duration(rng.IntN(3000)) * time.Millisecond
		for {
			at, ok := inf.NextWake(srv.now)
			if !ok || at > srv.now {
				break
			}
			inf.Step(max(at, 0))
			srv.serve()
		}
		name := fmt.Sprint("p", rng.IntN(12))
		switch k := rng.IntN(20); {
		case k < 10:
			if _, ok := srv.objs["d/"+name]; ok {
				srv.write(am.Modified, name)
			} else {
				srv.write(am.Added, name)
			}
		case k < 13:
			if _, ok := srv.objs["d/"+name]; ok {
				srv.write(am.Deleted, name)
			}
		case k < 15 && len(srv.watches) > 0: // normal close
			srv.endWatch(srv.watches[0], am.WatchEvent{})
		case k < 16 && len(srv.watches) > 0: // disconnect, miss writes -> 410 later
			id := srv.watches[0]
			srv.watches = srv.watches[1:]
			for j := range 7 {
				srv.write(am.Modified, fmt.Sprint("p", j%3))
			}
			if _, ok := srv.objs["d/p4"]; ok {
				srv.write(am.Deleted, "p4")
			}
			srv.inf.OnWatchEnded(srv.now, id, nil)
		case k < 17:
			srv.fail429 = 1 + rng.IntN(3)
		}
		if i == 150 {
			inf.AddEventHandler(srv.now, late, HandlerOptions{Name: "late"})
		}
		srv.serve()
	}
	srv.fail429 = 0
	for range 200 { // quiesce
		at, ok := inf.NextWake(srv.now)
		if !ok || inf.Reflector().Phase() == "watching" && at > srv.now+time.Minute {
			break
		}
		srv.now = max(at, srv.now)
		inf.Step(srv.now)
		srv.serve()
	}
	want := srv.sorted()
	check := func(what string, got []*am.Object) {
		if fmt.Sprint(got) != fmt.Sprint(want) {
			t.Fatalf("seed %d noWL=%v %v: %s diverged\n got %v\nwant %v\nmetrics %s", seed, noWL, fifo, what, got, want, inf.Reflector().Metrics())
		}
	}
	check("indexer", inf.Indexer().List())
	for name, mm := range map[string]mirror{"handler": m, "late handler": late} {
		var got []*am.Object
		for _, k := range slices.Sorted(maps.Keys(mm)) {
			got = append(got, mm[k])
		}
		check(name, got)
	}
	if !inf.HasSynced() || !inf.HandlerHasSynced(1) {
		t.Fatalf("seed %d: not synced", seed)
	}
	return *inf.Reflector().Metrics()
}
