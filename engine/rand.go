package engine

import (
	"math/rand/v2"
	"time"
)

// seedStream is the second PCG word. The seed a lesson or link names is the
// first; fixing the second keeps "seed=42" meaning one thing forever.
const seedStream = 0x5741544348534350 // "WATCHSCP"

// NewRand returns the world's random source for a seed: PCG from
// math/rand/v2, which produces the same sequence on every platform
// (native and WebAssembly alike).
func NewRand(seed uint64) *rand.Rand {
	return rand.New(rand.NewPCG(seed, seedStream))
}

// Jitter returns d plus a random extra of up to factor*d, exactly as
// apimachinery's wait.Jitter: d + rand[0,1)*factor*d. A factor <= 0 means
// 1.0 (up to double). client-go uses it to spread relists and backoffs so
// that thousands of clients do not retry in lockstep.
func Jitter(r *rand.Rand, d time.Duration, factor float64) time.Duration {
	if factor <= 0 {
		factor = 1.0
	}
	return d + time.Duration(r.Float64()*factor*float64(d))
}

// Uniform returns a duration drawn uniformly from [lo, hi] (both ends
// included, nanosecond resolution). It panics if hi < lo.
func Uniform(r *rand.Rand, lo, hi time.Duration) time.Duration {
	if hi < lo {
		panic("engine: Uniform with hi < lo")
	}
	return lo + time.Duration(r.Int64N(int64(hi-lo)+1))
}

// Spread returns d +- spread, uniformly, never below zero. Links use it for
// latency jitter ("1ms +- 0.5ms"). A zero spread draws nothing.
func Spread(r *rand.Rand, d, spread time.Duration) time.Duration {
	if spread <= 0 {
		return d
	}
	v := Uniform(r, d-spread, d+spread)
	return max(v, 0)
}
