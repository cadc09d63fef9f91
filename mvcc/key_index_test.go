package mvcc

import (
	"errors"
	"maps"
	"math/rand/v2"
	"slices"
	"testing"
)

// fooIndex builds etcd's comment example: put(1), put(2), tombstone(3),
// put(4), tombstone(5).
func fooIndex(t *testing.T) *keyIndex {
	ki := &keyIndex{key: []byte("foo")}
	ki.put(1, 0)
	ki.put(2, 0)
	if err := ki.tombstone(3, 0); err != nil {
		t.Fatal(err)
	}
	ki.put(4, 0)
	if err := ki.tombstone(5, 0); err != nil {
		t.Fatal(err)
	}
	return ki
}

func TestKeyIndexGenerationsExample(t *testing.T) {
	ki := fooIndex(t)
	if got, want := ki.String(), "foo: {1.0 2.0 3.0(t)} {4.0 5.0(t)} {empty}"; got != want {
		t.Fatalf("String = %q, want %q", got, want)
	}
	if err := ki.tombstone(6, 0); !errors.Is(err, ErrRevisionNotFound) {
		t.Fatalf("tombstone of a deleted key: %v, want ErrRevisionNotFound", err)
	}
}

func TestKeyIndexCompactExample(t *testing.T) {
	tests := []struct {
		atRev  int64
		wstr   string
		wkeep  []Revision
		wempty bool
	}{
		{2, "foo: {2.0 3.0(t)} {4.0 5.0(t)} {empty}", []Revision{{2, 0}}, false},
		{4, "foo: {4.0 5.0(t)} {empty}", []Revision{{4, 0}}, false},
		{5, "foo: {5.0(t)} {empty}", []Revision{{5, 0}}, false},
		{6, "foo: {empty}", nil, true},
	}
	for _, tt := range tests {
		ki := fooIndex(t)
		keep := map[Revision]struct{}{}
		ki.compact(tt.atRev, keep)
		if got := ki.String(); got != tt.wstr {
			t.Errorf("compact(%d) = %q, want %q", tt.atRev, got, tt.wstr)
		}
		got := slices.SortedFunc(maps.Keys(keep), func(a, b Revision) int { return int(a.Main - b.Main) })
		if !slices.Equal(got, tt.wkeep) {
			t.Errorf("compact(%d) keeps %v, want %v", tt.atRev, got, tt.wkeep)
		}
		if ki.isEmpty() != tt.wempty {
			t.Errorf("compact(%d) isEmpty = %v", tt.atRev, ki.isEmpty())
		}
	}
}

// TestKeyIndexCompactSequence compacts one index at 2, 4, 5, 6 in turn,
// as a store does over time.
func TestKeyIndexCompactSequence(t *testing.T) {
	ki := fooIndex(t)
	for _, step := range []struct {
		rev  int64
		wstr string
	}{
		{2, "foo: {2.0 3.0(t)} {4.0 5.0(t)} {empty}"},
		{4, "foo: {4.0 5.0(t)} {empty}"},
		{5, "foo: {5.0(t)} {empty}"},
		{6, "foo: {empty}"},
	} {
		ki.compact(step.rev, map[Revision]struct{}{})
		if got := ki.String(); got != step.wstr {
			t.Fatalf("after compact(%d): %q, want %q", step.rev, got, step.wstr)
		}
	}
}

func TestKeyIndexGet(t *testing.T) {
	ki := fooIndex(t)
	tests := []struct {
		atRev         int64
		wmod, wcreate int64
		wver          int64
		werr          error
	}{
		{0, 0, 0, 0, ErrRevisionNotFound},
		{1, 1, 1, 1, nil},
		{2, 2, 1, 2, nil},
		{3, 0, 0, 0, ErrRevisionNotFound}, // the tombstone itself: absent
		{4, 4, 4, 1, nil},                 // a new generation: version restarts
		{5, 0, 0, 0, ErrRevisionNotFound},
		{9, 0, 0, 0, ErrRevisionNotFound},
	}
	for _, tt := range tests {
		mod, created, ver, err := ki.get(tt.atRev)
		if !errors.Is(err, tt.werr) && !(err == nil && tt.werr == nil) {
			t.Errorf("get(%d) err = %v, want %v", tt.atRev, err, tt.werr)
			continue
		}
		if err == nil && (mod.Main != tt.wmod || created.Main != tt.wcreate || ver != tt.wver) {
			t.Errorf("get(%d) = mod %v create %v ver %d, want %d %d %d", tt.atRev, mod, created, ver, tt.wmod, tt.wcreate, tt.wver)
		}
	}
}

func TestKeyIndexVersionAfterCompact(t *testing.T) {
	ki := &keyIndex{key: []byte("k")}
	for rev := int64(1); rev <= 5; rev++ {
		ki.put(rev, 0)
	}
	ki.compact(4, map[Revision]struct{}{})
	if _, _, ver, err := ki.get(5); err != nil || ver != 5 {
		t.Fatalf("version at 5 after compact(4) = %d, %v; want 5", ver, err)
	}
}

// TestKeyIndexAt: what a row at a revision says of its key (create
// revision, version) follows from the keyIndex, before and after
// compaction trims the oldest revisions.
func TestKeyIndexAt(t *testing.T) {
	ki := &keyIndex{key: []byte("foo")}
	for _, r := range []int64{4, 5} {
		ki.put(r, 0)
	}
	if err := ki.tombstone(6, 0); err != nil {
		t.Fatal(err)
	}
	ki.put(9, 0)
	ki.put(10, 0)
	ki.put(10, 1) // a second put in the same txn
	tests := []struct {
		rev          Revision
		created, ver int64
		ok           bool
	}{
		{Revision{4, 0}, 4, 1, true}, {Revision{5, 0}, 4, 2, true}, {Revision{6, 0}, 4, 3, true},
		{Revision{9, 0}, 9, 1, true}, {Revision{10, 0}, 9, 2, true}, {Revision{10, 1}, 9, 3, true},
		{Revision{7, 0}, 0, 0, false}, {Revision{3, 0}, 0, 0, false}, {Revision{11, 0}, 0, 0, false},
	}
	check := func(when string) {
		for _, tt := range tests {
			c, v, ok := ki.at(tt.rev)
			if c != tt.created || v != tt.ver || ok != tt.ok {
				t.Errorf("%s: at(%v) = %d %d %v, want %d %d %v", when, tt.rev, c, v, ok, tt.created, tt.ver, tt.ok)
			}
		}
	}
	check("before compaction")
	ki.compact(9, map[Revision]struct{}{}) // drops the first generation and nothing of the second
	tests[0].created, tests[0].ver, tests[0].ok = 0, 0, false
	tests[1].created, tests[1].ver, tests[1].ok = 0, 0, false
	tests[2].created, tests[2].ver, tests[2].ok = 0, 0, false
	check("after compact(9)")
	ki.compact(10, map[Revision]struct{}{}) // only 10.1 stays, with its generation and version
	for i := 3; i <= 4; i++ {
		tests[i].created, tests[i].ver, tests[i].ok = 0, 0, false
	}
	check("after compact(10)")
}

func TestKeyIndexSince(t *testing.T) {
	ki := &keyIndex{key: []byte("k")}
	ki.put(2, 0)
	ki.put(3, 0)
	ki.put(3, 1) // two changes of one key in one revision
	if err := ki.tombstone(4, 0); err != nil {
		t.Fatal(err)
	}
	ki.put(6, 0)
	got := ki.since(3)
	want := []Revision{{3, 1}, {4, 0}, {6, 0}}
	if !slices.Equal(got, want) {
		t.Fatalf("since(3) = %v, want %v", got, want)
	}
}

func TestKeyIndexPutPanicsOnSmallerRevision(t *testing.T) {
	defer func() {
		if recover() == nil {
			t.Fatal("put with a smaller revision did not panic")
		}
	}()
	ki := &keyIndex{key: []byte("k")}
	ki.put(5, 0)
	ki.put(4, 0)
}

// TestKeyIndexRandomAgainstList compares keyIndex (generations and
// revisions partly stored inline) with the simple version, a list of every
// change, over random puts, deletes and compactions: get at every readable
// revision and since agree.
func TestKeyIndexRandomAgainstList(t *testing.T) {
	for seed := range uint64(300) {
		r := rand.New(rand.NewPCG(seed, 1))
		ki := &keyIndex{key: []byte("k")}
		var log []listChange
		compacted, main := int64(0), int64(1)
		for range 5 + r.IntN(40) {
			main++
			switch live := len(log) > 0 && !log[len(log)-1].tomb; {
			case live && r.IntN(4) == 0:
				if err := ki.tombstone(main, 0); err != nil {
					t.Fatal(err)
				}
				log = append(log, listChange{Revision{main, 0}, true})
			case len(log) > 0 && r.IntN(5) == 0 && !ki.isEmpty():
				at := compacted + 1 + r.Int64N(main-compacted)
				ki.compact(at, map[Revision]struct{}{})
				compacted = at
				if ki.isEmpty() {
					ki, log = &keyIndex{key: []byte("k")}, nil
				}
			default:
				ki.put(main, 0)
				log = append(log, listChange{Revision{main, 0}, false})
			}
			for at := compacted; at <= main; at++ {
				mod, created, ver, err := ki.get(at)
				wmod, wcreated, wver, ok := listGet(log, at)
				if ok != (err == nil) || ok && (mod != wmod || created != wcreated || ver != wver) {
					t.Fatalf("seed %d: %s: get(%d) = %v %v %d %v, want %v %v %d found=%v",
						seed, ki, at, mod, created, ver, err, wmod, wcreated, wver, ok)
				}
				if ok { // a row at mod rebuilds the same create revision and version
					if c, v, found := ki.at(mod); !found || c != created.Main || v != ver {
						t.Fatalf("seed %d: %s: at(%v) = %d %d %v, want %d %d", seed, ki, mod, c, v, found, created.Main, ver)
					}
				}
			}
		}
	}
}

type listChange struct {
	rev  Revision
	tomb bool
}

// listGet is get on the list of changes: the newest change at or below
// at, unless it is a deletion; created is the generation's first put and
// ver counts the changes since it.
func listGet(log []listChange, at int64) (mod, created Revision, ver int64, ok bool) {
	i := -1
	for j, c := range log {
		if c.rev.Main <= at {
			i = j
		}
	}
	if i < 0 || log[i].tomb {
		return Revision{}, Revision{}, 0, false
	}
	start := i
	for start > 0 && !log[start-1].tomb {
		start--
	}
	return log[i].rev, log[start].rev, int64(i - start + 1), true
}
