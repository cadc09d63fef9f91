package mvcc

import (
	"errors"
	"fmt"
)

// This file is the public surface of the simulated etcd server. The shapes
// mirror etcd's etcdserverpb and mvccpb messages so that a learner who later
// reads etcd (or an etcdctl -w json dump) meets the same names.

// Revision is the (main, sub) pair etcd stamps on every change. Main is the
// store-wide revision of one atomic write transaction; Sub is the index of
// the change inside that transaction (0, 1, 2, ... in operation order).
type Revision struct {
	Main int64
	Sub  int64
}

// GreaterThan orders revisions by main, then sub.
func (a Revision) GreaterThan(b Revision) bool {
	if a.Main != b.Main {
		return a.Main > b.Main
	}
	return a.Sub > b.Sub
}

// String is the one text form of a revision, "main.sub" (e.g. "5.0").
func (a Revision) String() string { return fmt.Sprintf("%d.%d", a.Main, a.Sub) }

// KeyValue is one version of one key, as mvccpb.KeyValue.
type KeyValue struct {
	Key            []byte
	CreateRevision int64 // main revision of the first put of this generation
	ModRevision    int64 // main revision of this version
	Version        int64 // 1 on (re)creation, +1 per put in the generation
	Value          []byte
	Lease          int64
}

// EventType is the kind of a watch event.
type EventType int32

const (
	PUT    EventType = 0
	DELETE EventType = 1
)

func (t EventType) String() string {
	if t == DELETE {
		return "DELETE"
	}
	return "PUT"
}

// Event is one change delivered to a watcher. For DELETE, Kv holds only the
// key and ModRevision is the deletion revision.
type Event struct {
	Type   EventType
	Kv     KeyValue
	PrevKv *KeyValue
}

// IsCreate reports whether a PUT created its key (create == mod revision).
func (e Event) IsCreate() bool {
	return e.Type == PUT && e.Kv.CreateRevision == e.Kv.ModRevision
}

// Errors of the MVCC layer, with etcd's exact text.
var (
	ErrCompacted          = errors.New("mvcc: required revision has been compacted")
	ErrFutureRev          = errors.New("mvcc: required revision is a future revision")
	ErrRevisionNotFound   = errors.New("mvcc: revision not found")
	ErrWatcherNotExist    = errors.New("mvcc: watcher does not exist")
	ErrEmptyWatcherRange  = errors.New("mvcc: watcher range is empty")
	ErrWatcherDuplicateID = errors.New("mvcc: duplicate watch ID provided on the WatchStream")
)

// Errors as the etcd server returns them over gRPC (what etcdctl prints
// after "Error: "). Server methods return these, never the bare mvcc ones.
var (
	ErrGRPCCompacted       = errors.New("etcdserver: mvcc: required revision has been compacted")
	ErrGRPCFutureRev       = errors.New("etcdserver: mvcc: required revision is a future revision")
	ErrGRPCRequestTooLarge = errors.New("etcdserver: request is too large")
	ErrGRPCTooManyOps      = errors.New("etcdserver: too many operations in txn request")
	ErrGRPCNoSpace         = errors.New("etcdserver: mvcc: database space exceeded")
	ErrGRPCEmptyKey        = errors.New("etcdserver: key is not provided")
	ErrGRPCDuplicateKey    = errors.New("etcdserver: duplicate key given in txn request")
)

// ResponseHeader is carried by every response. Revision is always the
// store's current revision, even for a read at an older revision.
type ResponseHeader struct {
	ClusterID uint64
	MemberID  uint64
	Revision  int64
	RaftTerm  uint64
}

// RangeRequest reads keys. RangeEnd nil: the single Key. RangeEnd "\x00":
// every key >= Key. Otherwise the half-open [Key, RangeEnd). Revision <= 0
// reads at the current revision.
type RangeRequest struct {
	Key       []byte
	RangeEnd  []byte
	Limit     int64
	Revision  int64
	KeysOnly  bool
	CountOnly bool

	SortOrder  SortOrder  // SortNone keeps key order (unless SortTarget is not SortByKey)
	SortTarget SortTarget // what to sort by

	// Filters applied after the read (0: off); Count still counts every key in range.
	MinModRevision, MaxModRevision       int64
	MinCreateRevision, MaxCreateRevision int64
}

// SortOrder is RangeRequest.SortOrder.
type SortOrder int32

const (
	SortNone SortOrder = iota
	SortAscend
	SortDescend
)

// SortTarget is RangeRequest.SortTarget.
type SortTarget int32

const (
	SortByKey SortTarget = iota
	SortByVersion
	SortByCreate
	SortByMod
	SortByValue
)

// RangeResponse: Count is the number of keys in range (not limited); More
// is set when Limit cut the result short.
type RangeResponse struct {
	Header ResponseHeader
	Kvs    []KeyValue
	More   bool
	Count  int64
}

// PutRequest writes one key.
type PutRequest struct {
	Key         []byte
	Value       []byte
	Lease       int64
	PrevKv      bool
	IgnoreValue bool // keep the key's current value (the key must exist)
	IgnoreLease bool // keep the key's current lease (the key must exist)
}

type PutResponse struct {
	Header ResponseHeader
	PrevKv *KeyValue
}

// DeleteRangeRequest deletes keys with the same range conventions as Range.
type DeleteRangeRequest struct {
	Key      []byte
	RangeEnd []byte
	PrevKv   bool
}

type DeleteRangeResponse struct {
	Header  ResponseHeader
	Deleted int64
	PrevKvs []KeyValue
}

// CompareTarget names the field a Compare looks at.
type CompareTarget int32

const (
	CompareVersion CompareTarget = iota
	CompareCreate
	CompareMod
	CompareValue
	CompareLease
)

// CompareResult is the relation a Compare asserts.
type CompareResult int32

const (
	CompareEqual CompareResult = iota
	CompareGreater
	CompareLess
	CompareNotEqual
)

// Compare is one guard of a Txn, as etcdserverpb.Compare. The target value
// used is the field matching Target.
type Compare struct {
	Result         CompareResult
	Target         CompareTarget
	Key            []byte
	RangeEnd       []byte
	Version        int64
	CreateRevision int64
	ModRevision    int64
	Value          []byte
	Lease          int64
}

// RequestOp is one operation inside a Txn; exactly one field is set.
type RequestOp struct {
	Range       *RangeRequest
	Put         *PutRequest
	DeleteRange *DeleteRangeRequest
	Txn         *TxnRequest
}

// ResponseOp answers the RequestOp at the same index.
type ResponseOp struct {
	Range       *RangeResponse
	Put         *PutResponse
	DeleteRange *DeleteRangeResponse
	Txn         *TxnResponse
}

// TxnRequest: if every Compare holds, Success runs, else Failure. All
// writes share one main revision.
type TxnRequest struct {
	Compare []Compare
	Success []RequestOp
	Failure []RequestOp
}

type TxnResponse struct {
	Header    ResponseHeader
	Succeeded bool
	Responses []ResponseOp
}

type CompactResponse struct {
	Header ResponseHeader
}

// WatchFilter drops one kind of event from a watcher.
type WatchFilter int32

const (
	FilterNoPut WatchFilter = iota
	FilterNoDelete
)

// WatchCreateRequest opens a watch on a WatchStream. Key empty means
// "\x00". WatchID < 0 (AutoWatchID) lets the stream assign the next id.
type WatchCreateRequest struct {
	Key            []byte
	RangeEnd       []byte
	StartRevision  int64
	ProgressNotify bool
	PrevKv         bool
	Filters        []WatchFilter
	WatchID        int64
}

// AutoWatchID asks the stream to assign a watch id.
const AutoWatchID int64 = -1

// InvalidWatchID is the id of a stream-wide progress response.
const InvalidWatchID int64 = -1

// WatchResponse is one message on a watch stream, as etcdserverpb.WatchResponse.
type WatchResponse struct {
	Header          ResponseHeader
	WatchID         int64
	Created         bool
	Canceled        bool
	CompactRevision int64
	CancelReason    string
	Fragment        bool
	Events          []Event
}

// IsProgressNotify is clientv3's test: no events, not created or
// canceled, no compact revision, and a non-zero header revision.
func (r WatchResponse) IsProgressNotify() bool {
	return len(r.Events) == 0 && !r.Created && !r.Canceled &&
		r.CompactRevision == 0 && r.Header.Revision != 0
}

// Err is what clientv3's WatchResponse.Err returns.
func (r WatchResponse) Err() error {
	switch {
	case r.CompactRevision != 0:
		return ErrGRPCCompacted
	case r.Canceled && r.CancelReason != "":
		return errors.New(r.CancelReason)
	}
	return nil
}

// StatusResponse is what `etcdctl endpoint status` shows.
type StatusResponse struct {
	Header           ResponseHeader
	Version          string
	DbSize           int64
	DbSizeInUse      int64
	Leader           uint64
	RaftIndex        uint64
	RaftTerm         uint64
	RaftAppliedIndex uint64
	IsLearner        bool
	// Errors are the member's raised alarms in protobuf text form
	// ("memberID:10276657743932975437 alarm:NOSPACE "), as the
	// maintenance server appends each alarm's String().
	Errors []string
}
