package mvcc

// The etcdserver request layer for single requests. Each method follows
// etcd's order: gRPC receive limit, quota, request validation, raft
// proposal size, NOSPACE alarm, then the apply.

// Put writes one key. Every put takes a new revision, even with an
// unchanged value.
func (s *Server) Put(r PutRequest) (PutResponse, error) {
	size := sizePut(&r)
	if err := s.checkRecvSize(size); err != nil {
		return PutResponse{}, err
	}
	if err := s.checkQuota(costPut(&r)); err != nil {
		return PutResponse{}, err
	}
	if err := checkPutRequest(&r); err != nil {
		return PutResponse{}, err
	}
	if err := s.checkProposal(size); err != nil {
		return PutResponse{}, err
	}
	if s.alarmNoSpace {
		return PutResponse{}, ErrGRPCNoSpace
	}
	s.nextRequestID()
	s.raftIndex++
	if err := s.checkLease(r.Lease); err != nil {
		return PutResponse{}, err
	}
	tw := s.kv.beginWrite()
	resp, err := applyPut(&tw, &r)
	s.kv.endWrite(&tw)
	if err != nil {
		return PutResponse{}, err
	}
	resp.Header = s.header()
	return resp, nil
}

// checkPutRequest is the gRPC layer's validation of a put.
func checkPutRequest(r *PutRequest) error {
	switch {
	case len(r.Key) == 0:
		return ErrGRPCEmptyKey
	case r.IgnoreValue && len(r.Value) != 0:
		return ErrGRPCValueProvided
	case r.IgnoreLease && r.Lease != NoLease:
		return ErrGRPCLeaseProvided
	}
	return nil
}

// applyPut is etcd's txn put: the previous KV if asked (or needed to keep
// its value or lease: then the key must exist), then the write.
func applyPut(tw *storeTxn, r *PutRequest) (PutResponse, error) {
	var resp PutResponse
	value, lease := r.Value, r.Lease
	if r.PrevKv || r.IgnoreValue || r.IgnoreLease {
		prev, ok, _ := tw.get(r.Key, 0)
		if !ok && (r.IgnoreValue || r.IgnoreLease) {
			return resp, ErrGRPCKeyNotFound
		}
		if ok && r.PrevKv {
			resp.PrevKv = &prev
		}
		if r.IgnoreValue {
			value = prev.Value
		}
		if r.IgnoreLease {
			lease = prev.Lease
		}
	}
	resp.Header.Revision = tw.Put(r.Key, value, lease)
	return resp, nil
}

// Range reads keys at a revision. The header revision is always the
// current one, even for a read in the past. The returned Key and Value
// slices are shared with the store (no copy per read): read them, never
// modify them.
func (s *Server) Range(r RangeRequest) (RangeResponse, error) {
	if err := s.checkRecvSize(sizeRange(&r)); err != nil {
		return RangeResponse{}, err
	}
	if len(r.Key) == 0 {
		return RangeResponse{}, ErrGRPCEmptyKey
	}
	tw := s.kv.txn()
	resp, err := executeRange(tw, &r)
	tw.end(false, nil)
	if err != nil {
		return RangeResponse{}, toGRPCError(err)
	}
	resp.Header = s.header()
	return resp, nil
}

// executeRange asks the store for one key more than the limit, to learn
// whether the result was cut short (More).
func executeRange(tw *storeTxn, r *RangeRequest) (RangeResponse, error) {
	limit := r.Limit
	if r.SortOrder != SortNone || r.MinModRevision != 0 || r.MaxModRevision != 0 ||
		r.MinCreateRevision != 0 || r.MaxCreateRevision != 0 {
		limit = 0 // everything: the limit applies after filtering and sorting
	}
	if limit > 0 {
		limit++
	}
	rr, err := tw.Range(r.Key, rangeEndArg(r.RangeEnd), rangeOptions{limit: limit, rev: r.Revision, count: r.CountOnly})
	if err != nil {
		return RangeResponse{}, err
	}
	resp := RangeResponse{Header: ResponseHeader{Revision: rr.rev}, Count: int64(rr.count)}
	rr.kvs = filterAndSort(rr.kvs, r)
	if r.Limit > 0 && len(rr.kvs) > int(r.Limit) {
		rr.kvs = rr.kvs[:r.Limit]
		resp.More = true
	}
	if r.KeysOnly {
		for i := range rr.kvs {
			rr.kvs[i].Value = nil
		}
	}
	resp.Kvs = rr.kvs
	return resp, nil
}

// rangeEndArg turns a request's range_end into the store's convention:
// empty means the single key (nil), "\x00" means every key >= key (empty
// non-nil), anything else is the exclusive end.
func rangeEndArg(end []byte) []byte {
	switch {
	case len(end) == 0:
		return nil
	case len(end) == 1 && end[0] == 0:
		return []byte{}
	}
	return end
}

// DeleteRange deletes the keys in range. Deleting nothing does not take a
// revision.
func (s *Server) DeleteRange(r DeleteRangeRequest) (DeleteRangeResponse, error) {
	size := sizeDeleteRange(&r)
	if err := s.checkRecvSize(size); err != nil {
		return DeleteRangeResponse{}, err
	}
	if len(r.Key) == 0 {
		return DeleteRangeResponse{}, ErrGRPCEmptyKey
	}
	if err := s.checkProposal(size); err != nil {
		return DeleteRangeResponse{}, err
	}
	s.nextRequestID()
	s.raftIndex++
	tw := s.kv.beginWrite()
	resp := applyDeleteRange(&tw, &r)
	s.kv.endWrite(&tw)
	resp.Header = s.header()
	return resp, nil
}

func applyDeleteRange(tw *storeTxn, r *DeleteRangeRequest) DeleteRangeResponse {
	var resp DeleteRangeResponse
	end := rangeEndArg(r.RangeEnd)
	if r.PrevKv {
		if rr, err := tw.Range(r.Key, end, rangeOptions{}); err == nil {
			resp.PrevKvs = rr.kvs
		}
	}
	resp.Deleted, resp.Header.Revision = tw.DeleteRange(r.Key, end)
	return resp
}

// Compact sets the compaction revision at once and queues the physical
// deletion (batches of 1000 rows, 10ms apart). At or below the current
// compaction revision: the compacted error; beyond the current revision:
// the future-revision error.
func (s *Server) Compact(rev int64) (CompactResponse, error) {
	if err := s.checkProposal(sizeInt(rev)); err != nil {
		return CompactResponse{}, err
	}
	s.nextRequestID()
	s.raftIndex++
	if err := s.kv.compact(rev); err != nil {
		return CompactResponse{}, toGRPCError(err)
	}
	return CompactResponse{Header: s.header()}, nil
}

// attachPrevKV gives each non-create event the key's previous version (a
// read at mod_revision-1), when that revision is still readable.
// The previous versions of one response share one allocation.
func (s *Server) attachPrevKV(evs []Event) []Event {
	out := make([]Event, len(evs))
	copy(out, evs)
	var prevs []KeyValue
	for i := range out {
		if out[i].IsCreate() {
			continue
		}
		tw := storeTxn{s: s.kv.store, beginRev: s.kv.currentRev}
		prev, ok, _ := tw.get(out[i].Kv.Key, out[i].Kv.ModRevision-1)
		tw.end(false, nil)
		if ok {
			if prevs == nil {
				prevs = make([]KeyValue, 0, len(out)-i)
			}
			prevs = append(prevs, prev)
			out[i].PrevKv = &prevs[len(prevs)-1]
		}
	}
	return out
}
