package mvcc

import (
	"bytes"
	"fmt"
	"math/rand/v2"
	"testing"
	"time"
)

// TestFreezeModelRandom compares a store whose value chunks freeze with
// the simple version (every value of every key at every revision, in a
// map): lease-like keys rewritten often with values differing in a few
// bytes, slow keys, deletions and compactions. Reads at random past
// revisions (frozen values) and at the current one must match; current
// values never sit in a frozen chunk; some chunks did freeze.
func TestFreezeModelRandom(t *testing.T) {
	for seed := range uint64(4) {
		s := newTestServer(t, Config{QuotaBackendBytes: 1 << 40})
		r := rand.New(rand.NewPCG(seed, 11))
		hist := map[string][]modelVal{} // per key, ascending revisions
		compacted, frozen := int64(0), 0
		for step := range 20000 {
			key := fmt.Sprintf("lease-%03d", r.IntN(300))
			if r.IntN(10) == 0 {
				key = fmt.Sprintf("pod-%04d", r.IntN(3000))
			}
			if r.IntN(15) == 0 {
				resp, err := s.DeleteRange(DeleteRangeRequest{Key: []byte(key)})
				if err != nil {
					t.Fatal(err)
				}
				if resp.Deleted > 0 {
					hist[key] = append(hist[key], modelVal{rev: resp.Header.Revision, deleted: true})
				}
			} else {
				v := fmt.Sprintf("{holder: %s, renew: %d, pad: %s}", key, step, bytes.Repeat([]byte("y"), r.IntN(200)))
				rev := mustPut(t, s, key, v).Header.Revision
				hist[key] = append(hist[key], modelVal{rev: rev, value: v})
			}
			if step%3000 == 2999 {
				compacted = s.Rev() - int64(r.IntN(2000))
				if _, err := s.Compact(compacted); err != nil {
					t.Fatal(err)
				}
				s.Advance(time.Duration(step) * time.Second)
			}
			if step%500 == 0 {
				frozen = max(frozen, checkFrozen(t, s, hist, compacted, r))
			}
		}
		if frozen == 0 {
			t.Fatalf("seed %d: no chunk ever froze", seed)
		}
	}
}

type modelVal struct {
	rev     int64
	value   string
	deleted bool
}

// checkFrozen reads 200 random (key, revision) pairs and every current
// value, and returns how many chunks are frozen.
func checkFrozen(t *testing.T, s *Server, hist map[string][]modelVal, compacted int64, r *rand.Rand) int {
	t.Helper()
	cur := s.Rev()
	for range 200 {
		key := fmt.Sprintf("lease-%03d", r.IntN(300))
		at := max(compacted, 2) + r.Int64N(cur-max(compacted, 2)+1)
		want, ok := "", false
		for _, v := range hist[key] {
			if v.rev <= at {
				want, ok = v.value, !v.deleted
			}
		}
		resp, err := s.Range(RangeRequest{Key: []byte(key), Revision: at})
		if err != nil {
			t.Fatal(err)
		}
		if got := len(resp.Kvs) == 1; got != ok || (ok && string(resp.Kvs[0].Value) != want) {
			t.Fatalf("%s at %d: %v, want %q (exists %v)", key, at, resp.Kvs, want, ok)
		}
	}
	v := &s.kv.backend.values
	s.kv.index.tree.Ascend(func(ki *keyIndex) bool {
		if ki.latestRev == ki.modified() && v.chunk(ki.latestValue.chunk).frozen != nil {
			t.Fatalf("current value of %s is in frozen chunk %d", ki.key, ki.latestValue.chunk)
		}
		return true
	})
	n := 0
	for _, c := range v.chunks {
		if c.frozen != nil {
			n++
		}
	}
	return n
}

// TestByteArenaFreezeRandom freezes random sealed chunks among random
// adds and releases: every value reads back as written, frozen or not.
func TestByteArenaFreezeRandom(t *testing.T) {
	r := rand.New(rand.NewPCG(5, 5))
	var a byteArena
	live := map[arenaRef][]byte{}
	var refs []arenaRef
	for step := range 20000 {
		switch op := r.IntN(10); {
		case op < 6 || len(refs) == 0:
			b := randomValue(r)
			ref := a.add(b)
			if ref.stored() {
				live[ref] = bytes.Clone(b)
				refs = append(refs, ref)
			}
		case op < 8:
			i := r.IntN(len(refs))
			a.release(refs[i])
			delete(live, refs[i])
			refs[i] = refs[len(refs)-1]
			refs = refs[:len(refs)-1]
		default:
			a.freeze(a.base + uint32(r.IntN(len(a.chunks))))
		}
		if step%500 == 0 {
			for ref, want := range live {
				if got := a.bytes(ref); !bytes.Equal(got, want) {
					t.Fatalf("step %d: %v holds %.20q, want %.20q", step, ref, got, want)
				}
			}
		}
	}
}
