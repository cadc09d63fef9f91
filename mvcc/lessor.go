package mvcc

import (
	"cmp"
	"errors"
	"maps"
	"slices"
	"time"
)

// The lessor is etcd's lease subsystem (server/lease/lessor.go) as the
// leader runs it: a lease is an ID with a TTL and an expiry; keys put with
// the lease are attached to it; revoking it deletes those keys in one write
// transaction (one revision), in key order. The leader's run loop wakes
// every 500 ms and revokes what has expired, so a lease dies between 0 and
// 500 ms after its expiry. Times are the member's virtual clock.

// Lease limits and timings of etcd 3.6.
const (
	// MaxLeaseTTL is the largest TTL a grant accepts (lease.MaxLeaseTTL).
	MaxLeaseTTL = 9000000000
	// MinLeaseTTL is what shorter grants are raised to: ceil(3/2 election
	// ticks x heartbeat) with the default 100 ms heartbeat and 1 s election
	// timeout, ceil(1.5 s) = 2 s.
	MinLeaseTTL = 2
	// leaseTick is the lessor run loop's ticker.
	leaseTick = 500 * time.Millisecond
	// NoLease is the lease ID of a key without a lease.
	NoLease int64 = 0
)

// Lease errors with the text etcd's gRPC layer gives them.
var (
	ErrGRPCLeaseNotFound    = errors.New("etcdserver: requested lease not found")
	ErrGRPCLeaseExist       = errors.New("etcdserver: lease already exists")
	ErrGRPCLeaseTTLTooLarge = errors.New("etcdserver: too large lease TTL")
	ErrGRPCValueProvided    = errors.New("etcdserver: value is provided")
	ErrGRPCLeaseProvided    = errors.New("etcdserver: lease is provided")
)

type lease struct {
	id     int64
	ttl    int64 // granted TTL in seconds (after the minimum)
	expiry time.Duration
	keys   map[string]struct{}
}

// remaining is what LeaseTimeToLive reports: whole seconds left, cut
// toward zero. A request reaches the member strictly after the reply to
// the one before it, so at least a nanosecond has passed since a grant or
// a renewal made in the same instant (a real etcdctl shows TTL-1 at once).
func (l *lease) remaining(now time.Duration) int64 {
	return int64((l.expiry - now - time.Nanosecond) / time.Second)
}

type lessor struct {
	leases map[int64]*lease
	byKey  map[string]int64 // key -> its lease
	tick   *timer
}

// LeaseGrantResponse answers a grant (clientv3.LeaseGrantResponse).
type LeaseGrantResponse struct {
	Header ResponseHeader
	ID     int64
	TTL    int64
}

// LeaseRevokeResponse answers a revoke.
type LeaseRevokeResponse struct {
	Header ResponseHeader
}

// LeaseKeepAliveResponse answers one keep-alive: TTL is the granted TTL the
// lease was renewed for.
type LeaseKeepAliveResponse struct {
	Header ResponseHeader
	ID     int64
	TTL    int64
}

// LeaseTimeToLiveResponse: TTL is the remaining whole seconds, -1 (and
// GrantedTTL 0) for a lease that does not exist; Keys only when asked for.
type LeaseTimeToLiveResponse struct {
	Header     ResponseHeader
	ID         int64
	TTL        int64
	GrantedTTL int64
	Keys       []string
}

// LeaseLeasesResponse lists the live leases, soonest expiry first.
type LeaseLeasesResponse struct {
	Header ResponseHeader
	IDs    []int64
}

// reqIDSuffixAtStart is the generator's suffix when the member has booted:
// the low 40 bits of apimachinery's Epoch (2026-01-01T00:00:00Z) in Unix
// ms, shifted past the count, plus the two requests a fresh member makes
// of itself (publishing its attributes, setting the cluster version).
const reqIDSuffixAtStart = (1767225600000&(1<<40-1))<<8 + 2

// nextRequestID is etcd's request ID generator (idutil.Generator): the
// member ID's low 16 bits, then 40 bits of the boot time in Unix ms and an
// 8-bit count, the low 48 bits counting up per request. Every proposal
// takes one; a grant without an ID takes one more for the lease.
func (s *Server) nextRequestID() int64 {
	s.reqSuffix++
	id := (MemberID&0xffff)<<48 | s.reqSuffix&(1<<48-1)
	return int64(id & (1<<63 - 1))
}

// LeaseGrant creates a lease. ttl below MinLeaseTTL is raised to it; id 0
// lets the member choose one.
func (s *Server) LeaseGrant(ttl, id int64) (LeaseGrantResponse, error) {
	for id == NoLease {
		id = s.nextRequestID()
	}
	s.nextRequestID()
	s.raftIndex++
	if ttl > MaxLeaseTTL {
		return LeaseGrantResponse{}, ErrGRPCLeaseTTLTooLarge
	}
	le := s.lessor()
	if _, ok := le.leases[id]; ok {
		return LeaseGrantResponse{}, ErrGRPCLeaseExist
	}
	ttl = max(ttl, MinLeaseTTL)
	le.leases[id] = &lease{id: id, ttl: ttl, expiry: s.sched.now + time.Duration(ttl)*time.Second, keys: map[string]struct{}{}}
	s.scheduleLeaseTick()
	return LeaseGrantResponse{Header: s.header(), ID: id, TTL: ttl}, nil
}

func (s *Server) lessor() *lessor { return s.kv.le }

func newLessor() *lessor {
	return &lessor{leases: map[int64]*lease{}, byKey: map[string]int64{}}
}

func bySoonestExpiry(a, b *lease) int {
	if c := cmp.Compare(a.expiry, b.expiry); c != 0 {
		return c
	}
	return cmp.Compare(a.id, b.id)
}

// LeaseRevoke deletes the lease's keys (in key order, one revision) and
// the lease.
func (s *Server) LeaseRevoke(id int64) (LeaseRevokeResponse, error) {
	s.nextRequestID()
	s.raftIndex++
	if err := s.revoke(id); err != nil {
		return LeaseRevokeResponse{}, err
	}
	return LeaseRevokeResponse{Header: s.header()}, nil
}

func (s *Server) revoke(id int64) error {
	le := s.lessor()
	l, ok := le.leases[id]
	if !ok {
		return ErrGRPCLeaseNotFound
	}
	tw := s.kv.beginWrite()
	for _, k := range slices.Sorted(maps.Keys(l.keys)) {
		tw.DeleteRange([]byte(k), nil)
	}
	delete(le.leases, id)
	s.kv.endWrite(&tw)
	return nil
}

// LeaseKeepAliveOnce renews a lease to its granted TTL from now.
func (s *Server) LeaseKeepAliveOnce(id int64) (LeaseKeepAliveResponse, error) {
	l, ok := s.lessor().leases[id]
	if !ok || l.expiry <= s.sched.now {
		return LeaseKeepAliveResponse{}, ErrGRPCLeaseNotFound
	}
	l.expiry = s.sched.now + time.Duration(l.ttl)*time.Second
	return LeaseKeepAliveResponse{Header: s.header(), ID: id, TTL: l.ttl}, nil
}

// LeaseTimeToLive reports a lease's remaining and granted TTL; a lease that
// does not exist is not an error (TTL -1), as etcd's gRPC layer answers.
func (s *Server) LeaseTimeToLive(id int64, keys bool) LeaseTimeToLiveResponse {
	resp := LeaseTimeToLiveResponse{Header: s.header(), ID: id, TTL: -1}
	l, ok := s.lessor().leases[id]
	if !ok {
		return resp
	}
	resp.TTL, resp.GrantedTTL = max(l.remaining(s.sched.now), 0), l.ttl
	if keys {
		resp.Keys = slices.Sorted(maps.Keys(l.keys))
	}
	return resp
}

// LeaseLeases lists every lease, soonest expiry first.
func (s *Server) LeaseLeases() LeaseLeasesResponse {
	resp := LeaseLeasesResponse{Header: s.header()}
	for _, l := range slices.SortedFunc(maps.Values(s.lessor().leases), bySoonestExpiry) {
		resp.IDs = append(resp.IDs, l.id)
	}
	return resp
}

// LeaseOf is the lease a live key is attached to (NoLease if none).
func (s *Server) LeaseOf(key string) int64 { return s.lessor().byKey[key] }

// scheduleLeaseTick wakes the run loop at its next 500 ms tick while any
// lease exists (the ticker runs from the member's start at time 0).
func (s *Server) scheduleLeaseTick() {
	le := s.lessor()
	if pending(le.tick) || len(le.leases) == 0 {
		return
	}
	next := (s.sched.now/leaseTick + 1) * leaseTick
	le.tick = s.sched.at(next, "lessor", s.revokeExpired)
}

// revokeExpired is one pass of the run loop: every lease past its expiry
// is revoked (a LeaseRevoke proposal each, soonest expiry first).
func (s *Server) revokeExpired() {
	le := s.lessor()
	le.tick = nil
	for _, l := range slices.SortedFunc(maps.Values(le.leases), bySoonestExpiry) {
		if l.expiry >= s.sched.now {
			break
		}
		s.nextRequestID()
		s.raftIndex++
		_ = s.revoke(l.id)
	}
	s.scheduleLeaseTick()
}

// attach moves key to lease id (NoLease: none), as the store does on every
// put; detach on delete.
func (le *lessor) attach(key []byte, id int64) {
	if id == NoLease && len(le.byKey) == 0 {
		return
	}
	old := le.byKey[string(key)]
	if old == id {
		return
	}
	le.detach(key)
	if l, ok := le.leases[id]; ok {
		l.keys[string(key)] = struct{}{}
		le.byKey[string(key)] = id
	}
}

func (le *lessor) detach(key []byte) {
	if len(le.byKey) == 0 {
		return
	}
	old, ok := le.byKey[string(key)]
	if !ok {
		return
	}
	if l, ok := le.leases[old]; ok {
		delete(l.keys, string(key))
	}
	delete(le.byKey, string(key))
}

// checkLease is etcd's check before a put with a lease is applied.
func (s *Server) checkLease(id int64) error {
	if id == NoLease {
		return nil
	}
	if _, ok := s.lessor().leases[id]; !ok {
		return ErrGRPCLeaseNotFound
	}
	return nil
}
