package mvcc

import (
	"strings"
)

// keyIndex is the in-memory history of one key: which revisions of the key
// exist in the backend, grouped into generations. A generation is one life
// of the key, from its creation to its deletion (tombstone). Deleting a key
// closes the current generation and opens a new, empty one; putting it
// again fills that empty generation.
//
// put(1.0); put(2.0); tombstone(3.0); put(4.0); tombstone(5.0) on "foo":
//
//	key:      "foo"
//	modified: 5.0                (the last stored revision, see modified)
//	generations:
//	    {empty}                  <- current generation: the key is deleted now
//	    {4.0, 5.0(t)}            <- second life, ended by the tombstone 5.0
//	    {1.0, 2.0, 3.0(t)}       <- first life, ended by the tombstone 3.0
//
// String prints it oldest first: `foo: {1.0 2.0 3.0(t)} {4.0 5.0(t)} {empty}`.
//
// Compaction at rev R drops, in each key, every revision <= R except the
// newest one (that one is still the value "as of R"):
//
//	compact(2): {2.0 3.0(t)} {4.0 5.0(t)} {empty}
//	compact(4): {4.0 5.0(t)} {empty}
//	compact(5): {5.0(t)} {empty}
//	compact(6): {empty}            -> the keyIndex is removed from the tree
//
// latest caches the KeyValue of the newest put (at latestRev), which every
// read at the current revision wants: etcd reads it from bbolt, the
// simulation skips that lookup. Compaction never removes it while it is
// the key's newest revision.
//
// id names the keyIndex in backend rows (keySlab); rows counts the rows
// naming it.
//
// Most keys have one generation of one or two revisions, so the first
// generation and its first two revisions are stored inside the keyIndex
// (gen0, rev0) instead of in two small heap objects of their own;
// generations and the first generation's revs start as slices of them, and
// append moves them to the heap only when they outgrow them:
//
//	generations ──► gen0[0] {ver, created, revs ──► rev0[0] rev0[1]}
//
// A keyIndex never moves (keySlab), so these slices stay valid.
type keyIndex struct {
	key         []byte
	generations []generation
	gen0        [1]generation
	rev0        [2]Revision

	latestRev   Revision
	latest      latestValue
	latestValue arenaRef // where the row's value is in the backend's arena
	keyRef      arenaRef // where key is in the index's key arena

	id   uint32
	rows uint32
}

// latestValue is what latest keeps of a KeyValue besides the value: the
// key is the keyIndex's own, the mod revision is latestRev.Main, and the
// create revision and version follow from the generations (at).
type latestValue struct {
	lease int64
}

// latestKV rebuilds the newest put's KeyValue.
func (ki *keyIndex) latestKV(values *byteArena) KeyValue {
	created, ver, _ := ki.at(ki.latestRev)
	return KeyValue{Key: ki.key, CreateRevision: created, ModRevision: ki.latestRev.Main,
		Version: ver, Value: values.bytes(ki.latestValue), Lease: ki.latest.lease}
}

// setLatest caches the put at rev (its row).
func (ki *keyIndex) setLatest(r *backendRecord) {
	ki.latestRev, ki.latestValue = r.revision(), r.value
	ki.latest = latestValue{lease: r.lease}
}

// at finds rev among the key's revisions and returns what the row written
// at rev says of the key: the creation revision of its generation and its
// version there (the version of revs[i] is ver-(len(revs)-1-i)). Rows
// need not store them: the backend holds a row exactly while the keyIndex
// holds its revision. Most reads are of the newest generation, searched
// first.
//
//	foo: {4.0 5.0 6.0(t)} {9.0 10.0}   at(5.0) = 4, 2   at(10.0) = 9, 2
func (ki *keyIndex) at(rev Revision) (created, ver int64, ok bool) {
	for i := len(ki.generations) - 1; i >= 0; i-- {
		g := &ki.generations[i]
		if len(g.revs) == 0 || g.revs[0].GreaterThan(rev) {
			continue
		}
		lo, hi := 0, len(g.revs) // the first revision >= rev
		for lo < hi {
			mid := int(uint(lo+hi) >> 1)
			if rev.GreaterThan(g.revs[mid]) {
				lo = mid + 1
			} else {
				hi = mid
			}
		}
		if lo == len(g.revs) || g.revs[lo] != rev {
			return 0, 0, false
		}
		return g.created.Main, g.ver - int64(len(g.revs)-1-lo), true
	}
	return 0, 0, false
}

// generation is one life of a key. created is the revision of its first
// put; ver counts the puts (and the tombstone) recorded in it, so that the
// version of revs[i] is ver-(len(revs)-1-i) even after compaction trimmed
// the oldest revisions.
type generation struct {
	ver     int64
	created Revision
	revs    []Revision
}

func (g *generation) isEmpty() bool { return g == nil || len(g.revs) == 0 }

// findRevisionIndex returns the index of the newest revision whose main is
// <= atRev, or -1. revs are ascending, so this is a binary search.
func (g *generation) findRevisionIndex(atRev int64) int {
	lo, hi, found := 0, len(g.revs)-1, -1
	for lo <= hi {
		mid := lo + (hi-lo)/2
		if g.revs[mid].Main <= atRev {
			found, lo = mid, mid+1
		} else {
			hi = mid - 1
		}
	}
	return found
}

// put records a new revision of the key in the current generation. Revisions
// must grow; a smaller one means the store is broken, so it panics.
func (ki *keyIndex) put(main, sub int64) {
	rev := Revision{Main: main, Sub: sub}
	if modified := ki.modified(); !rev.GreaterThan(modified) {
		panic("mvcc: keyIndex.put with revision " + rev.String() + " not above modified " + modified.String())
	}
	if len(ki.generations) == 0 {
		ki.gen0[0] = generation{revs: ki.rev0[:0:len(ki.rev0)]}
		ki.generations = ki.gen0[:1:1]
	}
	g := &ki.generations[len(ki.generations)-1]
	if len(g.revs) == 0 {
		g.created = rev
	}
	g.revs = append(g.revs, rev)
	g.ver++
}

// modified is the revision of the key's last change (put or tombstone):
// the last stored revision. Compaction trims revisions only from the old
// end, and a keyIndex it empties leaves the tree, so it is not kept apart.
func (ki *keyIndex) modified() Revision {
	for i := len(ki.generations) - 1; i >= 0; i-- {
		if revs := ki.generations[i].revs; len(revs) > 0 {
			return revs[len(revs)-1]
		}
	}
	return Revision{}
}

// tombstone records the deletion revision in the current generation and
// opens a new empty one. Deleting a key that is already deleted (its current
// generation is empty) is ErrRevisionNotFound.
func (ki *keyIndex) tombstone(main, sub int64) error {
	if ki.isEmpty() {
		panic("mvcc: tombstone on an empty keyIndex " + string(ki.key))
	}
	if ki.generations[len(ki.generations)-1].isEmpty() {
		return ErrRevisionNotFound
	}
	ki.put(main, sub)
	ki.generations = append(ki.generations, generation{})
	return nil
}

// get returns the newest revision of the key at or below atRev, with its
// generation's creation revision and its version. A key that did not exist
// at atRev (never created yet, or deleted) is ErrRevisionNotFound.
func (ki *keyIndex) get(atRev int64) (modified, created Revision, ver int64, err error) {
	g := ki.findGeneration(atRev)
	if g.isEmpty() {
		return Revision{}, Revision{}, 0, ErrRevisionNotFound
	}
	n := g.findRevisionIndex(atRev)
	if n == -1 {
		return Revision{}, Revision{}, 0, ErrRevisionNotFound
	}
	return g.revs[n], g.created, g.ver - int64(len(g.revs)-n-1), nil
}

// findGeneration returns the generation that was alive at rev, or nil when
// rev falls in a gap between generations (the key was deleted then). Note
// that a generation whose tombstone is <= rev is not alive at rev: the get
// would land on the tombstone itself.
func (ki *keyIndex) findGeneration(rev int64) *generation {
	lastg := len(ki.generations) - 1
	for cg := lastg; cg >= 0; cg-- {
		g := &ki.generations[cg]
		if len(g.revs) == 0 {
			continue
		}
		if cg != lastg {
			if tomb := g.revs[len(g.revs)-1].Main; tomb <= rev {
				return nil
			}
		}
		if g.revs[0].Main <= rev {
			return g
		}
	}
	return nil
}

// compact drops the revisions that a compaction at atRev makes unreachable
// and records in available (if not nil) the revision it keeps at or below
// atRev (the backend must keep that one; it is then the oldest stored, see
// treeIndex.keepsRow). Generations wholly older than atRev go away.
// A tombstone exactly at atRev survives, alone in its generation, until a
// later compaction.
func (ki *keyIndex) compact(atRev int64, available map[Revision]struct{}) {
	if ki.isEmpty() {
		panic("mvcc: compact on an empty keyIndex " + string(ki.key))
	}
	genIdx, revIndex := ki.doCompact(atRev, available)
	g := &ki.generations[genIdx]
	if !g.isEmpty() && revIndex != -1 {
		g.revs = g.revs[revIndex:]
	}
	ki.generations = ki.generations[genIdx:]
}

// doCompact finds the first generation whose tombstone is >= atRev (or the
// current generation) and, in it, the newest revision <= atRev.
func (ki *keyIndex) doCompact(atRev int64, available map[Revision]struct{}) (genIdx, revIndex int) {
	g := &ki.generations[0]
	for genIdx < len(ki.generations)-1 {
		if tomb := g.revs[len(g.revs)-1].Main; tomb >= atRev {
			break
		}
		genIdx++
		g = &ki.generations[genIdx]
	}
	revIndex = g.findRevisionIndex(atRev)
	if revIndex != -1 && available != nil {
		available[g.revs[revIndex]] = struct{}{}
	}
	return genIdx, revIndex
}

// since returns the revisions of the key with main >= rev, keeping only the
// last sub revision when one main revision touched the key twice.
func (ki *keyIndex) since(rev int64) []Revision {
	since := Revision{Main: rev}
	gi := len(ki.generations) - 1
	for ; gi > 0; gi-- {
		g := &ki.generations[gi]
		if g.isEmpty() {
			continue
		}
		if since.GreaterThan(g.created) {
			break
		}
	}
	var revs []Revision
	var last int64
	for ; gi < len(ki.generations); gi++ {
		for _, r := range ki.generations[gi].revs {
			if since.GreaterThan(r) {
				continue
			}
			if r.Main == last {
				revs[len(revs)-1] = r
				continue
			}
			revs = append(revs, r)
			last = r.Main
		}
	}
	return revs
}

// isEmpty reports whether only one empty generation is left: the key has
// no stored revision at all and its keyIndex can leave the tree.
func (ki *keyIndex) isEmpty() bool {
	return len(ki.generations) == 1 && ki.generations[0].isEmpty()
}

// String is the keyIndex in etcd's comment notation, oldest generation
// first: `foo: {1.0 2.0 3.0(t)} {4.0 5.0(t)} {empty}`. The last revision
// of every generation but the current one is its tombstone.
func (ki *keyIndex) String() string { return ki.view().String() }

func (ki *keyIndex) view() KeyIndexView {
	v := KeyIndexView{Key: append([]byte(nil), ki.key...)}
	for _, g := range ki.generations {
		v.Generations = append(v.Generations, GenerationView{
			Created: g.created, Ver: g.ver, Revs: append([]Revision(nil), g.revs...),
		})
	}
	return v
}

// GenerationView is a read-only copy of one generation of a key: its
// creation revision, its version counter and its stored revisions.
type GenerationView struct {
	Created Revision
	Ver     int64
	Revs    []Revision
}

// KeyIndexView is a read-only copy of one keyIndex, oldest generation first.
// In every generation except the last, the last revision is the tombstone.
type KeyIndexView struct {
	Key         []byte
	Generations []GenerationView
}

// String prints the view in etcd's comment style:
// `foo: {1.0 2.0 3.0(t)} {4.0 5.0(t)} {empty}`.
func (v KeyIndexView) String() string {
	var b strings.Builder
	b.WriteString(string(v.Key))
	b.WriteString(":")
	for i, g := range v.Generations {
		b.WriteString(" {")
		if len(g.Revs) == 0 {
			b.WriteString("empty")
		}
		for j, r := range g.Revs {
			if j > 0 {
				b.WriteString(" ")
			}
			b.WriteString(r.String())
			if j == len(g.Revs)-1 && i < len(v.Generations)-1 {
				b.WriteString("(t)")
			}
		}
		b.WriteString("}")
	}
	return b.String()
}
