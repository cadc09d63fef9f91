package mvcc

import (
	"maps"
	"slices"
)

// checkTxnRequest is etcd's request validation (v3rpc/key.go): the largest
// of len(compare), len(success), len(failure) must not exceed maxTxnOps;
// compares and ops need keys; an empty op is "key not found". Nested txns
// get what is left of the budget.
func checkTxnRequest(r *TxnRequest, maxTxnOps int) error {
	opc := max(len(r.Compare), len(r.Success), len(r.Failure))
	if opc > maxTxnOps {
		return ErrGRPCTooManyOps
	}
	for i := range r.Compare {
		if len(r.Compare[i].Key) == 0 {
			return ErrGRPCEmptyKey
		}
	}
	for _, ops := range [][]RequestOp{r.Success, r.Failure} {
		for i := range ops {
			if err := checkRequestOp(&ops[i], maxTxnOps-opc); err != nil {
				return err
			}
		}
	}
	return nil
}

func checkRequestOp(op *RequestOp, maxTxnOps int) error {
	switch {
	case op.Range != nil:
		if len(op.Range.Key) == 0 {
			return ErrGRPCEmptyKey
		}
	case op.Put != nil:
		return checkPutRequest(op.Put)
	case op.DeleteRange != nil:
		if len(op.DeleteRange.Key) == 0 {
			return ErrGRPCEmptyKey
		}
	case op.Txn != nil:
		return checkTxnRequest(op.Txn, maxTxnOps)
	default:
		return ErrGRPCKeyNotFound
	}
	return nil
}

// keyInterval is a delete's key interval [begin, end), or the single key
// begin when point. Like etcd's string-affine intervals, a range_end of
// "\x00" (from-key) is compared as the literal string "\x00", so it
// overlaps nothing: etcd's duplicate check does not see from-key deletes.
type keyInterval struct {
	begin, end string
	point      bool
}

func deleteInterval(d *DeleteRangeRequest) keyInterval {
	if len(d.RangeEnd) != 0 {
		return keyInterval{begin: string(d.Key), end: string(d.RangeEnd)}
	}
	return keyInterval{begin: string(d.Key), point: true}
}

func intersects(dels []keyInterval, k string) bool {
	for _, iv := range dels {
		if (iv.point && iv.begin == k) || (!iv.point && iv.begin <= k && k < iv.end) {
			return true
		}
	}
	return false
}

func checkIntervalsTxn(r *TxnRequest) error {
	if singleOp(r.Success) && singleOp(r.Failure) {
		return nil // one op cannot collide with itself (the API server's usual txn)
	}
	if _, _, err := checkIntervals(r.Success); err != nil {
		return err
	}
	_, _, err := checkIntervals(r.Failure)
	return err
}

// singleOp reports a branch of at most one op that is not a nested txn.
func singleOp(ops []RequestOp) bool { return len(ops) == 0 || len(ops) == 1 && ops[0].Txn == nil }

// checkIntervals is etcd's rule against ambiguous txns: within the ops
// that can run together, no key may be put twice, and no key may be both
// put and deleted. The two branches of a nested txn exclude each other, so
// the same key may be put in both.
func checkIntervals(ops []RequestOp) (map[string]bool, []keyInterval, error) {
	var dels []keyInterval
	for i := range ops {
		if d := ops[i].DeleteRange; d != nil {
			dels = append(dels, deleteInterval(d))
		}
	}
	puts := make(map[string]bool)
	for i := range ops {
		t := ops[i].Txn
		if t == nil {
			continue
		}
		putsThen, delsThen, err := checkIntervals(t.Success)
		if err != nil {
			return nil, dels, err
		}
		putsElse, delsElse, err := checkIntervals(t.Failure)
		if err != nil {
			return nil, dels, err
		}
		for _, k := range slices.Sorted(maps.Keys(putsThen)) {
			if puts[k] || intersects(dels, k) {
				return nil, dels, ErrGRPCDuplicateKey
			}
			puts[k] = true
		}
		for _, k := range slices.Sorted(maps.Keys(putsElse)) {
			if (puts[k] && !putsThen[k]) || intersects(dels, k) {
				return nil, dels, ErrGRPCDuplicateKey
			}
			puts[k] = true
		}
		dels = append(dels, delsThen...)
		dels = append(dels, delsElse...)
	}
	for i := range ops {
		p := ops[i].Put
		if p == nil {
			continue
		}
		k := string(p.Key)
		if puts[k] || intersects(dels, k) {
			return nil, dels, ErrGRPCDuplicateKey
		}
		puts[k] = true
	}
	return puts, dels, nil
}
