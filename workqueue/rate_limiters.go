package workqueue

import (
	"math"
	"time"
)

// RateLimiter decides how long a key waits before it is added again
// (client-go's TypedRateLimiter, with the virtual time passed in).
type RateLimiter interface {
	// When is how long key should wait now; it counts a failure.
	When(now time.Duration, key string) time.Duration
	// Forget ends key's retries.
	Forget(key string)
	// NumRequeues is how many failures key has had since its last Forget.
	NumRequeues(key string) int
}

// DefaultControllerRateLimiter is what controllers use: the larger of a
// per-key exponential back-off (5 ms, doubling, at most 1000 s) and one
// token bucket shared by all keys (10 per second, burst 100).
func DefaultControllerRateLimiter() RateLimiter {
	return NewMaxOfRateLimiter(
		NewItemExponentialFailureRateLimiter(5*time.Millisecond, 1000*time.Second),
		NewBucketRateLimiter(10, 100),
	)
}

// ItemExponentialFailureRateLimiter waits base * 2^failures, capped at
// max: 5 ms, 10 ms, 20 ms, ... for the default.
type ItemExponentialFailureRateLimiter struct {
	base, max time.Duration
	failures  map[string]int
}

// NewItemExponentialFailureRateLimiter returns the per-key back-off.
func NewItemExponentialFailureRateLimiter(base, maxDelay time.Duration) *ItemExponentialFailureRateLimiter {
	return &ItemExponentialFailureRateLimiter{base: base, max: maxDelay, failures: map[string]int{}}
}

// When counts a failure of key and returns base * 2^(its earlier failures).
func (r *ItemExponentialFailureRateLimiter) When(_ time.Duration, key string) time.Duration {
	exp := r.failures[key]
	r.failures[key] = exp + 1
	backoff := float64(r.base.Nanoseconds()) * math.Pow(2, float64(exp))
	if backoff > math.MaxInt64 || time.Duration(backoff) > r.max {
		return r.max
	}
	return time.Duration(backoff)
}

// Forget resets key's failures.
func (r *ItemExponentialFailureRateLimiter) Forget(key string) { delete(r.failures, key) }

// NumRequeues is key's failures.
func (r *ItemExponentialFailureRateLimiter) NumRequeues(key string) int { return r.failures[key] }

// BucketRateLimiter is golang.org/x/time/rate's Limiter as
// BucketRateLimiter uses it: every When reserves one token, and waits for
// it when the bucket is empty. The bucket starts full and refills at qps
// tokens a second, up to burst.
type BucketRateLimiter struct {
	qps    float64
	burst  int
	tokens float64
	last   time.Duration
}

// NewBucketRateLimiter returns a full bucket.
func NewBucketRateLimiter(qps float64, burst int) *BucketRateLimiter {
	return &BucketRateLimiter{qps: qps, burst: burst, tokens: float64(burst)}
}

// When reserves a token: zero while the bucket holds one, else the time
// until the refill covers the debt (later reservations queue behind).
func (r *BucketRateLimiter) When(now time.Duration, _ string) time.Duration {
	last := min(r.last, now)
	tokens := min(r.tokens+(now-last).Seconds()*r.qps, float64(r.burst))
	tokens--
	var wait time.Duration
	if tokens < 0 {
		wait = time.Duration(float64(time.Second) * (-tokens / r.qps))
	}
	r.tokens, r.last = tokens, now
	return wait
}

// Forget does nothing: the bucket is not per key.
func (r *BucketRateLimiter) Forget(string) {}

// NumRequeues is always 0 for the bucket.
func (r *BucketRateLimiter) NumRequeues(string) int { return 0 }

// MaxOfRateLimiter asks every limiter (so each counts the failure) and
// waits the longest answer.
type MaxOfRateLimiter struct{ limiters []RateLimiter }

// NewMaxOfRateLimiter combines limiters.
func NewMaxOfRateLimiter(limiters ...RateLimiter) *MaxOfRateLimiter {
	return &MaxOfRateLimiter{limiters: limiters}
}

// When is the longest of the limiters' waits.
func (r *MaxOfRateLimiter) When(now time.Duration, key string) time.Duration {
	var d time.Duration
	for _, l := range r.limiters {
		d = max(d, l.When(now, key))
	}
	return d
}

// Forget forgets key in every limiter.
func (r *MaxOfRateLimiter) Forget(key string) {
	for _, l := range r.limiters {
		l.Forget(key)
	}
}

// NumRequeues is the largest count of the limiters.
func (r *MaxOfRateLimiter) NumRequeues(key string) int {
	n := 0
	for _, l := range r.limiters {
		n = max(n, l.NumRequeues(key))
	}
	return n
}
