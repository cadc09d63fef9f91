package etcd

import (
	"context"
	"slices"
	"testing"

	"watchscope/mvcc"
)

// These tables are FIDELITY.md Part J ("observed by running the real
// systems") written as steps with their expected results, and asserted on
// BOTH implementations: a failure on the etcd side means the spec (or this
// harness) is wrong, on the sim side that watchscope/mvcc is.

// specStep is one op, the canonical text of its result ("" for watch
// bookkeeping ops) and the items each watch must show right after it
// (a watch missing from items must show nothing).
type specStep struct {
	op    Op
	want  string
	items map[int][]string
}

type scenario struct {
	name  string
	steps []specStep
}

// fiveWrites is Part J's first example under prefix p: puts of a, b,
// update a, delete b, re-create b get revisions 2, 3, 4, 5, 6.
func fiveWrites(p string) []specStep {
	return []specStep{
		{op: putOp(p+"a", "1"), want: "hdr=2 prev=<nil>"},
		{op: putOp(p+"b", "1"), want: "hdr=3 prev=<nil>"},
		{op: putOp(p+"a", "2"), want: "hdr=4 prev=<nil>"},
		{op: delOp(p + "b"), want: "hdr=5 deleted=1 prev=[]"},
		{op: putOp(p+"b", "2"), want: "hdr=6 prev=<nil>"},
	}
}

var partJ = []scenario{
	{"revisions_2_to_6", append(fiveWrites("/j1/"),
		specStep{op: getOp("/j1/b", "", 0, 0), want: rangeText(6, 1, false, kv("/j1/b", 6, 6, 1, "2"))},
		specStep{op: delOp("/j1/missing"), want: "hdr=6 deleted=0 prev=[]"},
		specStep{op: getOp("/j1/a", "", 3, 0), want: rangeText(6, 1, false, kv("/j1/a", 2, 2, 1, "1"))},
		specStep{op: getOp("/j1/a", "", 0, 0), want: rangeText(6, 1, false, kv("/j1/a", 2, 4, 2, "2"))},
	)},
	{"compaction_errors", append(fiveWrites("/j2/"),
		specStep{op: compactOp(4), want: "hdr=6"},
		specStep{op: getOp("/j2/a", "", 3, 0), want: errString(mvcc.ErrGRPCCompacted)},
		specStep{op: getOp("/j2/a", "", 4, 0), want: rangeText(6, 1, false, kv("/j2/a", 2, 4, 2, "2"))},
		specStep{op: getOp("/j2/a", "", 7, 0), want: errString(mvcc.ErrGRPCFutureRev)},
		specStep{op: compactOp(4), want: errString(mvcc.ErrGRPCCompacted)},
		specStep{op: compactOp(3), want: errString(mvcc.ErrGRPCCompacted)},
		specStep{op: compactOp(7), want: errString(mvcc.ErrGRPCFutureRev)},
	)},
	{"watch_from_compacted_revision", append(fiveWrites("/j3/"),
		specStep{op: compactOp(4), want: "hdr=6"},
		specStep{op: watchOp(0, "/j3/", true, 3, false), items: map[int][]string{0: {
			watchItem{Kind: itemCanceled, Compact: 4, Err: mvcc.ErrGRPCCompacted.Error()}.String()}}},
		specStep{op: watchOp(1, "/j3/", true, 4, true), items: map[int][]string{1: {
			// A6: prev_kv is read at mod_revision-1 = 3, below the compact
			// revision 4, so this event goes out without it.
			putItem(kv("/j3/a", 2, 4, 2, "2"), nil),
			delItem("/j3/b", 5, kv("/j3/b", 3, 3, 1, "1")),
			putItem(kv("/j3/b", 6, 6, 1, "2"), nil)}}},
		specStep{op: putOp("/j3/a", "3"), want: "hdr=7 prev=<nil>", items: map[int][]string{1: {
			putItem(kv("/j3/a", 2, 7, 3, "3"), ptr(kv("/j3/a", 2, 4, 2, "2")))}}},
	)},
	{"progress_carries_current_revision", []specStep{
		{op: watchOp(0, "/j4/p/", true, 0, false)},
		{op: putOp("/j4/q", "1"), want: "hdr=2 prev=<nil>"},
		{op: putOp("/j4/q", "2"), want: "hdr=3 prev=<nil>"},
		{op: Op{Kind: opProgress}, items: map[int][]string{0: {watchItem{Kind: itemProgress, Revision: 3}.String()}}},
	}},
	// Not in Part J but in etcd's progressIfSync: a watcher whose start
	// revision is still in the future holds back RequestProgress for the
	// whole stream (no answer, not a late one) until the store reaches it.
	{"progress_withheld_for_future_start_watch", []specStep{
		{op: putOp("/j6/a", "1"), want: "hdr=2 prev=<nil>"},
		{op: watchOp(0, "/j6/", true, 0, false)},
		{op: watchOp(1, "/j6/b", false, 4, false)},
		{op: Op{Kind: opProgress}},
		{op: putOp("/j6/a", "2"), want: "hdr=3 prev=<nil>", items: map[int][]string{0: {putItem(kv("/j6/a", 2, 3, 2, "2"), nil)}}},
		{op: Op{Kind: opProgress}},
		{op: putOp("/j6/b", "1"), want: "hdr=4 prev=<nil>", items: map[int][]string{
			0: {putItem(kv("/j6/b", 4, 4, 1, "1"), nil)}, 1: {putItem(kv("/j6/b", 4, 4, 1, "1"), nil)}}},
		{op: Op{Kind: opProgress}, items: map[int][]string{
			0: {watchItem{Kind: itemProgress, Revision: 4}.String()}, 1: {watchItem{Kind: itemProgress, Revision: 4}.String()}}},
	}},
	{"limit_1_over_5_keys", []specStep{
		{op: putOp("/j5/k1", "v"), want: "hdr=2 prev=<nil>"},
		{op: putOp("/j5/k2", "v"), want: "hdr=3 prev=<nil>"},
		{op: putOp("/j5/k3", "v"), want: "hdr=4 prev=<nil>"},
		{op: putOp("/j5/k4", "v"), want: "hdr=5 prev=<nil>"},
		{op: putOp("/j5/k5", "v"), want: "hdr=6 prev=<nil>"},
		{op: getOp("/j5/k", "prefix", 0, 1), want: rangeText(6, 5, true, kv("/j5/k1", 2, 2, 1, "v"))},
	}},
}

func TestSpecPartJ(t *testing.T) {
	emb := startEmbedded(t)
	for _, sc := range partJ {
		t.Run(sc.name, func(t *testing.T) {
			sim, err := newSimTarget(1)
			if err != nil {
				t.Fatal(err)
			}
			defer sim.Close()
			real, err := newRealTarget(context.Background(), emb, 0)
			if err != nil {
				t.Fatal(err)
			}
			defer real.Close()
			for _, tgt := range []target{real, sim} {
				t.Run(shortName(tgt), func(t *testing.T) { runScenario(t, tgt, sc.steps) })
			}
		})
	}
}

func runScenario(t *testing.T, tgt target, steps []specStep) {
	for i, s := range steps {
		if got := step(tgt, s.op, nil); got != s.want {
			t.Fatalf("step %d (%s):\n  got  %s\n  want %s", i, s.op, got, s.want)
		}
		want := make([]int, maxOpenWatches)
		for n, its := range s.items {
			want[n] = len(its)
		}
		got := tgt.Collect(want)
		for n := range max(len(got), len(want)) {
			g, w := itemTexts(itemsAt(got, n)), s.items[n]
			if !slices.Equal(g, w) {
				t.Fatalf("step %d (%s): watch#%d\n  got  %q\n  want %q", i, s.op, n, g, w)
			}
		}
	}
}

func TestFreshEtcdStartsAtRevision1(t *testing.T) {
	emb := startEmbedded(t)
	rev, err := emb.Rev(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	sim, err := newSimTarget(1)
	if err != nil {
		t.Fatal(err)
	}
	if rev != 1 || sim.srv.Rev() != 1 {
		t.Fatalf("fresh revision: etcd %d, sim %d; both should be 1", rev, sim.srv.Rev())
	}
	put, err := emb.Client.Put(context.Background(), "/fresh", "v")
	if err != nil {
		t.Fatal(err)
	}
	simPut, err := sim.Put(mvcc.PutRequest{Key: []byte("/fresh"), Value: []byte("v")})
	if err != nil {
		t.Fatal(err)
	}
	if put.Header.Revision != 2 || simPut.Header.Revision != 2 {
		t.Fatalf("first write: etcd %d, sim %d; both should be 2", put.Header.Revision, simPut.Header.Revision)
	}
}
