package mvcc

import (
	"fmt"
	"math/rand/v2"
	"time"
)

// simOp is one step of a generated scenario. Ops are plain data so that a
// failing sequence can be printed and replayed.
type simOp struct {
	kind    string // put, del, delrange, txn, compact, watch, cancel, advance
	key     []byte
	end     []byte
	value   []byte
	rev     int64 // compact revision or watch start revision
	dur     time.Duration
	stream  int // watch/cancel: which stream (index)
	filters []WatchFilter
	prevKV  bool
	txn     *simTxn
}

// simTxn is a one-level txn: a version or mod compare on one key, then
// puts and deletes.
type simTxn struct {
	cmp     Compare
	success []simOp
	failure []simOp
}

func (o simOp) String() string {
	switch o.kind {
	case "put":
		return fmt.Sprintf("put %s=%s", o.key, o.value)
	case "del":
		return fmt.Sprintf("del %s", o.key)
	case "delrange":
		return fmt.Sprintf("delrange [%q,%q)", o.key, o.end)
	case "txn":
		return fmt.Sprintf("txn if %s(%s)%v%d then %v else %v", o.txn.cmp.Key, targetName(o.txn.cmp.Target),
			o.txn.cmp.Result, o.txn.cmp.Version+o.txn.cmp.ModRevision, o.txn.success, o.txn.failure)
	case "compact":
		return fmt.Sprintf("compact %d", o.rev)
	case "watch":
		return fmt.Sprintf("watch s%d [%q,%q) from %d filters=%v prevkv=%v", o.stream, o.key, o.end, o.rev, o.filters, o.prevKV)
	case "cancel":
		return fmt.Sprintf("cancel s%d #%d", o.stream, o.rev)
	case "advance":
		return fmt.Sprintf("advance %v", o.dur)
	}
	return o.kind
}

func targetName(t CompareTarget) string {
	if t == CompareMod {
		return "mod"
	}
	return "version"
}

var simKeys = []string{"a", "ab", "b", "b0", "c", "d"}

func simKey(r *rand.Rand) []byte { return []byte(simKeys[r.IntN(len(simKeys))]) }

// simRange picks a watch or delete range: single key, prefix-like range,
// or from-key.
func simRange(r *rand.Rand) (key, end []byte) {
	switch r.IntN(4) {
	case 0:
		return simKey(r), nil
	case 1:
		return []byte("a"), []byte("b")
	case 2:
		return []byte("b"), []byte{0}
	}
	return []byte{0}, []byte{0}
}

func simWrite(r *rand.Rand) simOp {
	switch n := r.IntN(10); {
	case n < 6:
		return simOp{kind: "put", key: simKey(r), value: []byte(fmt.Sprint(r.IntN(100)))}
	case n < 9:
		return simOp{kind: "del", key: simKey(r)}
	default:
		k, e := simRange(r)
		return simOp{kind: "delrange", key: k, end: e}
	}
}

// simTxnWrite is a txn write without from-key deletes: those escape etcd's
// duplicate check, so a txn could touch one key twice in one revision, an
// edge whose compaction the naive model does not follow (see
// TestTxnFromKeyDeleteQuirk).
func simTxnWrite(r *rand.Rand) simOp {
	op := simWrite(r)
	if op.kind == "delrange" && len(op.end) == 1 && op.end[0] == 0 {
		op = simOp{kind: "del", key: simKey(r)}
	}
	return op
}

// genOp draws one op; rev and compact steer the revision choices.
func genOp(r *rand.Rand, rev, compact int64) simOp {
	switch n := r.IntN(100); {
	case n < 45:
		return simWrite(r)
	case n < 60:
		t := &simTxn{cmp: Compare{Key: simKey(r), Result: CompareResult(r.IntN(4))}}
		if r.IntN(2) == 0 {
			t.cmp.Target, t.cmp.Version = CompareVersion, r.Int64N(3)
		} else {
			t.cmp.Target, t.cmp.ModRevision = CompareMod, r.Int64N(rev+1)
		}
		for range r.IntN(4) {
			t.success = append(t.success, simTxnWrite(r))
		}
		for range r.IntN(3) {
			t.failure = append(t.failure, simTxnWrite(r))
		}
		return simOp{kind: "txn", txn: t}
	case n < 68:
		return simOp{kind: "compact", rev: compact - 1 + r.Int64N(rev-compact+3)}
	case n < 78:
		k, e := simRange(r)
		op := simOp{kind: "watch", key: k, end: e, stream: r.IntN(2), prevKV: r.IntN(2) == 0}
		switch r.IntN(4) {
		case 0:
			op.rev = 0
		case 1:
			op.rev = rev + 1 + r.Int64N(2)
		default:
			op.rev = 1 + r.Int64N(rev)
		}
		if r.IntN(4) == 0 {
			op.filters = []WatchFilter{WatchFilter(r.IntN(2))}
		}
		return op
	case n < 82:
		return simOp{kind: "cancel", stream: r.IntN(2), rev: r.Int64N(4)}
	}
	return simOp{kind: "advance", dur: time.Duration(r.IntN(160)) * time.Millisecond}
}
