package mvcc

import (
	"encoding/binary"
	"slices"
)

// byteArena holds byte strings (the stored values; the keys, in a second
// arena) back to back in large chunks of pointer-free memory, instead of
// one small heap object each. The garbage collector then marks a few
// hundred chunks, not hundreds of thousands of values, and the backend
// rows that refer to them hold no pointers at all (an arenaRef is two
// numbers), so it never scans them. Each string is preceded by its length
// (a uvarint, one byte below 128):
//
//	chunk 7: [12|v1 | 80|v2 | 3|v3 | ...free...]   <- the active chunk: appends go here
//	chunk 8: [one 300 KB value]                     <- a large value gets a chunk of its own
//	row 41.0 -> {chunk 7, off 0}
//	row 42.0 -> {chunk 7, off 13}
//
// Bytes are written once and never changed. Each chunk counts the strings
// still referring to it; a chunk whose count drops to zero is dropped (the
// garbage collector frees it once no slice handed out still points into
// it). Compaction keeps a chunk from living on for one survivor: it moves
// every value it keeps into the active chunk (move), so an old chunk is
// left with only values that died.
type byteArena struct {
	chunks   []arenaChunk // chunks[i] has id base+i; dropped ones have buf nil
	base     uint32
	active   uint32   // id of the chunk appends go to (0: none yet)
	nextSize int      // size of the next active chunk (doubles up to arenaMaxChunk)
	freezes  bool     // sealed chunks are listed for freezing (values, not keys)
	sealed   []uint32 // chunks no longer active, oldest first, not yet considered for freezing
	thaw     thawCache
	freezer  freezing
	seals    int // chunks sealed so far
}

type arenaChunk struct {
	buf     []byte       // len is the bytes used so far
	live    int          // strings stored here still referred to
	written int          // strings ever stored here
	own     bool         // holds one large value; never the active chunk
	frozen  *frozenChunk // the compressed bytes once frozen (buf is nil then)
	// The rows whose values were written here: puts with main revisions
	// in [from, to], plus values moved here (extra). noFreeze marks a
	// chunk compaction moved kept values into (not tracked), never frozen.
	from, to int64
	extra    []Revision
	noFreeze bool
}

// held reports whether the chunk still holds its bytes (raw or frozen).
func (c *arenaChunk) held() bool { return c.buf != nil || c.frozen != nil }

// arenaRef locates one string (its length prefix). chunk 0 stands for
// nil and arenaEmpty for an empty, non-nil one (neither takes space).
type arenaRef struct {
	chunk, off uint32
}

const (
	arenaFirstChunk = 4 << 10 // a small store (tests, lessons) stays small
	arenaMaxChunk   = 1 << 20
	arenaOwnChunk   = arenaMaxChunk / 8 // values this large get a chunk of their own
	arenaEmpty      = ^uint32(0)
	arenaTombstone  = ^uint32(0) - 1 // marks a tombstone row (backendRecord), never stored
)

// stored reports whether r refers to bytes in a chunk.
func (r arenaRef) stored() bool { return r.chunk != 0 && r.chunk < arenaTombstone }

// add stores a copy of b.
func (a *byteArena) add(b []byte) arenaRef {
	switch {
	case b == nil:
		return arenaRef{}
	case len(b) == 0:
		return arenaRef{chunk: arenaEmpty}
	case len(b) >= arenaOwnChunk:
		id := a.newChunk(binary.MaxVarintLen64+len(b), true)
		return a.write(id, b)
	}
	if a.active == 0 || binary.MaxVarintLen64+len(b) > cap(a.chunk(a.active).buf)-len(a.chunk(a.active).buf) {
		old := a.active
		a.nextSize = min(max(a.nextSize*2, arenaFirstChunk), arenaMaxChunk)
		a.active = a.newChunk(a.nextSize, false)
		if old != 0 {
			a.seals++
		}
		if old != 0 && a.freezes {
			a.sealed = append(a.sealed, old)
		}
		if old != 0 {
			a.dropIfDead(old)
		}
	}
	return a.write(a.active, b)
}

func (a *byteArena) newChunk(size int, own bool) uint32 {
	if len(a.chunks) == 0 && a.base == 0 {
		a.base = 1 // id 0 means nil
	}
	a.chunks = append(a.chunks, arenaChunk{buf: make([]byte, 0, size), own: own})
	return a.base + uint32(len(a.chunks)-1)
}

func (a *byteArena) chunk(id uint32) *arenaChunk { return &a.chunks[id-a.base] }

func (a *byteArena) write(id uint32, b []byte) arenaRef {
	c := a.chunk(id)
	off := len(c.buf)
	c.buf = binary.AppendUvarint(c.buf, uint64(len(b)))
	c.buf = append(c.buf, b...)
	c.live++
	c.written++
	return arenaRef{chunk: id, off: uint32(off)}
}

// bytes returns the value r refers to. The slice's capacity ends with the
// value, so an append by the caller copies instead of overwriting the next
// value; the caller must not modify the bytes.
func (a *byteArena) bytes(r arenaRef) []byte {
	switch {
	case r.chunk == arenaEmpty:
		return []byte{}
	case !r.stored():
		return nil
	}
	c := a.chunk(r.chunk)
	if c.frozen != nil {
		return a.frozenBytes(r.chunk, r.off)
	}
	buf := c.buf[r.off:]
	n, k := binary.Uvarint(buf)
	return buf[k : k+int(n) : k+int(n)]
}

// release forgets one reference to a value; its chunk goes when the last
// goes (the active chunk stays for further appends).
func (a *byteArena) release(r arenaRef) {
	if !r.stored() {
		return
	}
	a.chunk(r.chunk).live--
	a.dropIfDead(r.chunk)
}

// dropIfDead drops a chunk no value refers to any more (not the active
// one), and forgets the dropped chunks at the front of the list.
func (a *byteArena) dropIfDead(id uint32) {
	c := a.chunk(id)
	if c.live > 0 || id == a.active {
		return
	}
	*c = arenaChunk{}
	if a.thaw.chunk == id {
		a.thaw.chunk = 0
	}
	dead := 0
	for dead < len(a.chunks) && !a.chunks[dead].held() && a.base+uint32(dead) != a.active {
		dead++
	}
	a.chunks = slices.Delete(a.chunks, 0, dead)
	a.base += uint32(dead)
}

// move copies a kept value into the active chunk and releases the old
// copy, unless it already is in the active chunk or owns its chunk. It
// returns the value's new place.
func (a *byteArena) move(r arenaRef) arenaRef {
	if !r.stored() || r.chunk == a.active || a.chunk(r.chunk).own {
		return r
	}
	moved := a.add(a.bytes(r))
	a.chunk(moved.chunk).noFreeze = true
	a.release(r)
	return moved
}

// sparse reports whether r's chunk has lost most of its strings, so that
// moving the rest would let it go (the active chunk never is).
func (a *byteArena) sparse(r arenaRef) bool {
	if !r.stored() || r.chunk == a.active {
		return false
	}
	c := a.chunk(r.chunk)
	return !c.own && 2*c.live < c.written
}

// chunkCount is how many chunks are held (for tests).
func (a *byteArena) chunkCount() int {
	n := 0
	for _, c := range a.chunks {
		if c.held() {
			n++
		}
	}
	return n
}
