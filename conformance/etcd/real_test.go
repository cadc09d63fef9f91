package etcd

import (
	"context"
	"time"

	pb "go.etcd.io/etcd/api/v3/etcdserverpb"
	clientv3 "go.etcd.io/etcd/client/v3"

	"watchscope/mvcc"
)

const (
	// collectTimeout bounds how long the real side waits for the items the
	// simulation says are due after one op.
	collectTimeout = 3 * time.Second
	// progressResend: a RequestProgress is ignored while any watcher of the
	// stream is unsynced (etcd answers nothing), so it is sent again if no
	// answer came within this time.
	progressResend = 60 * time.Millisecond
)

// markerKey sorts before every sequence's keys, so writing it shows up in
// no range or watch of a sequence. Every sequence starts by writing it:
// that moves the real revision B past any earlier compaction, and the one
// event at B is what syncFence watches for.
const markerKey = "/a/marker"

// realTarget drives a real etcd through clientv3. It may share the etcd
// with earlier sequences: revisions are shifted by revMap, and every
// sequence uses keys under its own, larger prefix.
type realTarget struct {
	revMap
	emb      *Embedded
	ctx      context.Context
	w        clientv3.Watcher
	watches  []*realWatch
	progress bool // a RequestProgress is waiting for its answer
	seed     int64
	leases   []int64 // granted, to revoke at Close
}

type realWatch struct {
	ch       clientv3.WatchChan
	cancel   context.CancelFunc
	open     bool
	needSync bool   // started in the past: unsynced until a sync pass
	dupOK    int    // progress resends whose duplicate answers to drop
	last     string // text of the last item delivered, to spot a duplicate
}

func newRealTarget(ctx context.Context, emb *Embedded, seed int64) (*realTarget, error) {
	r := &realTarget{emb: emb, ctx: ctx, w: clientv3.NewWatcher(emb.Client), seed: seed}
	resp, err := emb.Client.Put(ctx, markerKey, "")
	if err != nil {
		return nil, err
	}
	r.off = resp.Header.Revision - 1
	return r, nil
}

func (r *realTarget) Name() string { return "etcd v3.6.16 (embedded)" }

func (r *realTarget) do(op mvcc.RequestOp) (clientv3.OpResponse, error) {
	return r.emb.Client.Do(r.ctx, r.clientOp(op))
}

func (r *realTarget) Put(p mvcc.PutRequest) (mvcc.PutResponse, error) {
	resp, err := r.do(mvcc.RequestOp{Put: &p})
	if err != nil {
		return mvcc.PutResponse{}, err
	}
	return r.putResp((*pb.PutResponse)(resp.Put())), nil
}

func (r *realTarget) Range(g mvcc.RangeRequest) (mvcc.RangeResponse, error) {
	resp, err := r.do(mvcc.RequestOp{Range: &g})
	if err != nil {
		return mvcc.RangeResponse{}, err
	}
	return r.rangeResp((*pb.RangeResponse)(resp.Get())), nil
}

func (r *realTarget) DeleteRange(d mvcc.DeleteRangeRequest) (mvcc.DeleteRangeResponse, error) {
	resp, err := r.do(mvcc.RequestOp{DeleteRange: &d})
	if err != nil {
		return mvcc.DeleteRangeResponse{}, err
	}
	return r.deleteResp((*pb.DeleteRangeResponse)(resp.Del())), nil
}

func (r *realTarget) Txn(t mvcc.TxnRequest) (mvcc.TxnResponse, error) {
	resp, err := r.do(mvcc.RequestOp{Txn: &t})
	if err != nil {
		return mvcc.TxnResponse{}, err
	}
	return r.txnResp((*pb.TxnResponse)(resp.Txn())), nil
}

func (r *realTarget) Compact(rev int64) (mvcc.CompactResponse, error) {
	resp, err := r.emb.Client.Compact(r.ctx, r.toReal(rev))
	if err != nil {
		return mvcc.CompactResponse{}, err
	}
	return mvcc.CompactResponse{Header: r.header(resp.Header)}, nil
}
