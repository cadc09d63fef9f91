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
	if len(r.Key) == 0 {
		return PutResponse{}, ErrGRPCEmptyKey
	}
	if err := s.checkProposal(size); err != nil {
		return PutResponse{}, err
	}
	if s.alarmNoSpace {
		return PutResponse{}, ErrGRPCNoSpace
	}
	s.raftIndex++
	tw := s.kv.beginWrite()
	resp := applyPut(&tw, &r)
	s.kv.endWrite(&tw)
	resp.Header = s.header()
	return resp, nil
}

// applyPut is etcd's txn put: the previous KV if asked, then the write.
func applyPut(tw *storeTxn, r *PutRequest) PutResponse {
	var resp PutResponse
	if r.PrevKv {
		if prev, ok, _ := tw.get(r.Key, 0); ok {
			resp.PrevKv = &prev
		}
	}
	resp.Header.Revision = tw.Put(r.Key, r.Value, r.Lease)
	return resp
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
	if limit > 0 {
		limit++
	}
	rr, err := tw.Range(r.Key, rangeEndArg(r.RangeEnd), rangeOptions{limit: limit, rev: r.Revision, count: r.CountOnly})
	if err != nil {
		return RangeResponse{}, err
	}
	resp := RangeResponse{Header: ResponseHeader{Revision: rr.rev}, Count: int64(rr.count)}
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
