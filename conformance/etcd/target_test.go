package etcd

import (
	"fmt"

	"watchscope/mvcc"
)

// target is one etcd implementation under test, seen through mvcc's request
// and response shapes. Revisions are always those of a fresh store (the
// first write is 2), whatever the implementation uses internally.
//
// Watches are numbered 0, 1, 2, ... in the order Watch is called. All of
// them share one watch stream, as all clientv3 watches made with the same
// context do.
type target interface {
	Name() string
	Put(r mvcc.PutRequest) (mvcc.PutResponse, error)
	Range(r mvcc.RangeRequest) (mvcc.RangeResponse, error)
	DeleteRange(r mvcc.DeleteRangeRequest) (mvcc.DeleteRangeResponse, error)
	Txn(r mvcc.TxnRequest) (mvcc.TxnResponse, error)
	Compact(rev int64) (mvcc.CompactResponse, error)
	Watch(r mvcc.WatchCreateRequest) error
	CancelWatch(n int)
	RequestProgress()
	LeaseGrant(ttl, id int64) (mvcc.LeaseGrantResponse, error)
	LeaseRevoke(id int64) (mvcc.LeaseRevokeResponse, error)
	LeaseTimeToLive(id int64, keys bool) (mvcc.LeaseTimeToLiveResponse, error)
	LeaseKeepAliveOnce(id int64) (mvcc.LeaseKeepAliveResponse, error)
	LeaseLeases() (mvcc.LeaseLeasesResponse, error)
	// Collect returns, per watch number, the items that arrived since the
	// last Collect. want[n] is how many items watch n is expected to have
	// (from the other implementation): a target that runs in real time
	// waits for that many, within a timeout. nil means wait for nothing.
	Collect(want []int) [][]watchItem
	// Open lists the watch numbers not yet canceled.
	Open() []int
	Close()
}

// doOp runs one KV request on a target and returns its canonical text.
func doOp(t target, r mvcc.RequestOp) string {
	switch {
	case r.Range != nil:
		resp, err := t.Range(*r.Range)
		if err != nil {
			return errString(err)
		}
		return rangeRespString(resp)
	case r.Put != nil:
		resp, err := t.Put(*r.Put)
		if err != nil {
			return errString(err)
		}
		return putRespString(resp)
	case r.DeleteRange != nil:
		resp, err := t.DeleteRange(*r.DeleteRange)
		if err != nil {
			return errString(err)
		}
		return deleteRespString(resp)
	case r.Txn != nil:
		resp, err := t.Txn(*r.Txn)
		if err != nil {
			return errString(err)
		}
		return txnRespString(resp)
	}
	panic("empty RequestOp")
}

// step runs one op of a sequence and returns the text of its direct result
// ("" for watch bookkeeping ops that answer nothing). leaseID maps the
// sequence's lease numbers to IDs.
func step(t target, op Op, leaseID func(int64) int64) string {
	switch op.Kind {
	case opLease:
		return leaseStep(t, leaseID, op.Lease)
	case opKV:
		return doOp(t, op.Req)
	case opCompact:
		resp, err := t.Compact(op.Rev)
		if err != nil {
			return errString(err)
		}
		return fmt.Sprintf("hdr=%d", resp.Header.Revision)
	case opWatch:
		if err := t.Watch(op.Watch); err != nil {
			return errString(err)
		}
	case opCancel:
		t.CancelWatch(op.WatchN)
	case opProgress:
		t.RequestProgress()
	}
	return ""
}
