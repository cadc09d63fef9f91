package etcd

import (
	"fmt"
	"strings"

	"watchscope/mvcc"
)

// opKind names the step a random sequence takes next.
type opKind int

const (
	opKV       opKind = iota // a Range, Put, DeleteRange or Txn (Op.Req)
	opCompact                // Compact(Op.Rev)
	opWatch                  // open watch number Op.WatchN with Op.Watch
	opCancel                 // cancel watch number Op.WatchN
	opProgress               // RequestProgress on the watch stream
	opLease                  // a lease call (Op.Lease)
)

// Op is one step of a sequence. KV requests reuse the mvcc request shapes,
// which mirror etcdserverpb, so the same value drives both targets.
type Op struct {
	Kind   opKind
	Req    mvcc.RequestOp
	Rev    int64
	Watch  mvcc.WatchCreateRequest
	WatchN int
	Lease  leaseOp
}

// String is the one text form of an op, as printed in a failure report.
func (o Op) String() string {
	switch o.Kind {
	case opKV:
		return reqOpString(o.Req)
	case opCompact:
		return fmt.Sprintf("compact %d", o.Rev)
	case opWatch:
		w := o.Watch
		s := fmt.Sprintf("watch#%d %s from=%d", o.WatchN, rangeString(w.Key, w.RangeEnd), w.StartRevision)
		if w.PrevKv {
			s += " prev_kv"
		}
		return s
	case opCancel:
		return fmt.Sprintf("cancel watch#%d", o.WatchN)
	case opProgress:
		return "progress"
	case opLease:
		return o.Lease.String()
	}
	return "?"
}

func reqOpString(r mvcc.RequestOp) string {
	switch {
	case r.Range != nil:
		g := r.Range
		s := "range " + rangeString(g.Key, g.RangeEnd)
		if g.Revision != 0 {
			s += fmt.Sprintf(" rev=%d", g.Revision)
		}
		if g.Limit != 0 {
			s += fmt.Sprintf(" limit=%d", g.Limit)
		}
		if g.KeysOnly {
			s += " keys_only"
		}
		if g.CountOnly {
			s += " count_only"
		}
		return s
	case r.Put != nil:
		s := fmt.Sprintf("put %q=%q", r.Put.Key, r.Put.Value)
		if r.Put.PrevKv {
			s += " prev_kv"
		}
		if r.Put.Lease != 0 {
			s += fmt.Sprintf(" lease=%d", r.Put.Lease)
		}
		return s
	case r.DeleteRange != nil:
		s := "delete " + rangeString(r.DeleteRange.Key, r.DeleteRange.RangeEnd)
		if r.DeleteRange.PrevKv {
			s += " prev_kv"
		}
		return s
	case r.Txn != nil:
		return txnString(r.Txn)
	}
	return "empty-op"
}

func txnString(t *mvcc.TxnRequest) string {
	var cmps, then, els []string
	for _, c := range t.Compare {
		cmps = append(cmps, compareString(c))
	}
	for _, op := range t.Success {
		then = append(then, reqOpString(op))
	}
	for _, op := range t.Failure {
		els = append(els, reqOpString(op))
	}
	return fmt.Sprintf("txn if(%s) then{%s} else{%s}",
		strings.Join(cmps, ", "), strings.Join(then, "; "), strings.Join(els, "; "))
}

var (
	targetNames = map[mvcc.CompareTarget]string{mvcc.CompareVersion: "version",
		mvcc.CompareCreate: "create", mvcc.CompareMod: "mod", mvcc.CompareValue: "value", mvcc.CompareLease: "lease"}
	resultNames = map[mvcc.CompareResult]string{mvcc.CompareEqual: "=",
		mvcc.CompareGreater: ">", mvcc.CompareLess: "<", mvcc.CompareNotEqual: "!="}
)

func compareString(c mvcc.Compare) string {
	var v string
	switch c.Target {
	case mvcc.CompareVersion:
		v = fmt.Sprint(c.Version)
	case mvcc.CompareCreate:
		v = fmt.Sprint(c.CreateRevision)
	case mvcc.CompareMod:
		v = fmt.Sprint(c.ModRevision)
	case mvcc.CompareValue:
		v = fmt.Sprintf("%q", c.Value)
	case mvcc.CompareLease:
		v = fmt.Sprint(c.Lease)
	}
	return fmt.Sprintf("%s(%s)%s%s", targetNames[c.Target], rangeString(c.Key, c.RangeEnd), resultNames[c.Result], v)
}

// rangeString shows etcd's three range conventions: a single key, a
// from-key range (end "\x00") and a half-open [key, end).
func rangeString(key, end []byte) string {
	switch {
	case len(end) == 0:
		return fmt.Sprintf("%q", key)
	case string(end) == "\x00":
		return fmt.Sprintf("[%q, +inf)", key)
	}
	return fmt.Sprintf("[%q, %q)", key, end)
}

// prefixEnd is the range end that turns key into a prefix: the last byte
// below 0xff is incremented and everything after it dropped (clientv3's
// getPrefix). An all-0xff prefix becomes the from-key end "\x00".
func prefixEnd(key []byte) []byte {
	end := append([]byte(nil), key...)
	for i := len(end) - 1; i >= 0; i-- {
		if end[i] < 0xff {
			end[i]++
			return end[:i+1]
		}
	}
	return []byte{0}
}
