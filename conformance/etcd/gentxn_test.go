package etcd

import (
	"watchscope/mvcc"
)

// txn makes a transaction of 0-2 compares and 0-3 ops per branch. Branch
// ops are puts, deletes and ranges (ranges at past revisions too, which
// etcd checks before running the txn); depth 0 may nest one txn.
// Two writes to the same key happen now and then on purpose: etcd rejects
// them with "duplicate key given in txn request".
func (g *generator) txn(depth int) *mvcc.TxnRequest {
	t := &mvcc.TxnRequest{}
	for n := g.rng.IntN(3); n > 0; n-- {
		t.Compare = append(t.Compare, g.compare())
	}
	t.Success = g.branch(depth)
	t.Failure = g.branch(depth)
	return t
}

func (g *generator) branch(depth int) []mvcc.RequestOp {
	var ops []mvcc.RequestOp
	for n := g.rng.IntN(4); n > 0; n-- {
		switch p := g.rng.IntN(20); {
		case p < 7:
			ops = append(ops, mvcc.RequestOp{Put: g.put()})
		case p < 11:
			ops = append(ops, mvcc.RequestOp{DeleteRange: g.del()})
		case p < 19 || depth > 0:
			ops = append(ops, mvcc.RequestOp{Range: g.rangeReq()})
		default:
			ops = append(ops, mvcc.RequestOp{Txn: g.txn(depth + 1)})
		}
	}
	return ops
}

// compare guards one key (sometimes a prefix) on version, create, mod,
// value or (once the sequence has leases) lease, with values near what the
// store holds: versions 0-3, revisions up to rev+1 (0 means "the key does
// not exist"), values from the set, a lease of the sequence or none (0).
func (g *generator) compare() mvcc.Compare {
	c := mvcc.Compare{Key: g.key(), Result: mvcc.CompareResult(g.rng.IntN(4))}
	if g.rng.IntN(6) == 0 {
		c.Key = []byte(g.prefix + pick(g.rng, prefixNames))
		c.RangeEnd = prefixEnd(c.Key)
	}
	c.Target = mvcc.CompareTarget(g.rng.IntN(4))
	if g.leases > 0 && g.rng.IntN(5) == 0 {
		c.Target = mvcc.CompareLease
	}
	switch c.Target {
	case mvcc.CompareVersion:
		c.Version = g.rng.Int64N(4)
	case mvcc.CompareCreate:
		c.CreateRevision = g.rng.Int64N(g.rev + 2)
	case mvcc.CompareMod:
		c.ModRevision = g.rng.Int64N(g.rev + 2)
	case mvcc.CompareValue:
		c.Value = []byte(pick(g.rng, values))
	case mvcc.CompareLease:
		if g.rng.IntN(3) != 0 {
			c.Lease = g.leaseID(g.leaseN())
		}
	}
	return c
}
