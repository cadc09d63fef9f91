package mvcc

import (
	"fmt"
	"math/rand/v2"
	"testing"
)

// TestLiveCountsMatchWalk: random creates, updates, deletes (single and
// ranged, several in one txn) and compactions over keys in nested
// directories; after each, ranges over directories and other ranges, at
// the current revision and older ones, with and without limits and
// count-only, must answer exactly what the walk without counts answers.
func TestLiveCountsMatchWalk(t *testing.T) {
	dirs := []string{"/r/", "/r/a/", "/r/b/", "/r/a/x/", "/s/", "/"}
	for seed := range uint64(100) {
		r := rand.New(rand.NewPCG(seed, 11))
		s := newStore(&scheduler{})
		key := func() []byte {
			return []byte(fmt.Sprintf("%s%d", dirs[r.IntN(len(dirs)-1)], r.IntN(15)))
		}
		for step := range 300 {
			tw := s.txn()
			var touched [][2][]byte // etcd refuses a txn whose ops overlap
			free := func(k, end []byte) bool {
				for _, iv := range touched {
					if overlaps(k, end, iv[0], iv[1]) {
						return false
					}
				}
				touched = append(touched, [2][]byte{k, end})
				return true
			}
			for range 1 + r.IntN(3) {
				switch k := key(); r.IntN(6) {
				case 0:
					if free(k, nil) {
						tw.DeleteRange(k, nil)
					}
				case 1:
					if d := []byte(dirs[r.IntN(len(dirs))]); free(d, PrefixEnd(d)) {
						tw.DeleteRange(d, PrefixEnd(d))
					}
				default:
					if free(k, nil) {
						tw.Put(k, []byte("v"), 0)
					}
				}
			}
			tw.end(false, nil)
			if r.IntN(40) == 0 && s.currentRev > 5 {
				s.compact(s.currentRev - int64(r.IntN(5)))
			}
			for range 4 {
				d := []byte(dirs[r.IntN(len(dirs))])
				start, end := d, PrefixEnd(d)
				if r.IntN(4) == 0 {
					start = append(append([]byte(nil), d...), '1') // not a directory range
				}
				ro := rangeOptions{limit: int64(r.IntN(4)), count: r.IntN(5) == 0}
				if r.IntN(3) == 0 {
					ro.rev = s.currentRev - int64(r.IntN(8))
				}
				compareWithWalk(t, s, start, end, ro, fmt.Sprintf("seed %d step %d", seed, step))
			}
		}
	}
}

// compareWithWalk answers one range with the counts and without them
// (and without page memos, so the walk is the whole range).
func compareWithWalk(t *testing.T, s *store, key, end []byte, ro rangeOptions, at string) {
	t.Helper()
	memos := s.memos
	got, err := s.rangeKeys(key, end, s.currentRev, ro)
	s.memos = pageMemos{}
	s.index.dirs.off = true
	want, werr := s.rangeKeys(key, end, s.currentRev, ro)
	s.index.dirs.off = false
	s.memos = memos
	if (err != nil) != (werr != nil) {
		t.Fatalf("%s: range [%s, %s) %+v: err %v, walk %v", at, key, end, ro, err, werr)
	}
	if got.count != want.count || len(got.kvs) != len(want.kvs) {
		t.Fatalf("%s: range [%s, %s) %+v: count %d kvs %d, walk count %d kvs %d", at, key, end, ro,
			got.count, len(got.kvs), want.count, len(want.kvs))
	}
	for i := range got.kvs {
		if string(got.kvs[i].Key) != string(want.kvs[i].Key) || got.kvs[i].ModRevision != want.kvs[i].ModRevision {
			t.Fatalf("%s: kv %d differs", at, i)
		}
	}
}

// TestLiveCountsSkipTheWalk: the first page of a directory of 5,000 keys
// read at the current revision visits only its page, not the directory.
func TestLiveCountsSkipTheWalk(t *testing.T) {
	s := newStore(&scheduler{})
	tw := s.txn()
	for i := range 5000 {
		tw.Put([]byte(fmt.Sprintf("/registry/pods/ns/p%05d", i)), []byte("v"), 0)
	}
	tw.end(false, nil)
	if n, ok := s.index.dirs.count([]byte("/registry/pods/"), []byte("/registry/pods0"), s.currentRev); !ok || n != 5000 {
		t.Fatalf("count of /registry/pods/: %d, %v; want 5000, true", n, ok)
	}
	before := s.index.visits
	res, err := s.rangeKeys([]byte("/registry/pods/"), []byte("/registry/pods0"), s.currentRev, rangeOptions{limit: 11})
	if err != nil || res.count != 5000 || len(res.kvs) != 11 {
		t.Fatalf("first page: count %d, %d kvs, %v", res.count, len(res.kvs), err)
	}
	if v := s.index.visits - before; v != 11 {
		t.Fatalf("the first page of 11 visited %d keys, want 11", v)
	}
}

// overlaps reports whether [a, aEnd) and [b, bEnd) share a key (a nil
// end: the single key).
func overlaps(a, aEnd, b, bEnd []byte) bool {
	in := func(k, start, end []byte) bool {
		if end == nil {
			return string(k) == string(start)
		}
		return string(k) >= string(start) && string(k) < string(end)
	}
	switch {
	case aEnd == nil:
		return in(a, b, bEnd)
	case bEnd == nil:
		return in(b, a, aEnd)
	}
	return string(a) < string(bEnd) && string(b) < string(aEnd)
}
