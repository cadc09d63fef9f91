package mvcc

import (
	"testing"
	"unsafe"
)

// TestKeyIndexFitsItsSizeClass guards the memory budget: a keyIndex per
// key (~160,000 to 230,000 at 5,000 nodes). It was 128 bytes plus two heap
// objects for most keys (its generations, 48 bytes, and their revisions,
// 16 or 32); now those live inside it (gen0, rev0) and keyIndexes live in
// a slab, so 192 bytes and no object of their own. 192 makes a slab block
// of 256 exactly six pages (keySlabBlock).
func TestKeyIndexFitsItsSizeClass(t *testing.T) {
	if n := unsafe.Sizeof(keyIndex{}); n > 192 {
		t.Fatalf("keyIndex is %d bytes, want <= 192", n)
	}
	if n := unsafe.Sizeof(keyIndex{}) * keySlabBlock; n%8192 != 0 {
		t.Fatalf("a slab block is %d bytes, not whole 8 KiB pages", n)
	}
}

// TestBackendRowSize pins a backend row (~250,000 to 560,000 of them at
// 5,000 nodes) at 56 bytes with no pointers.
func TestBackendRowSize(t *testing.T) {
	if n := unsafe.Sizeof(backendRecord{}); n > 56 {
		t.Fatalf("backendRecord is %d bytes, want <= 56", n)
	}
}
