package mvcc

import (
	"errors"
	"fmt"
	"math/rand/v2"
	"time"
)

// Defaults of the etcd flags the simulation models.
const (
	DefaultMaxRequestBytes             = 1572864                       // --max-request-bytes (1.5 MiB)
	DefaultMaxTxnOps                   = 128                           // --max-txn-ops
	DefaultQuotaBackendBytes           = int64(2 * 1024 * 1024 * 1024) // --quota-backend-bytes 0 means 2 GiB
	DefaultWatchProgressNotifyInterval = 10 * time.Minute              // --watch-progress-notify-interval
	// MinWatchProgressNotifyInterval is the smallest interval etcd accepts.
	MinWatchProgressNotifyInterval = 100 * time.Millisecond
	// grpcOverheadBytes is added to --max-request-bytes for the gRPC
	// receive limit (etcd's grpcOverheadBytes).
	grpcOverheadBytes = 512 * 1024
	// Version is the etcd version the simulation follows.
	Version = "3.6.16"
)

// Identity of the simulated single-member cluster, as a fresh default
// `etcd` reports it, and its raft term after the first election.
const (
	ClusterID uint64 = 0xcdf818194e3a8c32
	MemberID  uint64 = 0x8e9e05c52164694d
	raftTerm  uint64 = 2
	// raftIndexAtStart is the raft index of a fresh member (its bootstrap
	// entries); every write request and compaction adds one.
	raftIndexAtStart = 4
)

// Config configures a Server. A zero value field means etcd's default.
type Config struct {
	MaxRequestBytes             int           // --max-request-bytes, default 1572864
	MaxTxnOps                   int           // --max-txn-ops, default 128
	QuotaBackendBytes           int64         // --quota-backend-bytes, default 2 GiB
	AutoCompactionMode          string        // --auto-compaction-mode: "periodic" (default) or "revision"
	AutoCompactionRetention     string        // --auto-compaction-retention: "0" (default, off), "1h", "30m", "1000"
	WatchProgressNotifyInterval time.Duration // --watch-progress-notify-interval, default 10m
	Rand                        *rand.Rand    // seeded source for jitter; nil means a fixed seed
}

// Server is one simulated etcd member: MVCC store, watchable store and the
// etcdserver request layer (validation, limits, quota, txn, compaction,
// auto-compaction). Time only moves through Advance.
type Server struct {
	cfg       Config
	rand      *rand.Rand
	sched     *scheduler
	kv        *watchableStore
	streams   []*WatchStream
	compactor *compactor

	alarmNoSpace bool   // the NOSPACE alarm is raised
	raftIndex    uint64 // one per applied proposal
	reqSuffix    uint64 // the request ID generator's low 48 bits
}

// NewServer starts a member at revision 1 and virtual time 0.
func NewServer(cfg Config) (*Server, error) {
	if err := cfg.validate(); err != nil {
		return nil, err
	}
	cfg.setDefaults()
	s := &Server{cfg: cfg, rand: cfg.Rand, sched: &scheduler{}, raftIndex: raftIndexAtStart}
	if s.rand == nil {
		s.rand = rand.New(rand.NewPCG(1, 2))
	}
	s.kv = newWatchableStore(s.sched)
	s.reqSuffix = reqIDSuffixAtStart
	c, err := newCompactor(s, cfg.AutoCompactionMode, cfg.AutoCompactionRetention)
	if err != nil {
		return nil, err
	}
	s.compactor = c
	return s, nil
}

func (c *Config) validate() error {
	switch {
	case c.MaxRequestBytes < 0:
		return fmt.Errorf("mvcc: invalid --max-request-bytes %d", c.MaxRequestBytes)
	case c.MaxTxnOps < 0:
		return fmt.Errorf("mvcc: invalid --max-txn-ops %d", c.MaxTxnOps)
	case c.QuotaBackendBytes < 0:
		return fmt.Errorf("mvcc: invalid --quota-backend-bytes %d", c.QuotaBackendBytes)
	case c.WatchProgressNotifyInterval < 0 ||
		(c.WatchProgressNotifyInterval > 0 && c.WatchProgressNotifyInterval < MinWatchProgressNotifyInterval):
		return fmt.Errorf("mvcc: --watch-progress-notify-interval %v is below %v",
			c.WatchProgressNotifyInterval, MinWatchProgressNotifyInterval)
	}
	switch c.AutoCompactionMode {
	case "", CompactorModePeriodic, CompactorModeRevision:
	default:
		return errors.New("unknown auto-compaction-mode " + fmt.Sprintf("%q", c.AutoCompactionMode))
	}
	return nil
}

func (c *Config) setDefaults() {
	if c.MaxRequestBytes == 0 {
		c.MaxRequestBytes = DefaultMaxRequestBytes
	}
	if c.MaxTxnOps == 0 {
		c.MaxTxnOps = DefaultMaxTxnOps
	}
	if c.QuotaBackendBytes == 0 {
		c.QuotaBackendBytes = DefaultQuotaBackendBytes
	}
	if c.AutoCompactionMode == "" {
		c.AutoCompactionMode = CompactorModePeriodic
	}
	if c.AutoCompactionRetention == "" {
		c.AutoCompactionRetention = "0"
	}
	if c.WatchProgressNotifyInterval == 0 {
		c.WatchProgressNotifyInterval = DefaultWatchProgressNotifyInterval
	}
}

// Rev is the current revision.
func (s *Server) Rev() int64 { return s.kv.currentRev }

// CompactRev is the compaction revision (-1 if never compacted).
func (s *Server) CompactRev() int64 { return s.kv.compactMainRev }

// Now is the member's virtual time.
func (s *Server) Now() time.Duration { return s.sched.now }

// Advance moves virtual time to now, running every timer due at or before
// it (sync passes, victim retries, compaction batches, progress ticks,
// auto-compaction) in time order.
func (s *Server) Advance(now time.Duration) { s.sched.advance(now) }

// NextWake is the time of the earliest pending timer; false if none.
func (s *Server) NextWake() (time.Duration, bool) { return s.sched.next() }

// header is a response header at the current revision.
func (s *Server) header() ResponseHeader {
	return ResponseHeader{ClusterID: ClusterID, MemberID: MemberID, Revision: s.kv.currentRev, RaftTerm: raftTerm}
}

// Status is what `etcdctl endpoint status` shows.
func (s *Server) Status() StatusResponse {
	var alarms []string
	if s.alarmNoSpace {
		alarms = []string{s.NoSpaceAlarm()}
	}
	return StatusResponse{
		Errors:           alarms,
		Header:           s.header(),
		Version:          Version,
		DbSize:           pages(s.kv.backend.size),
		DbSizeInUse:      pages(s.kv.backend.inUse),
		Leader:           MemberID,
		RaftIndex:        s.raftIndex,
		RaftTerm:         raftTerm,
		RaftAppliedIndex: s.raftIndex,
	}
}

// Defragment rewrites the data file so that its size drops to the bytes
// in use (`etcdctl defrag`).
func (s *Server) Defragment() { s.kv.backend.defragment() }

// AlarmDisarm clears the NOSPACE alarm (`etcdctl alarm disarm`). Writes
// still fail if the file is over quota.
func (s *Server) AlarmDisarm() { s.alarmNoSpace = false }

// NoSpaceAlarm is the NOSPACE alarm as etcd prints an AlarmMember
// (protobuf text form, trailing space included).
func (s *Server) NoSpaceAlarm() string {
	return fmt.Sprintf("memberID:%d alarm:NOSPACE ", MemberID)
}

// Alarmed reports whether the NOSPACE alarm is raised.
func (s *Server) Alarmed() bool { return s.alarmNoSpace }
