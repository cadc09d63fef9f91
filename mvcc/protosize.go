package mvcc

// Protobuf size estimates. etcd compares the marshalled size of a raft
// proposal (an InternalRaftRequest wrapping the client request) with
// --max-request-bytes, so the simulation computes the exact protobuf wire
// size of the request as etcdserverpb would encode it: proto3, zero values
// omitted, oneof members always encoded, every field number below 16 (one
// byte tag) except Compare.range_end (64, two bytes) and
// InternalRaftRequest.header (100, two bytes).

func sizeVarint(v uint64) int {
	n := 1
	for v >= 0x80 {
		v >>= 7
		n++
	}
	return n
}

// sizeInt is an optional int64 field: tag + varint, omitted when zero.
// Negative values take ten bytes, as protobuf encodes them.
func sizeInt(v int64) int {
	if v == 0 {
		return 0
	}
	return 1 + sizeVarint(uint64(v))
}

// sizeBool is an optional bool field.
func sizeBool(v bool) int {
	if v {
		return 2
	}
	return 0
}

// sizeBytes is an optional bytes field: tag + length + data.
func sizeBytes(b []byte) int {
	if len(b) == 0 {
		return 0
	}
	return 1 + sizeVarint(uint64(len(b))) + len(b)
}

// sizeMsg is an embedded message field (always present once set).
func sizeMsg(tagBytes, n int) int { return tagBytes + sizeVarint(uint64(n)) + n }

func sizeKeyValue(kv *KeyValue) int {
	return sizeBytes(kv.Key) + sizeInt(kv.CreateRevision) + sizeInt(kv.ModRevision) +
		sizeInt(kv.Version) + sizeBytes(kv.Value) + sizeInt(kv.Lease)
}

func sizePut(r *PutRequest) int {
	return sizeBytes(r.Key) + sizeBytes(r.Value) + sizeInt(r.Lease) + sizeBool(r.PrevKv) +
		sizeBool(r.IgnoreValue) + sizeBool(r.IgnoreLease)
}

func sizeRange(r *RangeRequest) int {
	return sizeBytes(r.Key) + sizeBytes(r.RangeEnd) + sizeInt(r.Limit) + sizeInt(r.Revision) +
		sizeBool(r.KeysOnly) + sizeBool(r.CountOnly) + sizeInt(int64(r.SortOrder)) + sizeInt(int64(r.SortTarget)) +
		sizeInt(r.MinModRevision) + sizeInt(r.MaxModRevision) + sizeInt(r.MinCreateRevision) + sizeInt(r.MaxCreateRevision)
}

func sizeDeleteRange(r *DeleteRangeRequest) int {
	return sizeBytes(r.Key) + sizeBytes(r.RangeEnd) + sizeBool(r.PrevKv)
}

func sizeCompare(c *Compare) int {
	n := sizeInt(int64(c.Result)) + sizeInt(int64(c.Target)) + sizeBytes(c.Key)
	switch c.Target { // the target_union oneof is always encoded
	case CompareVersion:
		n += 1 + sizeVarint(uint64(c.Version))
	case CompareCreate:
		n += 1 + sizeVarint(uint64(c.CreateRevision))
	case CompareMod:
		n += 1 + sizeVarint(uint64(c.ModRevision))
	case CompareValue:
		n += 1 + sizeVarint(uint64(len(c.Value))) + len(c.Value)
	case CompareLease:
		n += 1 + sizeVarint(uint64(c.Lease))
	}
	if len(c.RangeEnd) > 0 {
		n += 1 + sizeBytes(c.RangeEnd)
	}
	return n
}

func sizeRequestOp(op *RequestOp) int {
	switch {
	case op.Range != nil:
		return sizeMsg(1, sizeRange(op.Range))
	case op.Put != nil:
		return sizeMsg(1, sizePut(op.Put))
	case op.DeleteRange != nil:
		return sizeMsg(1, sizeDeleteRange(op.DeleteRange))
	case op.Txn != nil:
		return sizeMsg(1, sizeTxn(op.Txn))
	}
	return 0
}

func sizeTxn(r *TxnRequest) int {
	n := 0
	for i := range r.Compare {
		n += sizeMsg(1, sizeCompare(&r.Compare[i]))
	}
	for i := range r.Success {
		n += sizeMsg(1, sizeRequestOp(&r.Success[i]))
	}
	for i := range r.Failure {
		n += sizeMsg(1, sizeRequestOp(&r.Failure[i]))
	}
	return n
}

// raftHeaderBytes is InternalRaftRequest.header: a two-byte tag, a length
// byte, and RequestHeader{ID} whose ID (member bits + timestamp + counter,
// from etcd's idutil) takes a nine-byte varint: 2 + 1 + (1 + 9) = 13.
const raftHeaderBytes = 13

// proposalSize is the marshalled InternalRaftRequest carrying a request
// whose own encoded size is inner: header + one-byte tag + length + inner.
func proposalSize(inner int) int { return raftHeaderBytes + sizeMsg(1, inner) }
