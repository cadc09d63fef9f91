package mvcc

// Txn runs a transaction: if every Compare holds, the Success ops run,
// else the Failure ops. All writes of the txn (nested txns included) share
// one main revision, with sub revisions 0, 1, 2, ... in op order. Every
// compare, nested ones too, is evaluated against the store as it was before
// the txn.
func (s *Server) Txn(r TxnRequest) (TxnResponse, error) {
	size := sizeTxn(&r)
	if err := s.checkRecvSize(size); err != nil {
		return TxnResponse{}, err
	}
	if err := s.checkQuota(costTxn(&r)); err != nil {
		return TxnResponse{}, err
	}
	if err := checkTxnRequest(&r, s.cfg.MaxTxnOps); err != nil {
		return TxnResponse{}, err
	}
	if err := checkIntervalsTxn(&r); err != nil {
		return TxnResponse{}, err
	}
	readOnly := isTxnReadonly(&r)
	if !readOnly {
		if err := s.checkProposal(size); err != nil {
			return TxnResponse{}, err
		}
		if s.alarmNoSpace && costTxn(&r) > 0 {
			return TxnResponse{}, ErrGRPCNoSpace
		}
		s.nextRequestID()
		s.raftIndex++
	}
	return s.applyTxn(&r, readOnly)
}

// txnPath is the branch decision of a txn and of each nested txn on the
// taken branch, in op order.
type txnPath struct {
	succeeded bool
	nested    []txnPath
}

// applyTxn evaluates the compares, checks the taken branches' ranges, then
// executes. A read-only txn does all of it in one read txn.
func (s *Server) applyTxn(r *TxnRequest, readOnly bool) (TxnResponse, error) {
	rv := s.kv.txn()
	path := compareToPath(rv, r)
	if err := s.checkTxn(rv, r, &path); err != nil {
		rv.end(false, nil)
		return TxnResponse{}, toGRPCError(err)
	}
	var resp TxnResponse
	if readOnly {
		resp = executeTxn(rv, r, &path)
		rv.end(false, nil)
	} else {
		rv.end(false, nil)
		tw := s.kv.beginWrite()
		resp = executeTxn(&tw, r, &path)
		s.kv.endWrite(&tw)
	}
	resp.Header = s.header()
	return resp, nil
}

func compareToPath(rv *storeTxn, r *TxnRequest) txnPath {
	p := txnPath{succeeded: applyCompares(rv, r.Compare)}
	for _, op := range branch(r, p.succeeded) {
		if op.Txn != nil {
			p.nested = append(p.nested, compareToPath(rv, op.Txn))
		}
	}
	return p
}

func branch(r *TxnRequest, succeeded bool) []RequestOp {
	if succeeded {
		return r.Success
	}
	return r.Failure
}

// checkTxn rejects, before anything is written, a range on the taken path
// at a future or compacted revision (the same test as etcd's checkRange,
// which compares against the compaction revision even for revisions <= 0).
func (s *Server) checkTxn(rv *storeTxn, r *TxnRequest, p *txnPath) error {
	n := 0
	for _, op := range branch(r, p.succeeded) {
		switch {
		case op.Put != nil:
			if op.Put.IgnoreValue || op.Put.IgnoreLease {
				if _, ok, _ := rv.get(op.Put.Key, 0); !ok {
					return ErrGRPCKeyNotFound
				}
			}
			if err := s.checkLease(op.Put.Lease); err != nil {
				return err
			}
		case op.Range != nil && op.Range.Revision != 0:
			if op.Range.Revision > rv.Rev() {
				return ErrFutureRev
			}
			if op.Range.Revision < rv.s.compactMainRev {
				return ErrCompacted
			}
		case op.Txn != nil:
			if err := s.checkTxn(rv, op.Txn, &p.nested[n]); err != nil {
				return err
			}
			n++
		}
	}
	return nil
}

// executeTxn runs the taken branch. Sub-responses carry only a header
// revision (a nested txn's header stays empty, as in etcd).
func executeTxn(tw *storeTxn, r *TxnRequest, p *txnPath) TxnResponse {
	ops := branch(r, p.succeeded)
	resp := TxnResponse{Succeeded: p.succeeded, Responses: make([]ResponseOp, len(ops))}
	n := 0
	for i, op := range ops {
		switch {
		case op.Range != nil:
			rr, err := executeRange(tw, op.Range)
			if err != nil {
				panic("mvcc: unexpected error during txn: " + err.Error())
			}
			resp.Responses[i].Range = &rr
		case op.Put != nil:
			pr, err := applyPut(tw, op.Put)
			if err != nil {
				panic("mvcc: unexpected error during txn: " + err.Error())
			}
			resp.Responses[i].Put = &pr
		case op.DeleteRange != nil:
			dr := applyDeleteRange(tw, op.DeleteRange)
			resp.Responses[i].DeleteRange = &dr
		case op.Txn != nil:
			tr := executeTxn(tw, op.Txn, &p.nested[n])
			tr.Header = ResponseHeader{}
			resp.Responses[i].Txn = &tr
			n++
		}
	}
	resp.Header.Revision = tw.Rev()
	return resp
}

func isTxnReadonly(r *TxnRequest) bool {
	for _, ops := range [][]RequestOp{r.Success, r.Failure} {
		for _, op := range ops {
			if op.Put != nil || op.DeleteRange != nil || (op.Txn != nil && !isTxnReadonly(op.Txn)) {
				return false
			}
		}
	}
	return true
}
