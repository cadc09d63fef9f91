package etcd

import (
	"context"
	"testing"

	"watchscope/mvcc"
)

// The differential test is only worth something if it notices a wrong
// simulation. Each case plants one small fault in front of the simulated
// server and requires that some of a handful of seeds report it.

// noMore forgets Range's More flag, as a store that ignored limit+1 would.
type noMore struct{ *simTarget }

func (f noMore) Range(r mvcc.RangeRequest) (mvcc.RangeResponse, error) {
	resp, err := f.simTarget.Range(r)
	resp.More = false
	return resp, err
}

// noPrevKv loses every event's prev_kv.
type noPrevKv struct{ *simTarget }

func (f noPrevKv) Collect(want []int) [][]watchItem {
	out := f.simTarget.Collect(want)
	for _, items := range out {
		for i := range items {
			items[i].Event.PrevKv = nil
		}
	}
	return out
}

// noKvLease loses the lease a range's keys are attached to.
type noKvLease struct{ *simTarget }

func (f noKvLease) Range(r mvcc.RangeRequest) (mvcc.RangeResponse, error) {
	resp, err := f.simTarget.Range(r)
	for i := range resp.Kvs {
		resp.Kvs[i].Lease = 0
	}
	return resp, err
}

// grantKeepsNoTTL grants every lease with the minimum TTL (as a lessor
// that ignored the request's TTL would).
type grantKeepsNoTTL struct{ *simTarget }

func (f grantKeepsNoTTL) LeaseGrant(ttl, id int64) (mvcc.LeaseGrantResponse, error) {
	return f.simTarget.LeaseGrant(min(ttl, mvcc.MinLeaseTTL), id)
}

func TestHarnessDetectsPlantedFaults(t *testing.T) {
	if *flagSeed >= 0 {
		t.Skip("-seed runs one random sequence only")
	}
	emb := startEmbedded(t)
	faults := map[string]func(*simTarget) target{
		"range_without_more":    func(s *simTarget) target { return noMore{s} },
		"events_without_prevkv": func(s *simTarget) target { return noPrevKv{s} },
		"range_without_lease":   func(s *simTarget) target { return noKvLease{s} },
		"grant_ignores_ttl":     func(s *simTarget) target { return grantKeepsNoTTL{s} },
	}
	// Each case has seeds (so key prefixes) of its own on the shared etcd:
	// a seed run twice would meet its own keys from the first run.
	for k, name := range []string{"range_without_more", "events_without_prevkv", "range_without_lease", "grant_ignores_ttl"} {
		t.Run(name, func(t *testing.T) {
			for seed := int64(1); seed <= 40; seed++ {
				r, err := runSequenceWith(context.Background(), emb, 1_000_000+1_000*int64(k)+seed, *flagOps, faults[name])
				if err != nil {
					t.Fatal(err)
				}
				if r.Diff != "" {
					t.Logf("caught after %d sequences: %s", seed, firstLine(r.Diff))
					return
				}
			}
			t.Fatalf("planted fault %s went unnoticed in 40 sequences", name)
		})
	}
}
