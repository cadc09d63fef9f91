package mvcc

import (
	"bytes"
	"compress/flate"
	"encoding/binary"
	"io"
)

// A sealed chunk of values (no longer the active one) whose values are
// mostly superseded can be frozen: its bytes are replaced by independently
// deflated segments of arenaSegment bytes each. Offsets stay what they
// were, so arenaRefs into the chunk do not change:
//
//	chunk 7 raw:    [12|v1 | 80|v2 | 3|v3 | ... ]           1 MiB
//	chunk 7 frozen: segs: [0, 2104, 4311, ...] -> deflate(raw[0:16K]) deflate(raw[16K:32K]) ...
//
// Superseded values are read rarely and in revision order (a watcher
// catching up from history), so a read inflates the one or two segments
// holding the value and keeps the last one inflated for the next read. The
// values of one key differ from each other in a few bytes (a lease's renew
// time, a pod's status), so deflate shrinks them several times over.
// Values still current are moved out before a chunk freezes (see
// store.freezeValues): they must stay fast.
const arenaSegment = 16 << 10

// frozenChunk is a chunk's compressed form.
type frozenChunk struct {
	data []byte   // the deflated segments back to back
	segs []uint32 // start of each segment in data, plus len(data) at the end
	size int      // raw length
}

// thawCache is the last segment inflated, and the reusable inflater.
type thawCache struct {
	chunk, seg uint32
	raw        []byte
	r          io.ReadCloser
	w          *flate.Writer
	src        bytes.Reader
	out        bytes.Buffer
}

// freezing is a chunk being frozen, one segment per step, so that no
// single step deflates a whole chunk (a few milliseconds per MiB). Until
// its last segment is done, reads use the raw bytes.
type freezing struct {
	id   uint32 // 0: none
	f    *frozenChunk
	next int // raw offset of the next segment to deflate
}

// freeze compresses chunk id (sealed, not own) at once.
func (a *byteArena) freeze(id uint32) {
	if a.startFreeze(id) {
		for a.freezeStep() {
		}
	}
}

// startFreeze begins freezing chunk id, unless it cannot be (active, own,
// dropped, already frozen) or another chunk is being frozen.
func (a *byteArena) startFreeze(id uint32) bool {
	if a.freezer.id != 0 || id < a.base || id == a.active {
		return false
	}
	c := a.chunk(id)
	if c.frozen != nil || c.buf == nil || c.own {
		return false
	}
	a.freezer = freezing{id: id, f: &frozenChunk{size: len(c.buf)}}
	return true
}

// freezeStep deflates the next segment of the chunk being frozen and
// reports whether one is still being frozen. After the last segment the
// raw bytes go (slices handed out earlier keep them alive until they go).
func (a *byteArena) freezeStep() bool {
	z := &a.freezer
	if z.id == 0 {
		return false
	}
	if z.id < a.base || a.chunk(z.id).buf == nil { // dropped meanwhile: every value died
		*z = freezing{}
		return false
	}
	c := a.chunk(z.id)
	f := z.f
	f.segs = append(f.segs, uint32(len(f.data)))
	f.data = a.deflate(f.data, c.buf[z.next:min(z.next+arenaSegment, len(c.buf))])
	z.next += arenaSegment
	if z.next < len(c.buf) {
		return true
	}
	f.segs = append(f.segs, uint32(len(f.data)))
	f.data = bytes.Clone(f.data) // exact size
	c.frozen, c.buf = f, nil
	if a.thaw.chunk == z.id {
		a.thaw.chunk = 0
	}
	*z = freezing{}
	return false
}

// deflate appends the compressed form of raw to dst.
func (a *byteArena) deflate(dst, raw []byte) []byte {
	t := &a.thaw
	t.out.Reset()
	if t.w == nil {
		t.w, _ = flate.NewWriter(&t.out, flate.BestSpeed)
	} else {
		t.w.Reset(&t.out)
	}
	t.w.Write(raw)
	t.w.Close()
	return append(dst, t.out.Bytes()...)
}

// segment returns segment s of frozen chunk id, inflated.
func (a *byteArena) segment(id, s uint32) []byte {
	t := &a.thaw
	if t.chunk == id && t.seg == s {
		return t.raw
	}
	f := a.chunk(id).frozen
	t.src.Reset(f.data[f.segs[s]:f.segs[s+1]])
	if t.r == nil {
		t.r = flate.NewReader(&t.src)
	} else {
		t.r.(flate.Resetter).Reset(&t.src, nil)
	}
	n := min(arenaSegment, f.size-int(s)*arenaSegment)
	if cap(t.raw) < n {
		t.raw = make([]byte, arenaSegment)
	}
	t.raw = t.raw[:n]
	if _, err := io.ReadFull(t.r, t.raw); err != nil {
		panic("mvcc: a frozen arena segment does not inflate: " + err.Error())
	}
	t.chunk, t.seg = id, s
	return t.raw
}

// frozenBytes reads the string at off of frozen chunk id into a new slice
// (the inflated segment is reused, so it cannot be handed out).
func (a *byteArena) frozenBytes(id, off uint32) []byte {
	var hdr [binary.MaxVarintLen64]byte
	k := a.frozenCopy(hdr[:], id, off)
	n, k := binary.Uvarint(hdr[:k])
	out := make([]byte, n)
	a.frozenCopy(out, id, off+uint32(k))
	return out
}

// frozenCopy fills dst with the raw bytes of frozen chunk id from off on
// (fewer at the chunk's end) and returns how many it copied.
func (a *byteArena) frozenCopy(dst []byte, id, off uint32) int {
	size := a.chunk(id).frozen.size
	done := 0
	for done < len(dst) && int(off) < size {
		seg := a.segment(id, off/arenaSegment)
		n := copy(dst[done:], seg[off%arenaSegment:])
		done, off = done+n, off+uint32(n)
	}
	return done
}
