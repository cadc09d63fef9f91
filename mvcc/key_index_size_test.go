package mvcc

import (
	"testing"
	"unsafe"
)

// TestKeyIndexFitsItsSizeClass guards the memory budget: a keyIndex per
// key (~160,000 at 5,000 nodes) must stay in the 128-byte size class.
func TestKeyIndexFitsItsSizeClass(t *testing.T) {
	if n := unsafe.Sizeof(keyIndex{}); n > 128 {
		t.Fatalf("keyIndex is %d bytes, want <= 128", n)
	}
}
