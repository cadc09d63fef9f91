package mvcc

// keySlab allocates the keyIndexes in blocks of 256 instead of one heap
// object each (~200,000 keys at 5,000 nodes), and gives each a 32-bit id
// that a backend row stores instead of its key bytes:
//
//	blocks: [ki 0 … ki 255] [ki 256 … ki 511] ...
//	row 42.0 {key: 257, ...}  ->  blocks[1][1].key = "/registry/pods/..."
//
// A keyIndex leaves the tree when compaction empties it, but its id stays
// taken while backend rows still name it (rows counts them): compaction
// deletes those rows in later batches. Then the slot is zeroed and reused.
// Pointers to a keyIndex stay valid for its life, since blocks never move.
type keySlab struct {
	blocks [][]keyIndex
	used   uint32   // ids handed out so far (free ones included)
	free   []uint32 // released ids, reused last in first out
}

// keySlabBlock keyIndexes of 176 bytes make an 88 KiB block: eleven whole
// 8 KiB pages (a large object takes whole pages, so a size that is not a
// multiple would waste the rest of its last page).
const keySlabBlock = 512

// alloc returns a zeroed keyIndex with its id set.
func (ks *keySlab) alloc() *keyIndex {
	var id uint32
	if n := len(ks.free); n > 0 {
		id, ks.free = ks.free[n-1], ks.free[:n-1]
	} else {
		id = ks.used
		ks.used++
		if int(id/keySlabBlock) == len(ks.blocks) {
			ks.blocks = append(ks.blocks, make([]keyIndex, keySlabBlock))
		}
	}
	ki := ks.at(id)
	ki.id = id
	return ki
}

func (ks *keySlab) at(id uint32) *keyIndex { return &ks.blocks[id/keySlabBlock][id%keySlabBlock] }

// release frees ki's slot for reuse; nothing may refer to ki any more.
func (ks *keySlab) release(ki *keyIndex) {
	id := ki.id
	*ki = keyIndex{}
	ks.free = append(ks.free, id)
}
