package engine

import (
	"cmp"
	"maps"
	"slices"
	"testing"

	"watchscope/apiserver"
)

// TestConnCallsModel adds and drops calls and watches on a few
// connections at random and checks pendingOn and handlesOn against sets
// kept in maps (what the index was before it used slices).
func TestConnCallsModel(t *testing.T) {
	r := NewRand(3)
	rep := &apiReplica{pending: map[uint64]*pendingCall{}, watches: map[*apiserver.Stream]*WatchHandle{}}
	conns := []*Conn{{id: 1}, {id: 2}, {id: 3}}
	streams := make([]*apiserver.Stream, 12)
	for i := range streams {
		streams[i] = &apiserver.Stream{ID: uint64(100 - i)}
	}
	refPending := map[*Conn]map[uint64]bool{}
	refWatches := map[*Conn]map[*apiserver.Stream]bool{}
	set := func(m map[*Conn]map[uint64]bool, c *Conn) map[uint64]bool {
		if m[c] == nil {
			m[c] = map[uint64]bool{}
		}
		return m[c]
	}
	for step := range 3000 {
		conn := conns[r.IntN(len(conns))]
		id := uint64(r.IntN(20))
		st := streams[r.IntN(len(streams))]
		switch r.IntN(4) {
		case 0:
			rep.addPending(id, &pendingCall{conn: conn})
			set(refPending, conn)[id] = true
		case 1:
			if p, ok := rep.pending[id]; ok {
				rep.dropPending(id, p)
				delete(refPending[p.conn], id)
			}
		case 2:
			rep.addWatch(st, &WatchHandle{conn: conn})
			if refWatches[conn] == nil {
				refWatches[conn] = map[*apiserver.Stream]bool{}
			}
			refWatches[conn][st] = true
		case 3:
			if h, ok := rep.watches[st]; ok {
				rep.dropWatch(st, h)
				delete(refWatches[h.conn], st)
			}
		}
		for _, c := range conns {
			if got, want := rep.pendingOn(c), slices.Sorted(maps.Keys(refPending[c])); !slices.Equal(got, want) && len(got)+len(want) > 0 {
				t.Fatalf("step %d: pendingOn(conn %d) = %v, want %v", step, c.id, got, want)
			}
			want := slices.SortedFunc(maps.Keys(refWatches[c]), func(a, b *apiserver.Stream) int { return cmp.Compare(a.ID, b.ID) })
			got := rep.handlesOn(c)
			if len(got) != len(want) {
				t.Fatalf("step %d: handlesOn(conn %d) has %d, want %d", step, c.id, len(got), len(want))
			}
			for i, st := range want {
				if got[i] != rep.watches[st] {
					t.Fatalf("step %d: handlesOn(conn %d)[%d] is not stream %d's handle", step, c.id, i, st.ID)
				}
			}
		}
	}
}
