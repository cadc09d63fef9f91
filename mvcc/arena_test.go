package mvcc

import (
	"bytes"
	"fmt"
	"maps"
	"math/rand/v2"
	"strings"
	"testing"
	"time"
)

// TestByteArenaRandom compares the arena with the simple version (one
// copy per value) over random adds, releases and moves, and checks that
// dead chunks go.
func TestByteArenaRandom(t *testing.T) {
	r := rand.New(rand.NewPCG(7, 7))
	var a byteArena
	type stored struct {
		ref  arenaRef
		want []byte
	}
	var live []stored
	for step := range 20000 {
		switch op := r.IntN(10); {
		case op < 5 || len(live) == 0:
			b := randomValue(r)
			live = append(live, stored{a.add(b), bytes.Clone(b)})
		case op < 8:
			i := r.IntN(len(live))
			a.release(live[i].ref)
			live[i] = live[len(live)-1]
			live = live[:len(live)-1]
		default:
			i := r.IntN(len(live))
			live[i].ref = a.move(live[i].ref)
		}
		if step%1000 == 0 || step == 19999 {
			for _, s := range live {
				got := a.bytes(s.ref)
				if !bytes.Equal(got, s.want) || (got == nil) != (s.want == nil) || cap(got) != len(got) {
					t.Fatalf("step %d: %v holds %q (cap %d), want %q", step, s.ref, got, cap(got), s.want)
				}
			}
		}
	}
	for _, s := range live {
		a.release(s.ref)
	}
	if n := a.chunkCount(); n > 1 {
		t.Fatalf("%d chunks held with no value left, want at most the active one", n)
	}
}

func randomValue(r *rand.Rand) []byte {
	switch r.IntN(20) {
	case 0:
		return nil
	case 1:
		return []byte{}
	case 2:
		return bytes.Repeat([]byte{byte(r.IntN(256))}, arenaOwnChunk+r.IntN(1000))
	}
	b := make([]byte, 1+r.IntN(3000))
	for i := range b {
		b[i] = byte(r.IntN(256))
	}
	return b
}

// TestArenaAndSlabStayBoundedUnderChurn writes, overwrites and deletes
// keys with ever new names for many compactions: every value read back is
// the one written, and the arena's chunks and the slab's ids stay bounded
// by what the history holds, instead of growing with everything written.
// The slow keys would keep one old chunk each alive if compaction did not
// move the values it keeps, and the long-lived keys their key chunks.
func TestArenaAndSlabStayBoundedUnderChurn(t *testing.T) {
	s := newTestServer(t, Config{QuotaBackendBytes: 1 << 40})
	r := rand.New(rand.NewPCG(3, 9))
	want := map[string]string{}
	now := time.Duration(0)
	for round := range 60 {
		if round%4 == 0 && round > 0 { // the previous names go
			prefix := fmt.Sprintf("k-%d-", round/4-1)
			if _, err := s.DeleteRange(DeleteRangeRequest{Key: []byte(prefix), RangeEnd: []byte(prefix[:len(prefix)-1] + ".")}); err != nil {
				t.Fatal(err)
			}
			for k := range want {
				if strings.HasPrefix(k, prefix) {
					delete(want, k)
				}
			}
		}
		var snap map[string]string
		var snapRev int64
		for i := range 500 {
			if i == 450 {
				snap, snapRev = maps.Clone(want), s.Rev()
			}
			key := fmt.Sprintf("k-%d-%d", round/4, r.IntN(200)) // names change every 4 rounds
			if r.IntN(5) == 0 {
				if _, err := s.DeleteRange(DeleteRangeRequest{Key: []byte(key)}); err != nil {
					t.Fatal(err)
				}
				delete(want, key)
				continue
			}
			v := fmt.Sprintf("%d-%d-%s", round, i, bytes.Repeat([]byte("x"), r.IntN(2000)))
			mustPut(t, s, key, v)
			want[key] = v
		}
		for range 3 { // slow keys: each rewritten every ~10 rounds
			key, v := fmt.Sprintf("slow-%d", r.IntN(30)), fmt.Sprintf("slow %d", round)
			mustPut(t, s, key, v)
			want[key] = v
		}
		if _, err := s.Compact(s.Rev() - 100); err != nil {
			t.Fatal(err)
		}
		now += time.Second
		s.Advance(now)
		checkAll(t, s, want, 0)
		checkAll(t, s, snap, snapRev) // older values: backend rows, some moved
	}
	ti := s.kv.index
	t.Logf("value chunks %d, key chunks %d, ids %d", s.kv.backend.values.chunkCount(), ti.keys.chunkCount(), ti.slab.used)
	if n := ti.keys.chunkCount(); n > 3 {
		t.Errorf("key arena holds %d chunks", n)
	}
	if ti.byKey.n != ti.tree.Len() {
		t.Errorf("byKey has %d keys, the tree %d", ti.byKey.n, ti.tree.Len())
	}
	if n := s.kv.backend.values.chunkCount(); n > 6 {
		t.Errorf("arena holds %d chunks", n)
	}
	if used := s.kv.index.slab.used; used > 600 {
		t.Errorf("slab handed out %d ids for at most ~400 keys alive at once", used)
	}
}

func checkAll(t *testing.T, s *Server, want map[string]string, rev int64) {
	t.Helper()
	resp, err := s.Range(RangeRequest{Key: []byte{0}, RangeEnd: []byte{0}, Revision: rev})
	if err != nil {
		t.Fatal(err)
	}
	if len(resp.Kvs) != len(want) {
		t.Fatalf("%d keys, want %d", len(resp.Kvs), len(want))
	}
	for _, kv := range resp.Kvs {
		if want[string(kv.Key)] != string(kv.Value) {
			t.Fatalf("%s = %.20q, want %.20q", kv.Key, kv.Value, want[string(kv.Key)])
		}
		one, err := s.Range(RangeRequest{Key: kv.Key, Revision: rev}) // through byKey
		if err != nil || len(one.Kvs) != 1 || string(one.Kvs[0].Value) != want[string(kv.Key)] {
			t.Fatalf("point read of %s: %v %v", kv.Key, one.Kvs, err)
		}
	}
}
