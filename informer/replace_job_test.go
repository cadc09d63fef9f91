package informer

import (
	"fmt"
	"slices"
	"testing"
	"time"

	am "watchscope/apimachinery"
)

// recorder logs every notification a handler gets, with its time.
type recorder struct{ log []string }

func (r *recorder) Handle(now time.Duration, n Notification) {
	line := fmt.Sprintf("%v %v", now, n.Type)
	if n.Object != nil {
		line += " " + MetaNamespaceKey(n.Object) + "@" + n.Object.ResourceVersion
	}
	if n.Old != nil {
		line += " old@" + n.Old.ResourceVersion
	}
	if n.Tombstone != nil {
		line += " tombstone " + n.Tombstone.Key
	}
	r.log = append(r.log, fmt.Sprintf("%s initial=%v", line, n.IsInInitialList))
}

// replaceRun drives one informer through a seeded story of relists of a
// few dozen objects (watch-list or LIST, with deletions missed while it
// was away, 410s and closed watches), stepping it at each instant until
// it has nothing left to do then, as the engine does. slice is its
// ReplaceSlice. It returns every handler's log and the indexer's contents
// after each round.
func replaceRun(seed uint64, noWL bool, slice int) (logs [3][]string, lists []string, early bool) {
	rng := newTestRand(seed + 7)
	inf := NewSharedIndexInformer(InformerConfig{Resource: "pods", Kind: "Pod", DisableWatchList: noWL,
		Rand: newTestRand(seed), ReplaceSlice: slice})
	recs := [3]*recorder{{}, {}, {}}
	srv := &fakeServer{objs: map[string]*am.Object{}, window: 8, inf: inf}
	settle := func() {
		for range 10000 {
			srv.serve()
			at, ok := inf.NextWake(srv.now)
			if !ok || at > srv.now {
				return
			}
			inf.Step(srv.now)
			// HasSynced latches only once the first Replace is all done.
			early = early || inf.replacing != nil && inf.replacing.initial && inf.HasSynced()
		}
	}
	const n = 300 // more than an itemStore keeps sorted: the map shape
	for i := range n + rng.IntN(40) {
		srv.write(am.Added, fmt.Sprint("p", i))
	}
	inf.AddEventHandler(0, recs[0], HandlerOptions{Name: "a", Cost: time.Millisecond})
	inf.AddEventHandler(0, recs[1], HandlerOptions{Name: "b"})
	inf.Start(0)
	srv.serve() // the first slice only: the late handler may come mid-replace
	if rng.IntN(2) == 0 {
		inf.AddEventHandler(srv.now, recs[2], HandlerOptions{Name: "late"})
	}
	settle()
	for round := range 40 {
		srv.now += time.Duration(1+rng.IntN(2000)) * time.Millisecond
		settle()
		switch k := rng.IntN(10); {
		case k < 6:
			name := fmt.Sprint("p", rng.IntN(n+50))
			if _, ok := srv.objs["d/"+name]; ok && rng.IntN(3) == 0 {
				srv.write(am.Deleted, name)
			} else if ok {
				srv.write(am.Modified, name)
			} else {
				srv.write(am.Added, name)
			}
		case k < 8 && len(srv.watches) > 0: // away: writes missed, then a relist
			id := srv.watches[0]
			srv.watches = srv.watches[1:]
			for j := range 12 {
				name := fmt.Sprint("p", rng.IntN(n+50))
				if _, ok := srv.objs["d/"+name]; ok && j%3 == 0 {
					srv.write(am.Deleted, name)
				} else {
					srv.write(am.Added, name)
				}
			}
			inf.OnWatchEnded(srv.now, id, nil)
		case len(srv.watches) > 0:
			srv.endWatch(srv.watches[0], am.WatchEvent{})
		}
		settle()
		if round == 20 && len(recs[2].log) == 0 {
			inf.AddEventHandler(srv.now, recs[2], HandlerOptions{Name: "late"})
		}
		lists = append(lists, fmt.Sprint(inf.Indexer().List(), inf.HasSynced()))
	}
	for i, r := range recs {
		logs[i] = r.log
	}
	return logs, lists, early
}

// TestReplaceJobIsOneStep: the same stories with ReplacedAll deltas
// worked through a few objects per step and in one step give every
// handler the same notifications at the same times, and the indexer the
// same contents whenever the informer is idle.
func TestReplaceJobIsOneStep(t *testing.T) {
	sliced := 0
	for seed := range uint64(25) {
		for _, noWL := range []bool{false, true} {
			for _, slice := range []int{1, 7, 100} {
				logs, lists, early := replaceRun(seed, noWL, slice)
				wantLogs, wantLists, _ := replaceRun(seed, noWL, 1<<30)
				if early {
					t.Fatalf("seed %d noWL=%v slice %d: HasSynced before the initial Replace was done", seed, noWL, slice)
				}
				for i := range logs {
					if !slices.Equal(logs[i], wantLogs[i]) {
						t.Fatalf("seed %d noWL=%v slice %d: handler %d got\n%q\none step gives\n%q", seed, noWL, slice, i, logs[i], wantLogs[i])
					}
				}
				if !slices.Equal(lists, wantLists) {
					t.Fatalf("seed %d noWL=%v slice %d: indexer\n%v\none step gives\n%v", seed, noWL, slice, lists, wantLists)
				}
				sliced += len(logs[0])
			}
		}
	}
	if sliced == 0 {
		t.Fatal("no notifications: the stories exercised nothing")
	}
}

// TestReplaceJobHandlerAddedMidway: a handler added while a Replace is
// being worked through gets what it would get on either side of the
// one-step Replace: added before the swap, the old contents and then the
// Replace's notifications; added after it, the new contents as its
// initial list and none of the Replace's notifications. Either way each
// object once.
func TestReplaceJobHandlerAddedMidway(t *testing.T) {
	inf := NewSharedIndexInformer(InformerConfig{Resource: "pods", Kind: "Pod", Rand: newTestRand(1), ReplaceSlice: 1})
	srv := &fakeServer{objs: map[string]*am.Object{}, window: 8, inf: inf}
	for i := range 300 {
		srv.write(am.Added, fmt.Sprintf("p%03d", i))
	}
	inf.Start(0)
	srv.serve()
	before, after := &recorder{}, &recorder{}
	if inf.replacing == nil || inf.replacing.swapped {
		t.Fatal("the watch-list's Replace should be in its diff phase after one slice")
	}
	inf.AddEventHandler(0, before, HandlerOptions{Name: "before the swap"})
	for inf.replacing != nil && (!inf.replacing.swapped || inf.replacing.pos < 10) {
		inf.Step(0)
	}
	if inf.replacing == nil {
		t.Fatal("the Replace ended before its notifications were half sent")
	}
	inf.AddEventHandler(0, after, HandlerOptions{Name: "after the swap"})
	for at, ok := inf.NextWake(0); ok && at == 0; at, ok = inf.NextWake(0) {
		inf.Step(0)
	}
	for name, r := range map[string]*recorder{"before": before, "after": after} {
		if len(r.log) != 300 || len(slices.Compact(slices.Sorted(slices.Values(r.log)))) != 300 {
			t.Errorf("handler added %s the swap got %d notifications, want each of the 300 objects once", name, len(r.log))
		}
	}
}
