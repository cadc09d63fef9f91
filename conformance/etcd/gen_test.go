package etcd

import (
	"fmt"
	"math/rand/v2"

	"watchscope/mvcc"
)

// generator makes the random ops of one sequence. Keys come from a small
// set so that puts, deletes, compares and watches keep meeting each other:
//
//	<prefix>a  <prefix>b  <prefix>b/x  <prefix>b/y  <prefix>c/z  <prefix>d
//
// Revisions are drawn around the simulation's current and compact
// revisions, so ranges and watches hit the interesting edges (compacted,
// exactly the compact revision, current, future).
type generator struct {
	rng    *rand.Rand
	prefix string
	rev    int64 // current revision before the op
	compct int64 // compact revision before the op (<= 0: none)
	open   []int // open watch numbers
	nWatch int
	hazard map[int64]bool // revisions not to compact at (see compactRev)
	seed   int64
	leases int64 // lease numbers granted so far (1..leases)
}

var (
	keyNames    = []string{"a", "b", "b/x", "b/y", "c/z", "d"}
	prefixNames = []string{"", "b", "b/", "c", "e"}
	values      = []string{"", "v0", "v1", "v2"}
)

const maxOpenWatches = 4

func newGenerator(seed int64, prefix string) *generator {
	return &generator{rng: rand.New(rand.NewPCG(uint64(seed), 0xe7cd)), prefix: prefix, hazard: map[int64]bool{}, seed: seed}
}

// next picks the next op. Callers refresh rev, compct and open first.
func (g *generator) next() Op {
	switch p := g.rng.IntN(100); {
	case p < 22:
		return Op{Kind: opKV, Req: mvcc.RequestOp{Put: g.put()}}
	case p < 34:
		return g.lease()
	case p < 44:
		return Op{Kind: opKV, Req: mvcc.RequestOp{DeleteRange: g.del()}}
	case p < 57:
		return Op{Kind: opKV, Req: mvcc.RequestOp{Txn: g.txn(0)}}
	case p < 75:
		return Op{Kind: opKV, Req: mvcc.RequestOp{Range: g.rangeReq()}}
	case p < 80:
		return Op{Kind: opCompact, Rev: g.compactRev()}
	case p < 90 && len(g.open) < maxOpenWatches:
		return g.watch()
	case p < 93 && len(g.open) > 0:
		return Op{Kind: opCancel, WatchN: g.open[g.rng.IntN(len(g.open))]}
	case p < 100 && len(g.open) > 0:
		return Op{Kind: opProgress}
	}
	return Op{Kind: opKV, Req: mvcc.RequestOp{Put: g.put()}}
}

func (g *generator) key() []byte { return []byte(g.prefix + pick(g.rng, keyNames)) }

func (g *generator) put() *mvcc.PutRequest {
	p := &mvcc.PutRequest{Key: g.key(), Value: []byte(pick(g.rng, values)), PrevKv: g.rng.IntN(3) == 0}
	if g.leases > 0 && g.rng.IntN(3) == 0 {
		p.Lease = g.leaseID(g.leaseN())
	}
	return p
}

func (g *generator) del() *mvcc.DeleteRangeRequest {
	key, end := g.keyRange()
	return &mvcc.DeleteRangeRequest{Key: key, RangeEnd: end, PrevKv: g.rng.IntN(2) == 0}
}

// keyRange returns a single key (half the time), a prefix, a from-key
// range or an explicit [key, end) between two of the keys.
func (g *generator) keyRange() (key, end []byte) {
	switch p := g.rng.IntN(10); {
	case p < 5:
		return g.key(), nil
	case p < 8:
		k := []byte(g.prefix + pick(g.rng, prefixNames))
		return k, prefixEnd(k)
	case p < 9:
		return g.key(), []byte{0}
	}
	a, b := g.key(), g.key()
	if string(a) > string(b) {
		a, b = b, a
	}
	if string(a) == string(b) {
		b = append(b, 0) // [k, k\x00) is exactly k
	}
	return a, b
}

func (g *generator) rangeReq() *mvcc.RangeRequest {
	key, end := g.keyRange()
	r := &mvcc.RangeRequest{Key: key, RangeEnd: end}
	if g.rng.IntN(5) < 2 {
		r.Revision = g.pastRev()
	}
	if g.rng.IntN(3) == 0 {
		// A limit on one key cannot cut anything; make it a prefix range
		// so that More and Count get tested.
		r.Limit = int64(1 + g.rng.IntN(2))
		if len(r.RangeEnd) == 0 {
			r.Key = []byte(g.prefix + pick(g.rng, prefixNames))
			r.RangeEnd = prefixEnd(r.Key)
		}
	}
	switch g.rng.IntN(7) {
	case 0:
		r.KeysOnly = true
	case 1:
		r.CountOnly = true
	}
	return r
}

// pastRev is a revision in [compact-1, rev+1], at least 1: one below the
// compact revision (compacted), the compact revision itself (readable),
// anything up to current, or one in the future.
func (g *generator) pastRev() int64 {
	lo := max(g.compct-1, 1)
	return lo + g.rng.Int64N(g.rev+2-lo)
}

// compactRev is a revision in [compact, rev+1]: already compacted, valid,
// or in the future. It is never a revision written by a txn that both
// deleted and put: etcd 3.6.16 can lose a key deleted and re-put in one
// revision when compacting at exactly that revision, and then exits on the
// next read (upstream_test.go, DIVERGENCES.md). The future revision stands
// in for such a pick.
func (g *generator) compactRev() int64 {
	lo := max(g.compct, 1)
	rev := lo + g.rng.Int64N(g.rev+2-lo)
	if g.hazard[rev] {
		return g.rev + 1
	}
	return rev
}

// deletesAndPuts reports whether a txn has a delete and a put anywhere in
// it (either branch, any depth): the shape behind the etcd bug above.
func deletesAndPuts(t *mvcc.TxnRequest) bool {
	var del, put bool
	var walk func(ops []mvcc.RequestOp)
	walk = func(ops []mvcc.RequestOp) {
		for _, op := range ops {
			del = del || op.DeleteRange != nil
			put = put || op.Put != nil
			if op.Txn != nil {
				walk(op.Txn.Success)
				walk(op.Txn.Failure)
			}
		}
	}
	walk(t.Success)
	walk(t.Failure)
	return del && put
}

func (g *generator) watch() Op {
	var w mvcc.WatchCreateRequest
	if g.rng.IntN(2) == 0 {
		w.Key = g.key()
	} else {
		w.Key = []byte(g.prefix + pick(g.rng, prefixNames))
		w.RangeEnd = prefixEnd(w.Key)
	}
	if g.rng.IntN(4) != 0 {
		w.StartRevision = g.pastRev()
	}
	w.PrevKv = g.rng.IntN(2) == 0
	op := Op{Kind: opWatch, Watch: w, WatchN: g.nWatch}
	g.nWatch++
	return op
}

func pick[T any](rng *rand.Rand, xs []T) T { return xs[rng.IntN(len(xs))] }

// seqPrefix is the key prefix of the sequence with this seed. Prefixes grow
// with the seed, so a later sequence on the same etcd never sees an earlier
// one's keys in a from-key range.
func seqPrefix(seed int64) string { return fmt.Sprintf("/s/%012d/", seed) }
