package etcd

import (
	"context"
	"slices"
	"testing"
	"time"

	clientv3 "go.etcd.io/etcd/client/v3"

	"watchscope/mvcc"
)

// TestLeasesAndRangeOptionsAgree runs the same lease, put-option and
// range-option steps on a fresh embedded etcd 3.6.16 and a fresh
// mvcc.Server, and requires the same revisions, TTLs, attached keys, error
// texts and range results. Lease IDs differ by construction (etcd's come
// from the boot time); both must carry their member ID's low 16 bits.
func TestLeasesAndRangeOptionsAgree(t *testing.T) {
	e, err := StartEmbedded(t.TempDir())
	if err != nil {
		t.Fatal(err)
	}
	defer e.Close()
	cli, ctx := e.Client, context.Background()
	sim, err := mvcc.NewServer(mvcc.Config{})
	if err != nil {
		t.Fatal(err)
	}
	eq := func(what string, real, simv any) {
		t.Helper()
		if !equalAny(real, simv) {
			t.Errorf("%s: etcd %v, sim %v", what, real, simv)
		}
	}
	errText := func(err error) string {
		if err == nil {
			return "<nil>"
		}
		return err.Error()
	}

	// Grants: the 2 s minimum, IDs under the member ID's low 16 bits.
	rg, err := cli.Grant(ctx, 1)
	if err != nil {
		t.Fatal(err)
	}
	sg, _ := sim.LeaseGrant(1, 0)
	eq("TTL of a 1 s grant", rg.TTL, sg.TTL)
	rMember := rg.ResponseHeader.MemberId
	eq("lease ID prefix", uint64(rg.ID)>>48 == (rMember&0xffff)&0x7fff, uint64(sg.ID)>>48 == (mvcc.MemberID&0xffff)&0x7fff)
	_, rerr := cli.Grant(ctx, mvcc.MaxLeaseTTL+1)
	_, serr := sim.LeaseGrant(mvcc.MaxLeaseTTL+1, 0)
	eq("too large TTL", errText(rerr), errText(serr))

	// Keys attached by puts, listed by time-to-live, deleted by a revoke
	// in one revision.
	rl, _ := cli.Grant(ctx, 60)
	sl, _ := sim.LeaseGrant(60, 0)
	for _, k := range []string{"/l/b", "/l/a", "/l/c"} {
		rp, err := cli.Put(ctx, k, "v", clientv3.WithLease(rl.ID))
		if err != nil {
			t.Fatal(err)
		}
		sp, _ := sim.Put(mvcc.PutRequest{Key: []byte(k), Value: []byte("v"), Lease: sl.ID})
		eq("put revision "+k, rp.Header.Revision, sp.Header.Revision)
	}
	cli.Put(ctx, "/l/c", "moved")
	sim.Put(mvcc.PutRequest{Key: []byte("/l/c"), Value: []byte("moved")})
	rt, _ := cli.TimeToLive(ctx, rl.ID, clientv3.WithAttachedKeys())
	st := sim.LeaseTimeToLive(sl.ID, true)
	var rkeys []string
	for _, k := range rt.Keys {
		rkeys = append(rkeys, string(k))
	}
	slices.Sort(rkeys) // etcd walks a map
	eq("attached keys", rkeys, st.Keys)
	eq("granted TTL", rt.GrantedTTL, st.GrantedTTL)
	rr, _ := cli.Revoke(ctx, rl.ID)
	sr, _ := sim.LeaseRevoke(sl.ID)
	eq("revoke revision", rr.Header.Revision, sr.Header.Revision)
	rget, _ := cli.Get(ctx, "/l/", clientv3.WithPrefix())
	sget, _ := sim.Range(mvcc.RangeRequest{Key: []byte("/l/"), RangeEnd: mvcc.PrefixEnd([]byte("/l/"))})
	eq("keys left after revoke", rget.Count, sget.Count)
	_, rerr = cli.Revoke(ctx, rl.ID)
	_, serr = sim.LeaseRevoke(sl.ID)
	eq("second revoke", errText(rerr), errText(serr))
	rt, _ = cli.TimeToLive(ctx, rl.ID)
	st = sim.LeaseTimeToLive(sl.ID, false)
	eq("time-to-live of a revoked lease", [2]int64{rt.TTL, rt.GrantedTTL}, [2]int64{st.TTL, st.GrantedTTL})

	// Put options: a lease that does not exist, ignore-value without a key.
	_, rerr = cli.Put(ctx, "/p/x", "v", clientv3.WithLease(0x123))
	_, serr = sim.Put(mvcc.PutRequest{Key: []byte("/p/x"), Value: []byte("v"), Lease: 0x123})
	eq("put with a missing lease", errText(rerr), errText(serr))
	_, rerr = cli.Put(ctx, "/p/x", "", clientv3.WithIgnoreValue())
	_, serr = sim.Put(mvcc.PutRequest{Key: []byte("/p/x"), IgnoreValue: true})
	eq("ignore-value of a missing key", errText(rerr), errText(serr))

	// Range options: sort targets and orders, revision filters, limits.
	for _, kv := range [][2]string{{"/s/1", "b"}, {"/s/2", "a"}, {"/s/3", "c"}, {"/s/2", "z"}, {"/s/4", "a"}} {
		cli.Put(ctx, kv[0], kv[1])
		sim.Put(mvcc.PutRequest{Key: []byte(kv[0]), Value: []byte(kv[1])})
	}
	base := sim.Rev() - 5
	type rangeCase struct {
		name   string
		opts   []clientv3.OpOption
		simReq mvcc.RangeRequest
	}
	cases := []rangeCase{
		{"by value", []clientv3.OpOption{clientv3.WithSort(clientv3.SortByValue, clientv3.SortAscend)}, mvcc.RangeRequest{SortTarget: mvcc.SortByValue, SortOrder: mvcc.SortAscend}},
		{"by version descending", []clientv3.OpOption{clientv3.WithSort(clientv3.SortByVersion, clientv3.SortDescend)}, mvcc.RangeRequest{SortTarget: mvcc.SortByVersion, SortOrder: mvcc.SortDescend}},
		{"by mod, limit 2", []clientv3.OpOption{clientv3.WithSort(clientv3.SortByModRevision, clientv3.SortNone), clientv3.WithLimit(2)}, mvcc.RangeRequest{SortTarget: mvcc.SortByMod, Limit: 2}},
		{"key descending", []clientv3.OpOption{clientv3.WithSort(clientv3.SortByKey, clientv3.SortDescend)}, mvcc.RangeRequest{SortOrder: mvcc.SortDescend}},
		{"min mod rev", []clientv3.OpOption{clientv3.WithMinModRev(base + 3)}, mvcc.RangeRequest{MinModRevision: base + 3}},
		{"max create rev, limit 1", []clientv3.OpOption{clientv3.WithMaxCreateRev(base + 2), clientv3.WithLimit(1)}, mvcc.RangeRequest{MaxCreateRevision: base + 2, Limit: 1}},
	}
	for _, c := range cases {
		rresp, err := cli.Get(ctx, "/s/", append([]clientv3.OpOption{clientv3.WithPrefix()}, c.opts...)...)
		if err != nil {
			t.Fatal(err)
		}
		c.simReq.Key, c.simReq.RangeEnd = []byte("/s/"), mvcc.PrefixEnd([]byte("/s/"))
		sresp, _ := sim.Range(c.simReq)
		var rk, sk []string
		for _, kv := range rresp.Kvs {
			rk = append(rk, string(kv.Key))
		}
		for _, kv := range sresp.Kvs {
			sk = append(sk, string(kv.Key))
		}
		eq(c.name+" keys", rk, sk)
		eq(c.name+" count/more", [2]any{rresp.Count, rresp.More}, [2]any{sresp.Count, sresp.More})
	}

	// Expiry: a 2 s lease not kept alive is revoked by the leader's run
	// loop (500 ms ticks) within a second after it expires.
	rx, _ := cli.Grant(ctx, 2)
	sx, _ := sim.LeaseGrant(2, 0)
	cli.Put(ctx, "/x/k", "v", clientv3.WithLease(rx.ID))
	sim.Put(mvcc.PutRequest{Key: []byte("/x/k"), Value: []byte("v"), Lease: sx.ID})
	time.Sleep(3500 * time.Millisecond)
	sim.Advance(sim.Now() + 3500*time.Millisecond)
	rget, _ = cli.Get(ctx, "/x/k")
	sget, _ = sim.Range(mvcc.RangeRequest{Key: []byte("/x/k")})
	eq("expired lease's key", rget.Count, sget.Count)
	rt, _ = cli.TimeToLive(ctx, rx.ID)
	eq("expired lease TTL", rt.TTL, sim.LeaseTimeToLive(sx.ID, false).TTL)
}

func equalAny(a, b any) bool {
	switch x := a.(type) {
	case []string:
		y, ok := b.([]string)
		return ok && slices.Equal(x, y)
	}
	return a == b
}
