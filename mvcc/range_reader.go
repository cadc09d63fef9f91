package mvcc

// RangeReader serves one RangeRequest in parts. etcd answers a range in
// one call; the watch cache's initial list asks for 10,000 keys a page,
// and reading 10,000 keys in one simulation step is a long task in a
// browser tab (~4 ms natively, ~12 ms in wasm). So the reader takes the
// request like Range does (size check, one range counted, the revision
// fixed) and then reads it n keys at a time at that revision:
//
//	BeginRange(key, end, limit 10,000)   checked, counted, rev = current
//	Read(2,500)                          keys 1 .. 2,500   (Count: all in range)
//	Read(2,500)                          keys 2,501 .. 5,000
//	...                                  until the limit or the end: Done
//
// Response is then exactly what Range would have answered at BeginRange.
// Writes meanwhile take later revisions and never show. A compaction past
// the revision before the last part makes Read fail with the compacted
// error, as a later page of a paginated list would.
type RangeReader struct {
	s        *Server
	next     []byte // where the next part starts
	end      []byte // the store's convention (rangeEndArg)
	limit    int64
	rev      int64
	keysOnly bool
	count    bool // CountOnly: one part, no keys
	resp     RangeResponse
	started  bool
	done     bool
}

// BeginRange checks and counts r and fixes its revision; the keys come
// with Read.
func (s *Server) BeginRange(r RangeRequest) (*RangeReader, error) {
	if err := s.checkRecvSize(sizeRange(&r)); err != nil {
		return nil, err
	}
	if len(r.Key) == 0 {
		return nil, ErrGRPCEmptyKey
	}
	tw := s.kv.txn()
	tw.ranges++
	rev := r.Revision
	switch {
	case rev > tw.beginRev:
		return nil, toGRPCError(ErrFutureRev)
	case rev <= 0:
		rev = tw.beginRev
	}
	if rev < s.kv.compactMainRev {
		return nil, toGRPCError(ErrCompacted)
	}
	tw.end(false, nil)
	return &RangeReader{s: s, next: r.Key, end: rangeEndArg(r.RangeEnd), limit: r.Limit, rev: rev,
		keysOnly: r.KeysOnly, count: r.CountOnly, resp: RangeResponse{Header: s.header()}}, nil
}

// Read reads at most n more keys (n < 1: one).
func (rr *RangeReader) Read(n int) error {
	if rr.done {
		return nil
	}
	want := int64(max(n, 1))
	if rr.limit > 0 {
		want = min(want, rr.limit-int64(len(rr.resp.Kvs)))
	}
	res, err := rr.s.kv.rangeKeys(rr.next, rr.end, rr.s.kv.currentRev, rangeOptions{limit: want + 1, rev: rr.rev, count: rr.count})
	if err != nil {
		return toGRPCError(err)
	}
	if !rr.started {
		rr.start(res.count)
	}
	if rr.count {
		rr.done = true
		return nil
	}
	kvs, more := res.kvs, int64(len(res.kvs)) > want
	if more {
		kvs = kvs[:want]
	}
	if rr.keysOnly {
		for i := range kvs {
			kvs[i].Value = nil
		}
	}
	rr.resp.Kvs = append(rr.resp.Kvs, kvs...)
	switch {
	case !more || rr.end == nil:
		rr.done = true
	case rr.limit > 0 && int64(len(rr.resp.Kvs)) == rr.limit:
		rr.done, rr.resp.More = true, true
	default:
		rr.next = append(append(rr.next[:0:0], kvs[len(kvs)-1].Key...), 0)
	}
	return nil
}

// start takes the first part's Count (every key in range at rev) and
// sizes the answer once.
func (rr *RangeReader) start(count int) {
	rr.started, rr.resp.Count = true, int64(count)
	size := int64(count)
	if rr.limit > 0 {
		size = min(size, rr.limit)
	}
	rr.resp.Kvs = make([]KeyValue, 0, size)
}

// Done reports whether every part has been read.
func (rr *RangeReader) Done() bool { return rr.done }

// Response is the whole answer once Done (the header is the one of
// BeginRange's instant).
func (rr *RangeReader) Response() RangeResponse { return rr.resp }
