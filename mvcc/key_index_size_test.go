package mvcc

import (
	"testing"
	"unsafe"
)

// TestKeyIndexFitsItsSizeClass guards the memory budget: a keyIndex per
// key (~160,000 to 230,000 at 5,000 nodes). It was 128 bytes plus two heap
// objects for most keys (its generations, 48 bytes, and their revisions,
// 16 or 32); now those live inside it (gen0, rev0) and keyIndexes live in
// a slab, so no object of their own, and the newest put's create revision
// and version are read from the generations instead of kept: 176 bytes,
// a slab block of 512 exactly eleven pages (keySlabBlock).
func TestKeyIndexFitsItsSizeClass(t *testing.T) {
	if n := unsafe.Sizeof(keyIndex{}); n > 176 {
		t.Fatalf("keyIndex is %d bytes, want <= 176", n)
	}
	if n := unsafe.Sizeof(keyIndex{}) * keySlabBlock; n%8192 != 0 {
		t.Fatalf("a slab block is %d bytes, not whole 8 KiB pages", n)
	}
}

// TestBackendRowSize pins a backend row (~725,000 of them at 5,000 nodes
// just before the ten-minute compaction) at 40 bytes with no pointers.
func TestBackendRowSize(t *testing.T) {
	if n := unsafe.Sizeof(backendRecord{}); n > 40 {
		t.Fatalf("backendRecord is %d bytes, want <= 40", n)
	}
}
