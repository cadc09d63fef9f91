package mvcc

import (
	"errors"
	"fmt"
	"strconv"
	"time"
)

// Auto-compaction modes (--auto-compaction-mode).
const (
	CompactorModePeriodic = "periodic"
	CompactorModeRevision = "revision"
)

// revisionCompactInterval is how often the revision-mode compactor runs.
const revisionCompactInterval = 5 * time.Minute

// compactor is etcd's auto-compactor (etcdserver/api/v3compactor). It is
// off when the retention is 0.
//
// periodic, retention P (capped at 1h for the intervals):
//
//	every P/10: sample the current revision (keep the last P/(P/10)+1 samples);
//	            once P has passed since the last compaction (then every
//	            min(P,1h)), compact to the oldest sample, taken ~P ago
//
// revision, retention R: every 5 minutes compact to current-R, if positive
// and not the same as last time.
//
// A compaction answered with the compacted error counts as done.
type compactor struct {
	s         *Server
	mode      string
	period    time.Duration // periodic retention
	retention int64         // revision retention

	revs         []int64       // periodic: revision samples, oldest first
	lastRevision int64         // the last revision compacted to
	lastSuccess  time.Duration // periodic: time of the last success
	baseInterval time.Duration // periodic: P until the first compaction, then min(P,1h)
}

// parseCompactionRetention follows etcd: a bare integer is hours in
// periodic mode and a revision count in revision mode; anything else is a
// Go duration (taken as a plain number in revision mode, as etcd does).
func parseCompactionRetention(mode, retention string) (time.Duration, error) {
	if h, err := strconv.Atoi(retention); err == nil && h >= 0 {
		if mode == CompactorModeRevision {
			return time.Duration(int64(h)), nil
		}
		return time.Duration(int64(h)) * time.Hour, nil
	}
	d, err := time.ParseDuration(retention)
	if err != nil {
		return 0, fmt.Errorf("error parsing CompactionRetention: %w", err)
	}
	if d < 0 {
		return 0, errors.New("mvcc: negative --auto-compaction-retention " + retention)
	}
	return d, nil
}

// newCompactor starts the auto-compactor at time now, or returns nil when
// auto-compaction is off.
func newCompactor(s *Server, mode, retention string) (*compactor, error) {
	ret, err := parseCompactionRetention(mode, retention)
	if err != nil || ret == 0 {
		return nil, err
	}
	c := &compactor{s: s, mode: mode}
	if mode == CompactorModeRevision {
		c.retention = int64(ret)
		s.sched.after(revisionCompactInterval, "auto-compaction (revision)", c.revisionTick)
		return c, nil
	}
	c.period = ret
	if c.retryInterval() <= 0 {
		return nil, fmt.Errorf("mvcc: --auto-compaction-retention %s is too short for periodic mode (the compactor samples every retention/10)", retention)
	}
	c.baseInterval = ret
	c.lastSuccess = s.sched.now
	c.sample()
	s.sched.after(c.retryInterval(), "auto-compaction (periodic)", c.periodicTick)
	return c, nil
}

func (c *compactor) compactInterval() time.Duration { return min(c.period, time.Hour) }
func (c *compactor) retryInterval() time.Duration   { return c.compactInterval() / 10 }
func (c *compactor) retentions() int                { return int(c.period/c.retryInterval()) + 1 }

// sample records the current revision, keeping the window's length.
func (c *compactor) sample() {
	c.revs = append(c.revs, c.s.Rev())
	if len(c.revs) > c.retentions() {
		c.revs = c.revs[1:]
	}
}

// periodicTick is one iteration of the periodic compactor's loop.
func (c *compactor) periodicTick() {
	now := c.s.sched.now
	rev := c.revs[0]
	if now-c.lastSuccess >= c.baseInterval && rev != c.lastRevision {
		if c.baseInterval == c.period {
			c.baseInterval = c.compactInterval()
		}
		if _, err := c.s.Compact(rev); err == nil || errors.Is(err, ErrGRPCCompacted) {
			c.lastRevision = rev
			c.lastSuccess = now
		}
	}
	c.sample()
	c.s.sched.after(c.retryInterval(), "auto-compaction (periodic)", c.periodicTick)
}

// revisionTick is one iteration of the revision compactor's loop.
func (c *compactor) revisionTick() {
	c.s.sched.after(revisionCompactInterval, "auto-compaction (revision)", c.revisionTick)
	rev := c.s.Rev() - c.retention
	if rev <= 0 || rev == c.lastRevision {
		return
	}
	if _, err := c.s.Compact(rev); err == nil || errors.Is(err, ErrGRPCCompacted) {
		c.lastRevision = rev
	}
}
