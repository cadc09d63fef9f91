package engine

import (
	"strings"
	"testing"
)

// TestTextArena: every string keeps its text while the buffer it came
// from is reused and the arena moves to new chunks, and short lines
// share chunks.
func TestTextArena(t *testing.T) {
	var a textArena
	var got, want []string
	buf := []byte{}
	for i := range 2000 {
		buf = append(buf[:0], strings.Repeat(string(rune('a'+i%26)), i%300)...)
		want = append(want, string(buf))
		got = append(got, a.string(buf))
	}
	long := []byte(strings.Repeat("x", textChunk))
	want, got = append(want, string(long)), append(got, a.string(long))
	long[0] = 'y'
	for i := range want {
		if got[i] != want[i] {
			t.Fatalf("string %d changed: %q, want %q", i, got[i], want[i])
		}
	}
	line := []byte("REQ #1 GET /api/v1/pods")
	if n := testing.AllocsPerRun(1000, func() { _ = a.string(line) }); n > 0.05 {
		t.Fatalf("%v allocations per line, want a chunk per ~700 lines", n)
	}
}
