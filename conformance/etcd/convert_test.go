package etcd

import (
	pb "go.etcd.io/etcd/api/v3/etcdserverpb"
	"go.etcd.io/etcd/api/v3/mvccpb"
	clientv3 "go.etcd.io/etcd/client/v3"

	"watchscope/mvcc"
)

// revMap translates revisions between a fresh store (what the simulation
// and the test tables speak) and a real etcd that already holds earlier
// sequences. Sim revision 1, the empty store, is real revision off+1.
//
//	sim:   0(=current)  1   2   3 ...
//	real:  0(=current)  B  B+1 B+2 ...    B = off+1
//
// Revisions <= 0 mean "current" or "unset" and are left alone; the map is
// strictly increasing, so every comparison etcd makes (compare targets,
// compacted or future checks) comes out the same on both sides.
type revMap struct{ off int64 }

func (m revMap) toReal(r int64) int64 {
	if r > 0 {
		return r + m.off
	}
	return r
}

func (m revMap) fromReal(r int64) int64 {
	if r > 0 {
		return r - m.off
	}
	return r
}

// ---- requests: mvcc -> clientv3 ----

func (m revMap) clientOp(r mvcc.RequestOp) clientv3.Op {
	switch {
	case r.Range != nil:
		g := r.Range
		opts := []clientv3.OpOption{clientv3.WithRev(m.toReal(g.Revision)), clientv3.WithLimit(g.Limit)}
		if len(g.RangeEnd) > 0 {
			opts = append(opts, clientv3.WithRange(string(g.RangeEnd)))
		}
		if g.KeysOnly {
			opts = append(opts, clientv3.WithKeysOnly())
		}
		if g.CountOnly {
			opts = append(opts, clientv3.WithCountOnly())
		}
		return clientv3.OpGet(string(g.Key), opts...)
	case r.Put != nil:
		var opts []clientv3.OpOption
		if r.Put.PrevKv {
			opts = append(opts, clientv3.WithPrevKV())
		}
		if r.Put.Lease != 0 {
			opts = append(opts, clientv3.WithLease(clientv3.LeaseID(r.Put.Lease)))
		}
		return clientv3.OpPut(string(r.Put.Key), string(r.Put.Value), opts...)
	case r.DeleteRange != nil:
		d := r.DeleteRange
		var opts []clientv3.OpOption
		if len(d.RangeEnd) > 0 {
			opts = append(opts, clientv3.WithRange(string(d.RangeEnd)))
		}
		if d.PrevKv {
			opts = append(opts, clientv3.WithPrevKV())
		}
		return clientv3.OpDelete(string(d.Key), opts...)
	case r.Txn != nil:
		return m.clientTxn(*r.Txn)
	}
	panic("empty RequestOp")
}

func (m revMap) clientTxn(t mvcc.TxnRequest) clientv3.Op {
	cmps := make([]clientv3.Cmp, len(t.Compare))
	for i, c := range t.Compare {
		cmps[i] = m.clientCmp(c)
	}
	return clientv3.OpTxn(cmps, m.clientOps(t.Success), m.clientOps(t.Failure))
}

func (m revMap) clientOps(ops []mvcc.RequestOp) []clientv3.Op {
	out := make([]clientv3.Op, len(ops))
	for i, op := range ops {
		out[i] = m.clientOp(op)
	}
	return out
}

// clientCmp builds the protobuf Compare directly: mvcc's enums have
// etcdserverpb's numbering.
func (m revMap) clientCmp(c mvcc.Compare) clientv3.Cmp {
	p := pb.Compare{
		Result:   pb.Compare_CompareResult(c.Result),
		Target:   pb.Compare_CompareTarget(c.Target),
		Key:      c.Key,
		RangeEnd: c.RangeEnd,
	}
	switch c.Target {
	case mvcc.CompareVersion:
		p.TargetUnion = &pb.Compare_Version{Version: c.Version}
	case mvcc.CompareCreate:
		p.TargetUnion = &pb.Compare_CreateRevision{CreateRevision: m.toReal(c.CreateRevision)}
	case mvcc.CompareMod:
		p.TargetUnion = &pb.Compare_ModRevision{ModRevision: m.toReal(c.ModRevision)}
	case mvcc.CompareValue:
		p.TargetUnion = &pb.Compare_Value{Value: c.Value}
	case mvcc.CompareLease:
		p.TargetUnion = &pb.Compare_Lease{Lease: c.Lease}
	}
	return clientv3.Cmp(p)
}

// ---- responses: etcdserverpb -> mvcc ----

func (m revMap) header(h *pb.ResponseHeader) mvcc.ResponseHeader {
	if h == nil {
		return mvcc.ResponseHeader{}
	}
	return mvcc.ResponseHeader{Revision: m.fromReal(h.Revision)}
}

func (m revMap) kv(kv *mvccpb.KeyValue) mvcc.KeyValue {
	return mvcc.KeyValue{Key: kv.Key, CreateRevision: m.fromReal(kv.CreateRevision),
		ModRevision: m.fromReal(kv.ModRevision), Version: kv.Version, Value: kv.Value, Lease: kv.Lease}
}

func (m revMap) kvPtr(kv *mvccpb.KeyValue) *mvcc.KeyValue {
	if kv == nil {
		return nil
	}
	out := m.kv(kv)
	return &out
}

func (m revMap) kvs(kvs []*mvccpb.KeyValue) []mvcc.KeyValue {
	out := make([]mvcc.KeyValue, len(kvs))
	for i, kv := range kvs {
		out[i] = m.kv(kv)
	}
	return out
}

func (m revMap) rangeResp(r *pb.RangeResponse) mvcc.RangeResponse {
	return mvcc.RangeResponse{Header: m.header(r.Header), Kvs: m.kvs(r.Kvs), More: r.More, Count: r.Count}
}

func (m revMap) putResp(r *pb.PutResponse) mvcc.PutResponse {
	return mvcc.PutResponse{Header: m.header(r.Header), PrevKv: m.kvPtr(r.PrevKv)}
}

func (m revMap) deleteResp(r *pb.DeleteRangeResponse) mvcc.DeleteRangeResponse {
	return mvcc.DeleteRangeResponse{Header: m.header(r.Header), Deleted: r.Deleted, PrevKvs: m.kvs(r.PrevKvs)}
}

func (m revMap) txnResp(r *pb.TxnResponse) mvcc.TxnResponse {
	out := mvcc.TxnResponse{Header: m.header(r.Header), Succeeded: r.Succeeded}
	for _, op := range r.Responses {
		var o mvcc.ResponseOp
		switch v := op.Response.(type) {
		case *pb.ResponseOp_ResponseRange:
			x := m.rangeResp(v.ResponseRange)
			o.Range = &x
		case *pb.ResponseOp_ResponsePut:
			x := m.putResp(v.ResponsePut)
			o.Put = &x
		case *pb.ResponseOp_ResponseDeleteRange:
			x := m.deleteResp(v.ResponseDeleteRange)
			o.DeleteRange = &x
		case *pb.ResponseOp_ResponseTxn:
			x := m.txnResp(v.ResponseTxn)
			o.Txn = &x
		}
		out.Responses = append(out.Responses, o)
	}
	return out
}

func (m revMap) event(ev *clientv3.Event) mvcc.Event {
	e := mvcc.Event{Type: mvcc.EventType(ev.Type), Kv: m.kv(ev.Kv)}
	e.PrevKv = m.kvPtr(ev.PrevKv)
	return e
}
