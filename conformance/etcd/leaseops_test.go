package etcd

import (
	"fmt"
	"slices"
	"strings"

	pb "go.etcd.io/etcd/api/v3/etcdserverpb"
	"go.etcd.io/etcd/api/v3/v3rpc/rpctypes"
	clientv3 "go.etcd.io/etcd/client/v3"

	"watchscope/mvcc"
)

// Leases in the random sequences: grant, revoke, time-to-live (with or
// without keys), one keep-alive, list, and puts (also inside txns) that
// attach keys to a lease or to one that does not exist.
//
// A sequence's leases have IDs it chooses (a LeaseGrantRequest may name
// its ID), seed<<16 + n for its n-th lease, so both sides use the same IDs
// and every kv's lease field compares as it is; auto-chosen IDs (the
// member ID's low bits, then time-based on the real side) are compared in
// TestLeasesAndRangeOptionsAgree. TTLs are at least 300 s: a sequence
// lasts seconds, so no lease expires in one (expiry on the run loop's
// ticks is TestLeasesAndRangeOptionsAgree's too), and the remaining TTL,
// which depends on wall time on the real side, is compared only as
// "alive" (within 30 s of the granted TTL) or -1 (no such lease).

type leaseKind int

const (
	leaseGrant leaseKind = iota
	leaseRevoke
	leaseTTL
	leaseKeepAlive
	leaseList
)

// leaseOp is one lease call; N is the sequence's lease number.
type leaseOp struct {
	Kind leaseKind
	N    int64
	TTL  int64
	Keys bool
}

func (l leaseOp) String() string {
	switch l.Kind {
	case leaseGrant:
		return fmt.Sprintf("lease grant #%d ttl=%d", l.N, l.TTL)
	case leaseRevoke:
		return fmt.Sprintf("lease revoke #%d", l.N)
	case leaseTTL:
		if l.Keys {
			return fmt.Sprintf("lease timetolive #%d --keys", l.N)
		}
		return fmt.Sprintf("lease timetolive #%d", l.N)
	case leaseKeepAlive:
		return fmt.Sprintf("lease keep-alive --once #%d", l.N)
	}
	return "lease list"
}

// leaseTTLs: long enough that nothing expires in a sequence, and (one in
// eight) one above etcd's maximum, an error.
var leaseTTLs = []int64{300, 300, 600, 600, 3600, 3600, 7200, mvcc.MaxLeaseTTL + 1}

// leaseKinds weighs the calls: grants most (a sequence needs leases to
// use), then time-to-live.
var leaseKinds = []leaseKind{leaseGrant, leaseGrant, leaseGrant, leaseRevoke, leaseTTL, leaseTTL, leaseKeepAlive, leaseList}

// leaseID is the ID of a sequence's lease number n (numbers start at 1).
func (g *generator) leaseID(n int64) int64 { return g.seed<<16 + n }

// lease draws a lease call: mostly on a lease granted before, sometimes on
// one never granted (errors), a grant of a new number or, rarely, of one
// already granted (etcd: lease already exists).
func (g *generator) lease() Op {
	n := g.leaseN()
	op := leaseOp{Kind: pick(g.rng, leaseKinds), N: n}
	if g.leases == 0 {
		op.Kind = leaseGrant // the first lease call grants one
	}
	switch op.Kind {
	case leaseGrant:
		op.TTL = pick(g.rng, leaseTTLs)
		if g.rng.IntN(5) != 0 {
			g.leases++
			op.N = g.leases
		}
	case leaseTTL:
		op.Keys = g.rng.IntN(3) != 0
	}
	return Op{Kind: opLease, Lease: op}
}

// leaseN picks a lease number: mostly one granted so far (it may have
// been revoked since), one in six times the next, never granted one.
func (g *generator) leaseN() int64 {
	if g.leases == 0 || g.rng.IntN(6) == 0 {
		return g.leases + 1
	}
	return 1 + g.rng.Int64N(g.leases)
}

// leaseStep runs a lease call on a target and returns its canonical text.
func leaseStep(t target, base func(int64) int64, l leaseOp) string {
	id := base(l.N)
	switch l.Kind {
	case leaseGrant:
		r, err := t.LeaseGrant(l.TTL, id)
		if err != nil {
			return errString(err)
		}
		return fmt.Sprintf("hdr=%d id=#%d ttl=%d", r.Header.Revision, r.ID-base(0), r.TTL)
	case leaseRevoke:
		r, err := t.LeaseRevoke(id)
		if err != nil {
			return errString(err)
		}
		return fmt.Sprintf("hdr=%d", r.Header.Revision)
	case leaseTTL:
		r, err := t.LeaseTimeToLive(id, l.Keys)
		if err != nil {
			return errString(err)
		}
		ttl := "-1"
		switch {
		case r.TTL != -1 && r.TTL <= r.GrantedTTL && r.TTL > r.GrantedTTL-30:
			ttl = "alive"
		case r.TTL != -1:
			ttl = fmt.Sprintf("odd(%d of %d)", r.TTL, r.GrantedTTL)
		}
		return fmt.Sprintf("hdr=%d id=#%d ttl=%s granted=%d keys=%q", r.Header.Revision, r.ID-base(0), ttl, r.GrantedTTL, r.Keys)
	case leaseKeepAlive:
		r, err := t.LeaseKeepAliveOnce(id)
		if err != nil {
			return errString(err)
		}
		return fmt.Sprintf("hdr=%d id=#%d ttl=%d", r.Header.Revision, r.ID-base(0), r.TTL)
	}
	r, err := t.LeaseLeases()
	if err != nil {
		return errString(err)
	}
	ids := make([]string, len(r.IDs))
	for i, id := range r.IDs {
		ids[i] = fmt.Sprintf("#%d", id-base(0))
	}
	return fmt.Sprintf("hdr=%d ids=[%s]", r.Header.Revision, strings.Join(ids, " "))
}

// ---- the simulated side ----

func (s *simTarget) LeaseGrant(ttl, id int64) (mvcc.LeaseGrantResponse, error) {
	return s.srv.LeaseGrant(ttl, id)
}
func (s *simTarget) LeaseRevoke(id int64) (mvcc.LeaseRevokeResponse, error) {
	return s.srv.LeaseRevoke(id)
}
func (s *simTarget) LeaseTimeToLive(id int64, keys bool) (mvcc.LeaseTimeToLiveResponse, error) {
	return s.srv.LeaseTimeToLive(id, keys), nil
}
func (s *simTarget) LeaseKeepAliveOnce(id int64) (mvcc.LeaseKeepAliveResponse, error) {
	return s.srv.LeaseKeepAliveOnce(id)
}
func (s *simTarget) LeaseLeases() (mvcc.LeaseLeasesResponse, error) { return s.srv.LeaseLeases(), nil }

// ---- the real side, through clientv3 (a grant with a chosen ID through
// the gRPC lease client, whose errors clientv3 would give as these texts) ----

func (r *realTarget) LeaseGrant(ttl, id int64) (mvcc.LeaseGrantResponse, error) {
	resp, err := pb.NewLeaseClient(r.emb.Client.ActiveConnection()).LeaseGrant(r.ctx, &pb.LeaseGrantRequest{TTL: ttl, ID: id})
	if err != nil {
		return mvcc.LeaseGrantResponse{}, rpctypes.Error(err)
	}
	r.leases = append(r.leases, resp.ID)
	return mvcc.LeaseGrantResponse{Header: r.header(resp.Header), ID: resp.ID, TTL: resp.TTL}, nil
}

func (r *realTarget) LeaseRevoke(id int64) (mvcc.LeaseRevokeResponse, error) {
	resp, err := r.emb.Client.Revoke(r.ctx, clientv3.LeaseID(id))
	if err != nil {
		return mvcc.LeaseRevokeResponse{}, err
	}
	return mvcc.LeaseRevokeResponse{Header: r.header(resp.Header)}, nil
}

func (r *realTarget) LeaseTimeToLive(id int64, keys bool) (mvcc.LeaseTimeToLiveResponse, error) {
	var opts []clientv3.LeaseOption
	if keys {
		opts = append(opts, clientv3.WithAttachedKeys())
	}
	resp, err := r.emb.Client.TimeToLive(r.ctx, clientv3.LeaseID(id), opts...)
	if err != nil {
		return mvcc.LeaseTimeToLiveResponse{}, err
	}
	out := mvcc.LeaseTimeToLiveResponse{Header: r.header(resp.ResponseHeader), ID: int64(resp.ID), TTL: resp.TTL, GrantedTTL: resp.GrantedTTL}
	for _, k := range resp.Keys {
		out.Keys = append(out.Keys, string(k))
	}
	slices.Sort(out.Keys) // etcd walks a Go map (DIVERGENCES.md)
	return out, nil
}

func (r *realTarget) LeaseKeepAliveOnce(id int64) (mvcc.LeaseKeepAliveResponse, error) {
	resp, err := r.emb.Client.KeepAliveOnce(r.ctx, clientv3.LeaseID(id))
	if err != nil {
		return mvcc.LeaseKeepAliveResponse{}, err
	}
	return mvcc.LeaseKeepAliveResponse{Header: r.header(resp.ResponseHeader), ID: int64(resp.ID), TTL: resp.TTL}, nil
}

// LeaseLeases lists this sequence's leases: the member is shared with the
// sequences before it, whose leases Close revoked.
func (r *realTarget) LeaseLeases() (mvcc.LeaseLeasesResponse, error) {
	resp, err := r.emb.Client.Leases(r.ctx)
	if err != nil {
		return mvcc.LeaseLeasesResponse{}, err
	}
	out := mvcc.LeaseLeasesResponse{Header: r.header(resp.ResponseHeader)}
	for _, l := range resp.Leases {
		if int64(l.ID)>>16 == r.seed {
			out.IDs = append(out.IDs, int64(l.ID))
		}
	}
	return out, nil
}

// revokeLeases ends a sequence: its leases go, so the next sequence on
// this member lists only its own.
func (r *realTarget) revokeLeases() {
	for _, id := range r.leases {
		_, _ = r.emb.Client.Revoke(r.ctx, clientv3.LeaseID(id))
	}
}
