package mvcc

// kvOverhead is etcd's estimate of the metadata cost of storing one key
// (storage/quota.go), added to key+value length in the quota check.
const kvOverhead = 256

// costPut is the quota cost of a put.
func costPut(r *PutRequest) int64 { return int64(kvOverhead + len(r.Key) + len(r.Value)) }

// costTxn is the quota cost of a txn: the larger of its branches, counting
// only the puts directly in each branch (as etcd does).
func costTxn(r *TxnRequest) int64 {
	branch := func(ops []RequestOp) (n int64) {
		for i := range ops {
			if ops[i].Put != nil {
				n += costPut(ops[i].Put)
			}
		}
		return n
	}
	return max(branch(r.Success), branch(r.Failure))
}

// checkQuota is etcd's quota interceptor: a request that costs something
// and would take the data file to the quota raises the NOSPACE alarm and
// fails with "etcdserver: mvcc: database space exceeded".
func (s *Server) checkQuota(cost int64) error {
	if cost == 0 {
		return nil
	}
	if s.kv.backend.size+cost < s.cfg.QuotaBackendBytes {
		return nil
	}
	s.alarmNoSpace = true
	return ErrGRPCNoSpace
}

// checkRecvSize is gRPC's receive limit on the encoded client request.
func (s *Server) checkRecvSize(n int) error {
	if limit := s.cfg.MaxRequestBytes + grpcOverheadBytes; n > limit {
		return GRPCMessageTooLargeError{Size: n, Max: limit}
	}
	return nil
}

// checkProposal is etcd's limit on a raft proposal: the encoded
// InternalRaftRequest (see proposalSize) above --max-request-bytes fails
// with "etcdserver: request is too large".
func (s *Server) checkProposal(inner int) error {
	if proposalSize(inner) > s.cfg.MaxRequestBytes {
		return ErrGRPCRequestTooLarge
	}
	return nil
}
