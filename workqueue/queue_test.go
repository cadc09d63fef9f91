package workqueue

import (
	"fmt"
	"slices"
	"strings"
	"testing"
	"time"
)

// run plays a script on q, one op per entry, and returns what the Gets
// and requeues said: "a" for a key, "-" for an empty queue, "shutdown".
//
//	add K · get · done K · after K D · limited K · forget K · requeues K
//	step T (the waiting loop at time T) · shutdown · len
func run(t *testing.T, q *Queue, script string) []string {
	t.Helper()
	var out []string
	now := time.Duration(0)
	for _, op := range strings.Split(script, ";") {
		f := strings.Fields(op)
		arg := func(i int) string { return f[i] }
		switch f[0] {
		case "add":
			q.Add(now, arg(1))
		case "get":
			k, ok, shut := q.Get(now)
			switch {
			case ok:
				out = append(out, k)
			case shut:
				out = append(out, "shutdown")
			default:
				out = append(out, "-")
			}
		case "done":
			q.Done(now, arg(1))
		case "after":
			d, _ := time.ParseDuration(arg(2))
			q.AddAfter(now, arg(1), d)
		case "limited":
			q.AddRateLimited(now, arg(1))
		case "forget":
			q.Forget(arg(1))
		case "requeues":
			out = append(out, strings.Repeat("r", q.NumRequeues(arg(1))))
		case "step":
			d, _ := time.ParseDuration(arg(1))
			now = d
			q.Step(now)
		case "shutdown":
			q.ShutDown(now)
		case "len":
			out = append(out, strings.Repeat("#", q.Len()))
		default:
			t.Fatalf("bad op %q", op)
		}
	}
	return out
}

func TestQueueRules(t *testing.T) {
	tests := []struct {
		rule, script string
		want         []string
	}{
		{"keys come out in the order they were added",
			"add a; add b; add c; get; get; get; get", []string{"a", "b", "c", "-"}},
		{"an Add of a queued key does nothing: many updates, one Get",
			"add a; add b; add a; add a; len; get; get; get", []string{"##", "a", "b", "-"}},
		{"a key added while processed is not queued beside itself...",
			"add a; get; add a; add a; len; get", []string{"a", "", "-"}},
		{"... and comes back once, after Done",
			"add a; get; add a; add a; done a; len; get; done a; get", []string{"a", "#", "a", "-"}},
		{"Done of a key not added meanwhile does not requeue it",
			"add a; get; done a; len", []string{"a", ""}},
		{"a key processed again keeps its place behind the keys added before Done",
			"add a; get; add a; add b; done a; get; get", []string{"a", "b", "a"}},
		{"AddAfter with no delay adds at once",
			"after a 0s; len", []string{"#"}},
		{"AddAfter waits its delay",
			"after a 10ms; len; step 9ms; len; step 10ms; len", []string{"", "", "#"}},
		{"a delayed key keeps the earlier of two ready times",
			"after a 50ms; after a 10ms; after a 80ms; step 10ms; len", []string{"#"}},
		{"keys ready together enter in the order they were delayed",
			"after b 10ms; after a 10ms; after c 5ms; step 20ms; get; get; get", []string{"c", "b", "a"}},
		{"a delayed key already queued is not queued twice",
			"add a; after a 10ms; step 10ms; len", []string{"#"}},
		{"AddRateLimited counts requeues; Forget resets them",
			"limited a; limited a; requeues a; forget a; requeues a", []string{"rr", ""}},
		{"ShutDown: Adds are ignored, queued keys still come out, then shutdown",
			"add a; shutdown; add b; get; get", []string{"a", "shutdown"}},
		{"ShutDown drops the keys waiting out a delay",
			"after a 10ms; shutdown; step 1s; get", []string{"shutdown"}},
		{"AddAfter after ShutDown is ignored",
			"shutdown; after a 0s; len", []string{""}},
	}
	for _, tt := range tests {
		t.Run(tt.rule, func(t *testing.T) {
			q := New("q", nil, nil, 0)
			if got := run(t, q, tt.script); !slices.Equal(got, tt.want) {
				t.Errorf("%s\n got %q\nwant %q", tt.script, got, tt.want)
			}
		})
	}
}

func TestItemExponentialBackoff(t *testing.T) {
	r := NewItemExponentialFailureRateLimiter(5*ms, 1000*time.Second)
	want := []time.Duration{5 * ms, 10 * ms, 20 * ms, 40 * ms, 80 * ms}
	for i, w := range want {
		if got := r.When(0, "a"); got != w {
			t.Errorf("failure %d: wait %v, want %v", i+1, got, w)
		}
	}
	if got := r.When(0, "b"); got != 5*ms {
		t.Errorf("another key starts at %v, want 5ms", got)
	}
	if r.NumRequeues("a") != 5 {
		t.Errorf("NumRequeues = %d, want 5", r.NumRequeues("a"))
	}
	for range 30 {
		r.When(0, "a")
	}
	if got := r.When(0, "a"); got != 1000*time.Second {
		t.Errorf("after 36 failures: %v, want the 1000s cap", got)
	}
	for range 2000 { // 2^1000 overflows float64 to +Inf: still the cap
		r.When(0, "a")
	}
	if got := r.When(0, "a"); got != 1000*time.Second {
		t.Errorf("after 2000 failures: %v, want the 1000s cap", got)
	}
	r.Forget("a")
	if got := r.When(0, "a"); got != 5*ms {
		t.Errorf("after Forget: %v, want 5ms again", got)
	}
}

func TestBucketRateLimiter(t *testing.T) {
	b := NewBucketRateLimiter(10, 100)
	for i := range 100 {
		if d := b.When(0, "k"); d != 0 {
			t.Fatalf("token %d of the burst waited %v", i+1, d)
		}
	}
	// The bucket is empty: each further reservation queues 100 ms later.
	for i, want := range []time.Duration{100 * ms, 200 * ms, 300 * ms} {
		if d := b.When(0, "k"); d != want {
			t.Errorf("reservation %d past the burst: %v, want %v", i+1, d, want)
		}
	}
	// One second later ten tokens came back, and the debt of three is paid
	// off first: the next waits (3 - 10 + 1 = -6 tokens -> none) nothing.
	if d := b.When(time.Second, "k"); d != 0 {
		t.Errorf("after a second's refill: %v, want 0", d)
	}
	// The bucket never holds more than its burst.
	b2 := NewBucketRateLimiter(10, 100)
	for range 100 {
		b2.When(time.Hour, "k")
	}
	if d := b2.When(time.Hour, "k"); d != 100*ms {
		t.Errorf("an hour idle still gives a burst of 100: 101st waited %v", d)
	}
}

func TestDefaultControllerRateLimiter(t *testing.T) {
	r := DefaultControllerRateLimiter()
	// Per key: the exponential back-off wins while the bucket has tokens.
	for i, want := range []time.Duration{5 * ms, 10 * ms, 20 * ms} {
		if got := r.When(0, "a"); got != want {
			t.Errorf("failure %d of a: %v, want %v", i+1, got, want)
		}
	}
	// 97 more distinct keys empty the bucket (3 + 97 = 100)...
	for i := range 97 {
		r.When(0, fmt.Sprint("key-", i))
	}
	// ... so a fresh key's 5 ms loses to the bucket's 100 ms.
	if got := r.When(0, "fresh"); got != 100*ms {
		t.Errorf("fresh key on an empty bucket: %v, want 100ms", got)
	}
	if r.NumRequeues("a") != 3 {
		t.Errorf("NumRequeues(a) = %d, want 3 (the max of 3 and the bucket's 0)", r.NumRequeues("a"))
	}
	r.Forget("a")
	if r.NumRequeues("a") != 0 {
		t.Error("Forget did not reach the per-key limiter")
	}
}

func TestQueueMetrics(t *testing.T) {
	m := newFakeMetrics()
	q := New("q", nil, m, 0)
	q.Add(0, "a")
	q.Add(0, "b")
	q.Add(10*ms, "a") // dirty: not counted
	if m.get(DepthMetric) != 2 || m.get(AddsMetric) != 2 {
		t.Fatalf("depth %v adds %v, want 2 and 2", m.get(DepthMetric), m.get(AddsMetric))
	}
	q.Get(30 * ms) // a: queued 30 ms
	q.Add(40*ms, "a")
	// An Add while processing marks the key: counted in adds and depth,
	// though Len is still 1 (client-go does the same).
	if m.get(DepthMetric) != 2 || m.get(AddsMetric) != 3 || q.Len() != 1 {
		t.Errorf("after an Add while processing: depth %v adds %v len %d, want 2 3 1",
			m.get(DepthMetric), m.get(AddsMetric), q.Len())
	}
	// Unfinished work is published every 500 ms while a is processed.
	q.Step(500 * ms)
	if got := m.get(UnfinishedWorkMetric); got != 0.47 {
		t.Errorf("unfinished work at 500ms = %v, want 0.47 (a taken at 30ms)", got)
	}
	if got := m.get(LongestRunningProcessorMetric); got != 0.47 {
		t.Errorf("longest running at 500ms = %v, want 0.47", got)
	}
	q.Done(700*ms, "a")
	if got := m.observed(WorkDurationMetric); !slices.Equal(got, []float64{0.67}) {
		t.Errorf("work durations %v, want [0.67]", got)
	}
	if at, ok := q.NextWake(); !ok || at != time.Second {
		t.Errorf("NextWake %v %v: the 1s tick must publish zero", at, ok)
	}
	q.Step(time.Second)
	if m.get(UnfinishedWorkMetric) != 0 || m.get(LongestRunningProcessorMetric) != 0 {
		t.Error("the gauges did not fall to zero after Done")
	}
	if _, ok := q.NextWake(); ok {
		t.Error("an idle queue keeps waking")
	}
	q.Get(time.Second) // b: queued 1 s; a again: queued from 40 ms
	q.Get(time.Second)
	if got := m.observed(QueueLatencyMetric); !slices.Equal(got, []float64{0.03, 1, 0.96}) {
		t.Errorf("queue durations %v, want [0.03 1 0.96]", got)
	}
	if m.get(DepthMetric) != 0 {
		t.Errorf("depth %v after draining, want 0", m.get(DepthMetric))
	}
	q.AddRateLimited(time.Second, "x")
	q.AddAfter(time.Second, "y", 0)
	if m.get(RetriesMetric) != 2 {
		t.Errorf("retries %v, want 2 (AddRateLimited and AddAfter each count)", m.get(RetriesMetric))
	}
}
