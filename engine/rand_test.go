package engine

import (
	"testing"
	"time"
)

func TestJitterUniformSpread(t *testing.T) {
	r := NewRand(7)
	d := 100 * time.Millisecond
	var sawLow, sawHigh bool
	for range 10000 {
		if j := Jitter(r, d, 0.5); j < d || j >= d+d/2 {
			t.Fatalf("Jitter(100ms, 0.5) = %v, want [100ms, 150ms)", j)
		}
		if j := Jitter(r, d, 0); j < d || j >= 2*d {
			t.Fatalf("Jitter(100ms, 0) = %v, want [100ms, 200ms)", j)
		}
		u := Uniform(r, 10, 12)
		if u < 10 || u > 12 {
			t.Fatalf("Uniform(10,12) = %v", u)
		}
		sawLow, sawHigh = sawLow || u == 10, sawHigh || u == 12
		if s := Spread(r, ms(1), ms(2)); s < 0 || s > ms(3) {
			t.Fatalf("Spread(1ms, 2ms) = %v", s)
		}
	}
	if !sawLow || !sawHigh {
		t.Error("Uniform never reached an end of its closed range")
	}
	if Spread(r, ms(1), 0) != ms(1) {
		t.Error("Spread with no jitter changed the duration")
	}
}

func TestSeedSelectsSequence(t *testing.T) {
	a, b, c := NewRand(42), NewRand(42), NewRand(43)
	same, diff := true, false
	for range 100 {
		x, y, z := a.Uint64(), b.Uint64(), c.Uint64()
		same = same && x == y
		diff = diff || x != z
	}
	if !same || !diff {
		t.Errorf("same seed equal: %v, different seed differs: %v", same, diff)
	}
}
