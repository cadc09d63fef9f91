package apiserver

import (
	"errors"
	"fmt"
	"time"

	"watchscope/mvcc"
)

// compactRevKey is the key kube-apiserver's compactor keeps in etcd (B4).
const compactRevKey = "compact_rev_key"

// compactor is etcd3/compact.go: every interval a CAS txn
//
//	if version(compact_rev_key) == t  then put(compact_rev_key, rev)  else get(compact_rev_key)
//
// where t is the version this replica last saw and rev the revision it
// saw at its previous tick. The winner (at most one replica per interval,
// since the put bumps the version) compacts etcd to rev; nobody compacts
// on the first tick. The put consumes a revision, so RVs advance every 5
// minutes even with no writes, and etcd keeps 5 to 10 minutes of history.
type compactor struct {
	interval time.Duration
	next     time.Duration
	t, rev   int64
	// last outcome, for the trace
	log []string
	// Compactions counts the compactions this replica performed.
	compactions int64
}

func newCompactor(interval, now time.Duration) *compactor {
	if interval <= 0 {
		return nil
	}
	return &compactor{interval: interval, next: now + interval}
}

// tick runs one round if it is due.
func (c *compactor) tick(now time.Duration, etcd *mvcc.Server) {
	if c == nil || now < c.next {
		return
	}
	c.next = now + c.interval
	key := []byte(compactRevKey)
	resp, err := etcd.Txn(mvcc.TxnRequest{
		Compare: []mvcc.Compare{{Target: mvcc.CompareVersion, Result: mvcc.CompareEqual, Key: key, Version: c.t}},
		Success: []mvcc.RequestOp{{Put: &mvcc.PutRequest{Key: key, Value: []byte(fmt.Sprint(c.rev))}}},
		Failure: []mvcc.RequestOp{{Range: &mvcc.RangeRequest{Key: key}}},
	})
	if err != nil {
		c.log = append(c.log, "compact txn failed: "+err.Error())
		return
	}
	curRev := resp.Header.Revision
	if !resp.Succeeded {
		kvs := resp.Responses[0].Range.Kvs
		if len(kvs) > 0 {
			c.t = kvs[0].Version
		}
		c.log = append(c.log, fmt.Sprintf("compact_rev_key changed by another apiserver (version %d): not compacting, remembering rev %d", c.t, curRev))
		c.rev = curRev
		return
	}
	c.t++
	prev := c.rev
	c.rev = curRev
	if prev == 0 {
		c.log = append(c.log, fmt.Sprintf("first tick: put compact_rev_key (rev %d), no compaction", curRev))
		return
	}
	if _, err := etcd.Compact(prev); err != nil && !errors.Is(err, mvcc.ErrGRPCCompacted) {
		c.log = append(c.log, "compact failed: "+err.Error())
		return
	}
	c.compactions++
	c.log = append(c.log, fmt.Sprintf("compacted etcd to rev %d (put compact_rev_key at rev %d)", prev, curRev))
}

func (c *compactor) takeLog() []string {
	if c == nil {
		return nil
	}
	out := c.log
	c.log = nil
	return out
}

// CompactNow runs this replica's compactor round at once, as if its timer
// had fired (`sim compactor`), and returns what the round did; the next
// round is an interval later. A replica without a compactor (interval 0,
// --etcd-compaction-interval=0) or one that is down refuses.
func (s *Server) CompactNow(now time.Duration) ([]string, error) {
	s.advance(now)
	switch {
	case s.compactor == nil:
		return nil, errors.New("this replica's compactor is off (--etcd-compaction-interval=0)")
	case !s.up:
		return nil, errors.New("this replica is down")
	}
	s.compactor.next = now
	s.compactor.tick(now, s.etcd)
	lines := s.compactor.takeLog()
	for _, l := range lines {
		s.logf(LogCompact, l)
	}
	s.dirty = true
	return lines, nil
}
