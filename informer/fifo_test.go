package informer

import (
	"strings"
	"testing"

	am "watchscope/apimachinery"
)

type fifoOp struct {
	op  string // add, update, delete, replace, resync, bookmark
	obj *am.Object
	lst []*am.Object
}

func applyOps(q Queue, ops []fifoOp) {
	for _, o := range ops {
		switch o.op {
		case "add":
			_ = q.Add(o.obj)
		case "update":
			_ = q.Update(o.obj)
		case "delete":
			_ = q.Delete(o.obj)
		case "replace":
			_ = q.Replace(o.lst, "99")
		case "resync":
			_ = q.Resync()
		case "bookmark":
			if b, ok := q.(BookmarkStore); ok {
				_ = b.Bookmark("50")
			}
		}
	}
}

func drain(q Queue) string {
	var out []string
	for {
		d, ok := q.Pop(nil)
		if !ok {
			return strings.Join(out, " | ")
		}
		var parts []string
		for _, x := range d {
			parts = append(parts, x.String())
		}
		out = append(out, strings.Join(parts, ", "))
	}
}

func knownStore(objs ...*am.Object) *Indexer {
	s := NewStore()
	for _, o := range objs {
		s.Add(o)
	}
	return s
}

func TestDeltaFIFO(t *testing.T) {
	a5, a6, b3, c2 := pod("d", "a", 5), pod("d", "a", 6), pod("d", "b", 3), pod("d", "c", 2)
	tests := []struct {
		name  string
		known []*am.Object
		ops   []fifoOp
		want  string
	}{
		{"per-key coalescing", nil, []fifoOp{{op: "add", obj: a5}, {op: "add", obj: b3}, {op: "update", obj: a6}},
			"Added Pod d/a@5, Updated Pod d/a@6 | Added Pod d/b@3"},
		{"delete of unknown and unqueued is ignored", nil, []fifoOp{{op: "delete", obj: a5}}, ""},
		{"delete of known object", []*am.Object{a5}, []fifoOp{{op: "delete", obj: a5}}, "Deleted Pod d/a@5"},
		{"consecutive deletes dedup, keep older", []*am.Object{a5}, []fifoOp{{op: "delete", obj: a5}, {op: "delete", obj: a6}},
			"Deleted Pod d/a@5"},
		{"replace: queued key missing from list gets tombstone, dedup keeps real delete", []*am.Object{a5},
			[]fifoOp{{op: "delete", obj: a5}, {op: "replace", lst: []*am.Object{b3}}},
			"Deleted Pod d/a@5 | Replaced Pod d/b@3"},
		{"replace: known key missing gets tombstone with known state", []*am.Object{c2},
			[]fifoOp{{op: "replace", lst: []*am.Object{a5}}},
			"Replaced Pod d/a@5 | Deleted DeletedFinalStateUnknown{d/c, Pod d/c@2}"},
		{"replace: queued add missing gets tombstone of newest", nil,
			[]fifoOp{{op: "add", obj: a5}, {op: "update", obj: a6}, {op: "replace", lst: []*am.Object{b3}}},
			"Added Pod d/a@5, Updated Pod d/a@6, Deleted DeletedFinalStateUnknown{d/a, Pod d/a@6} | Replaced Pod d/b@3"},
		{"resync skips queued keys", []*am.Object{a5, b3}, []fifoOp{{op: "update", obj: a6}, {op: "resync"}},
			"Updated Pod d/a@6 | Sync Pod d/b@3"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			q := NewDeltaFIFO(knownStore(tt.known...), true)
			applyOps(q, tt.ops)
			if got := drain(q); got != tt.want {
				t.Fatalf("got  %s\nwant %s", got, tt.want)
			}
		})
	}
}

func TestRealFIFO(t *testing.T) {
	a5, a6, b3, c2 := pod("d", "a", 5), pod("d", "a", 6), pod("d", "b", 3), pod("d", "c", 2)
	tests := []struct {
		name   string
		atomic bool
		known  []*am.Object
		ops    []fifoOp
		want   string
	}{
		{"no coalescing", false, nil, []fifoOp{{op: "add", obj: a5}, {op: "update", obj: a6}, {op: "delete", obj: b3}},
			"Added Pod d/a@5 | Updated Pod d/a@6 | Deleted Pod d/b@3"},
		{"replace: tombstones first, then Replaced", false, []*am.Object{c2},
			[]fifoOp{{op: "add", obj: b3}, {op: "replace", lst: []*am.Object{a5}}},
			"Added Pod d/b@3 | Deleted DeletedFinalStateUnknown{d/b, Pod d/b@3} | Deleted DeletedFinalStateUnknown{d/c, Pod d/c@2} | Replaced Pod d/a@5"},
		{"replace: queued delete needs no tombstone", false, []*am.Object{c2},
			[]fifoOp{{op: "delete", obj: c2}, {op: "replace", lst: nil}},
			"Deleted Pod d/c@2"},
		{"resync: Sync for known keys not queued", false, []*am.Object{a5, b3},
			[]fifoOp{{op: "update", obj: a6}, {op: "resync"}}, "Updated Pod d/a@6 | Sync Pod d/b@3"},
		{"bookmark ignored when not atomic", false, nil, []fifoOp{{op: "bookmark"}}, ""},
		{"atomic replace is one delta", true, nil, []fifoOp{{op: "replace", lst: []*am.Object{a5, b3}}},
			"ReplacedAll 2 objects @99"},
		{"atomic resync and bookmark", true, nil, []fifoOp{{op: "resync"}, {op: "bookmark"}}, "SyncAll | Bookmark @50"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var q *RealFIFO
			if tt.atomic {
				q = NewRealFIFO(nil, true)
			} else {
				q = NewRealFIFO(knownStore(tt.known...), false)
			}
			applyOps(q, tt.ops)
			if got := drain(q); got != tt.want {
				t.Fatalf("got  %s\nwant %s", got, tt.want)
			}
		})
	}
}

// HasSynced: true once the first Replace's entries have been popped, or
// at once if Add/Update/Delete came first.
func TestFIFOHasSynced(t *testing.T) {
	mk := []func() Queue{
		func() Queue { return NewDeltaFIFO(NewStore(), true) },
		func() Queue { return NewRealFIFO(NewStore(), false) },
		func() Queue { return NewRealFIFO(nil, true) },
	}
	for i, f := range mk {
		q := f()
		if q.HasSynced() {
			t.Fatalf("#%d synced before anything", i)
		}
		_ = q.Replace([]*am.Object{pod("d", "a", 1), pod("d", "b", 2)}, "2")
		_ = q.Add(pod("d", "c", 3))
		var initial []bool
		for {
			if _, ok := q.Pop(func(_ Deltas, in bool) { initial = append(initial, in) }); !ok {
				break
			}
		}
		if !q.HasSynced() || !initial[0] || initial[len(initial)-1] {
			t.Fatalf("#%d synced=%v initial=%v", i, q.HasSynced(), initial)
		}
		q2 := f()
		_ = q2.Add(pod("d", "a", 1))
		if !q2.HasSynced() {
			t.Fatalf("#%d: Add first must count as synced", i)
		}
	}
}

func TestIndexer(t *testing.T) {
	s := NewIndexer(Indexers{NamespaceIndex: MetaNamespaceIndexFunc})
	s.Add(pod("x", "a", 1))
	s.Add(pod("y", "b", 2))
	s.Update((&am.Object{Kind: "Pod", ObjectMeta: am.ObjectMeta{Namespace: "x", Name: "b"}}).WithResourceVersion(3))
	keys, _ := s.IndexKeys(NamespaceIndex, "x")
	if strings.Join(keys, ",") != "x/a,x/b" {
		t.Fatalf("namespace index: %v", keys)
	}
	s.Delete(pod("x", "a", 1))
	objs, _ := s.ByIndex(NamespaceIndex, "x")
	if len(objs) != 1 || objs[0].Name != "b" {
		t.Fatalf("ByIndex after delete: %v", objs)
	}
	s.Replace([]*am.Object{pod("z", "c", 9)}, "9")
	if v := s.ListIndexFuncValues(NamespaceIndex); len(v) != 1 || v[0] != "z" || s.LastStoreSyncResourceVersion() != "9" {
		t.Fatalf("Replace did not rebuild the index: %v", v)
	}
	if err := s.AddIndexers(Indexers{NamespaceIndex: MetaNamespaceIndexFunc}); err == nil {
		t.Fatalf("indexer conflict not reported")
	}
	if MetaNamespaceKey(&am.Object{ObjectMeta: am.ObjectMeta{Name: "n1"}}) != "n1" {
		t.Fatalf("cluster-scoped key")
	}
}
