package engine

import (
	"cmp"
	"slices"

	"watchscope/apiserver"
)

// connCalls indexes a replica's pending calls and watches by the client
// connection they ride on. When a replica restarts, every connection to
// it closes at once (5,000 at 5,000 nodes), and each close must end only
// its own calls: without the index, each close sorted and scanned every
// pending call and watch of the replica, which made the restart one
// engine step of seconds.
//
//	pending: id -> call          onConn: conn A -> [ids 9, 7], [stream 3]
//	watches: stream -> handle            conn B -> [id 8],     []
//
// It mirrors apiReplica.pending and .watches exactly: every insert and
// delete of those maps goes through the methods below. A connection
// carries a watch or two and a call or two at a time, so each list is a
// slice in no particular order (removal swaps in the last element), not
// a map: two maps per connection were ~13,000 live objects at 5,000
// nodes. pendingOn and handlesOn sort what they return.
type connCalls struct {
	pending []uint64
	watches []*apiserver.Stream
}

func (r *apiReplica) callsOn(conn *Conn) *connCalls {
	if r.onConn == nil {
		r.onConn = map[*Conn]*connCalls{}
	}
	cc := r.onConn[conn]
	if cc == nil {
		cc = &connCalls{}
		r.onConn[conn] = cc
	}
	return cc
}

// tidy forgets conn once nothing rides on it.
func (r *apiReplica) tidy(conn *Conn) {
	if cc := r.onConn[conn]; cc != nil && len(cc.pending) == 0 && len(cc.watches) == 0 {
		delete(r.onConn, conn)
	}
}

// without removes the element equal to v from s, if present, by moving
// the last element into its place.
func without[T comparable](s []T, v T) []T {
	for i, x := range s {
		if x == v {
			last := len(s) - 1
			s[i] = s[last]
			var zero T
			s[last] = zero
			return s[:last]
		}
	}
	return s
}

func (r *apiReplica) addPending(id uint64, p *pendingCall) {
	r.pending[id] = p
	cc := r.callsOn(p.conn)
	if !slices.Contains(cc.pending, id) { // a set, as the maps were
		cc.pending = append(cc.pending, id)
	}
}

func (r *apiReplica) dropPending(id uint64, p *pendingCall) {
	delete(r.pending, id)
	if cc := r.onConn[p.conn]; cc != nil {
		cc.pending = without(cc.pending, id)
		r.tidy(p.conn)
	}
}

func (r *apiReplica) addWatch(st *apiserver.Stream, h *WatchHandle) {
	r.watches[st] = h
	cc := r.callsOn(h.conn)
	if !slices.Contains(cc.watches, st) {
		cc.watches = append(cc.watches, st)
	}
}

func (r *apiReplica) dropWatch(st *apiserver.Stream, h *WatchHandle) {
	delete(r.watches, st)
	if cc := r.onConn[h.conn]; cc != nil {
		cc.watches = without(cc.watches, st)
		r.tidy(h.conn)
	}
}

// pendingOn is the ids of the calls pending on conn, in id order.
func (r *apiReplica) pendingOn(conn *Conn) []uint64 {
	cc := r.onConn[conn]
	if cc == nil {
		return nil
	}
	return slices.Sorted(slices.Values(cc.pending))
}

// handlesOn is every watch handle on conn, including streams the process
// already dropped (killed) whose end has not been delivered yet, in
// stream order.
func (r *apiReplica) handlesOn(conn *Conn) []*WatchHandle {
	cc := r.onConn[conn]
	if cc == nil {
		return nil
	}
	streams := slices.SortedFunc(slices.Values(cc.watches), func(a, b *apiserver.Stream) int { return cmp.Compare(a.ID, b.ID) })
	out := make([]*WatchHandle, len(streams))
	for i, st := range streams {
		out[i] = r.watches[st]
	}
	return out
}
