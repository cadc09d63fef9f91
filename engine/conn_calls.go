package engine

import (
	"cmp"
	"maps"
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
//	pending: id -> call          onConn: conn A -> {ids 7, 9}, {stream 3}
//	watches: stream -> handle            conn B -> {id 8},     {}
//
// It mirrors apiReplica.pending and .watches exactly: every insert and
// delete of those maps goes through the methods below.
type connCalls struct {
	pending map[uint64]struct{}
	watches map[*apiserver.Stream]struct{}
}

func (r *apiReplica) callsOn(conn *Conn) *connCalls {
	if r.onConn == nil {
		r.onConn = map[*Conn]*connCalls{}
	}
	cc := r.onConn[conn]
	if cc == nil {
		cc = &connCalls{pending: map[uint64]struct{}{}, watches: map[*apiserver.Stream]struct{}{}}
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

func (r *apiReplica) addPending(id uint64, p *pendingCall) {
	r.pending[id] = p
	r.callsOn(p.conn).pending[id] = struct{}{}
}

func (r *apiReplica) dropPending(id uint64, p *pendingCall) {
	delete(r.pending, id)
	if cc := r.onConn[p.conn]; cc != nil {
		delete(cc.pending, id)
		r.tidy(p.conn)
	}
}

func (r *apiReplica) addWatch(st *apiserver.Stream, h *WatchHandle) {
	r.watches[st] = h
	r.callsOn(h.conn).watches[st] = struct{}{}
}

func (r *apiReplica) dropWatch(st *apiserver.Stream, h *WatchHandle) {
	delete(r.watches, st)
	if cc := r.onConn[h.conn]; cc != nil {
		delete(cc.watches, st)
		r.tidy(h.conn)
	}
}

// pendingOn is the ids of the calls pending on conn, in id order.
func (r *apiReplica) pendingOn(conn *Conn) []uint64 {
	cc := r.onConn[conn]
	if cc == nil {
		return nil
	}
	return slices.Sorted(maps.Keys(cc.pending))
}

// handlesOn is every watch handle on conn, including streams the process
// already dropped (killed) whose end has not been delivered yet, in
// stream order.
func (r *apiReplica) handlesOn(conn *Conn) []*WatchHandle {
	cc := r.onConn[conn]
	if cc == nil {
		return nil
	}
	streams := slices.SortedFunc(maps.Keys(cc.watches), func(a, b *apiserver.Stream) int { return cmp.Compare(a.ID, b.ID) })
	out := make([]*WatchHandle, len(streams))
	for i, st := range streams {
		out[i] = r.watches[st]
	}
	return out
}
