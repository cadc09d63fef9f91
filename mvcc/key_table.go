package mvcc

import "bytes"

// keyTable finds a keyIndex by its key for point lookups (a put or get of
// one key), where the B-tree's comparisons would chase two pointers per
// step. It replaces a map[string]*keyIndex, which at 5,000 nodes held
// ~200,000 entries of 24 bytes and two pointers each for the garbage
// collector to follow; a slot here is 8 bytes and no pointer:
//
//	slots (a power of two, at most 3/4 full; linear probing from hash&mask):
//	  [ 0 | {h 0x9c1e…, id 41} | {h 0x3a07…, id 7} | 0 | ... ]
//	                               └─ keySlab id 7 -> key "/registry/pods/…"
//
// A slot keeps the key's 32-bit hash, so that most mismatches are told
// apart without reading the key, and growing never rehashes a key. Ids
// are stored plus one, so that a zero slot is free. Keys that move in the
// key arena keep their slot (it names the id, not the bytes).
type keyTable struct {
	slots []keySlot
	n     int
	slab  *keySlab // reads an id's key
}

type keySlot struct {
	hash uint32
	id1  uint32 // keySlab id + 1; 0: free
}

const keyTableMinSlots = 8

// keyHash is FNV-1a folded to 32 bits, then mixed so that the low bits
// (the home slot) depend on every byte. Fixed, so runs are repeatable.
func keyHash(key []byte) uint32 {
	h := uint64(14695981039346656037)
	for _, c := range key {
		h = (h ^ uint64(c)) * 1099511628211
	}
	x := uint32(h ^ h>>32)
	x ^= x >> 16
	x *= 0x85ebca6b
	x ^= x >> 13
	return x
}

// find returns key's keyIndex.
func (t *keyTable) find(key []byte) (*keyIndex, bool) {
	if len(t.slots) == 0 {
		return nil, false
	}
	h, mask := keyHash(key), uint32(len(t.slots)-1)
	for i := h & mask; ; i = (i + 1) & mask {
		s := t.slots[i]
		if s.id1 == 0 {
			return nil, false
		}
		if s.hash == h {
			if ki := t.slab.at(s.id1 - 1); bytes.Equal(ki.key, key) {
				return ki, true
			}
		}
	}
}

// insert adds id under key, which must not be in the table.
func (t *keyTable) insert(key []byte, id uint32) {
	if 4*(t.n+1) > 3*len(t.slots) {
		t.grow()
	}
	t.place(keySlot{hash: keyHash(key), id1: id + 1})
	t.n++
}

func (t *keyTable) place(s keySlot) {
	mask := uint32(len(t.slots) - 1)
	i := s.hash & mask
	for t.slots[i].id1 != 0 {
		i = (i + 1) & mask
	}
	t.slots[i] = s
}

func (t *keyTable) grow() {
	old := t.slots
	t.slots = make([]keySlot, max(2*len(old), keyTableMinSlots))
	for _, s := range old {
		if s.id1 != 0 {
			t.place(s)
		}
	}
}

// delete removes id, stored under key. The slots after it that would no
// longer be found from their home slot shift back into the gap (no
// deletion markers, so probes stay short).
func (t *keyTable) delete(key []byte, id uint32) {
	mask := uint32(len(t.slots) - 1)
	i := keyHash(key) & mask
	for t.slots[i].id1 != id+1 {
		if t.slots[i].id1 == 0 {
			panic("mvcc: keyTable.delete of a missing key " + string(key))
		}
		i = (i + 1) & mask
	}
	for j := (i + 1) & mask; t.slots[j].id1 != 0; j = (j + 1) & mask {
		if home := t.slots[j].hash & mask; !cyclicIn(home, i, j) {
			t.slots[i] = t.slots[j]
			i = j
		}
	}
	t.slots[i] = keySlot{}
	t.n--
}

// cyclicIn reports whether k lies in the cyclic slot range (i, j].
func cyclicIn(k, i, j uint32) bool {
	if i < j {
		return i < k && k <= j
	}
	return i < k || k <= j
}
